import type { ObjectiveStatus } from '@mindledger/domain';
import type { CarePlanVersionMeta } from './api';

export const statusColors: Record<ObjectiveStatus, string> = {
  'not-started': 'gray',
  'in-progress': 'blue',
  completed: 'green',
  discontinued: 'orange',
};

/** How a version came to be, as the history lists it. */
export function versionModeLabel(meta: Pick<CarePlanVersionMeta, 'editMode'>): string {
  if (meta.editMode === 'manual') return 'Edited';
  if (meta.editMode === 'refine') return 'Refined';
  return 'Generated';
}

/** 'F41.1 — Generalized anxiety disorder', or what there is of it. */
export function diagnosisText(diagnosis: { code: string; description?: string }): string {
  return [diagnosis.code, diagnosis.description].filter(Boolean).join(' — ');
}

import { dayRangeLabel } from '@mindledger/domain';
import type { NotesSummaryRecord, SummaryVersionMeta } from './api';

/** 'Nov 1, 2026 – Nov 30, 2026': the days a summary covers. */
export function summaryRangeText(summary: Pick<NotesSummaryRecord, 'startDate' | 'endDate'>): string {
  return dayRangeLabel(summary.startDate, summary.endDate);
}

/** How a version came to be, as the history lists it. */
export function versionModeLabel(meta: Pick<SummaryVersionMeta, 'editMode' | 'refinementDetails'>): string {
  if (meta.editMode === 'manual') return 'Edited by hand';
  if (meta.editMode === 'refine')
    return meta.refinementDetails ? `Refined: “${meta.refinementDetails}”` : 'Refined';
  return 'Generated';
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** 'Based on 3 notes, 12 journal entries and 1 shared document.' */
export function basedOnText(basedOn: {
  notes: number;
  journalEntries: number;
  sharedDocuments: number;
}): string {
  return `Based on ${plural(basedOn.notes, 'note', 'notes')}, ${plural(
    basedOn.journalEntries,
    'journal entry',
    'journal entries',
  )} and ${plural(basedOn.sharedDocuments, 'shared document', 'shared documents')}.`;
}

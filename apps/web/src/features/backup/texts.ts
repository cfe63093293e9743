import type { BackupExport, BackupImport } from './api';

export const exportStatus: Record<BackupExport['status'], { label: string; colour: string }> = {
  queued: { label: 'Preparing', colour: 'blue' },
  processing: { label: 'Preparing', colour: 'blue' },
  completed: { label: 'Ready', colour: 'green' },
  failed: { label: 'Failed', colour: 'red' },
  expired: { label: 'Expired', colour: 'gray' },
};

export const importStatus: Record<BackupImport['status'], { label: string; colour: string }> = {
  uploaded: { label: 'Not imported', colour: 'gray' },
  importing: { label: 'Importing', colour: 'blue' },
  completed: { label: 'Imported', colour: 'green' },
  failed: { label: 'Failed', colour: 'red' },
  cancelled: { label: 'Cancelled', colour: 'gray' },
};

/** '2.4 MB', '830 KB'. */
export function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** '1 entry', '3 entries'. */
export const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

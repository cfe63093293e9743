import type { ExportRow } from './repo.js';

/** An export as the API answers it: never the files' keys, only what a download needs. */
export function presentExport(row: ExportRow, now: Date) {
  const expired =
    row.status === 'expired' || (row.status === 'completed' && !!row.expiresAt && row.expiresAt <= now);
  return {
    _id: row.id,
    id: row.id,
    patientId: row.patientId,
    startDate: row.startDate,
    endDate: row.endDate,
    include: row.include,
    format: row.format,
    status: expired ? ('expired' as const) : row.status,
    progress: row.progress,
    files: expired ? [] : row.files.map((f) => ({ format: f.format, fileName: f.fileName, size: f.size })),
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
  };
}
export type ClinicalExportView = ReturnType<typeof presentExport>;

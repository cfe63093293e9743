import type { ExportRow, ImportRow } from './repo.js';

/** A backup as the API answers it (never its file key). */
export function presentExport(row: ExportRow, now: Date) {
  const expired =
    row.status === 'expired' || (row.status === 'completed' && !!row.expiresAt && row.expiresAt <= now);
  return {
    _id: row.id,
    id: row.id,
    exportId: row.id,
    status: expired ? ('expired' as const) : row.status,
    progress: row.progress,
    fileName: expired ? null : row.fileName,
    size: expired ? null : row.size,
    counts: row.counts,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
  };
}

/** An import as the API answers it. */
export function presentImport(row: ImportRow) {
  return {
    _id: row.id,
    id: row.id,
    importId: row.id,
    source: row.source,
    status: row.status,
    progress: row.progress,
    fileName: row.fileName,
    size: row.size,
    summary: row.summary,
    result: row.result,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

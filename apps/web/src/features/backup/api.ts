import type { ConflictResolution, ImportProblem, ImportSource } from '@mindledger/domain';
import { api } from '../../api/client';

/** Backup and import (docs/API-backup.md): the client's own data. */

const v1 = (path: string) => `/api/proxy/v1/${path}`;

export interface BackupExport {
  id: string;
  status: 'queued' | 'processing' | 'completed' | 'failed' | 'expired';
  progress: number;
  fileName: string | null;
  size: number | null;
  counts: Partial<Record<'entries' | 'goals' | 'photos' | 'documents' | 'messages', number>>;
  error: string | null;
  createdAt: string;
  completedAt: string | null;
  expiresAt: string | null;
}

export interface ImportResult {
  added: { entries: number; goals: number; documents: number; messages: number; photos: number };
  replaced: number;
  skipped: number;
  keptBoth: number;
  settings: boolean;
  profile: boolean;
  notImported: ImportProblem[];
}

export interface BackupImport {
  id: string;
  importId: string;
  source: ImportSource | null;
  status: 'uploaded' | 'importing' | 'completed' | 'failed' | 'cancelled';
  progress: number;
  fileName: string;
  size: number;
  result: ImportResult | null;
  error: string | null;
  createdAt: string;
  completedAt: string | null;
}

export interface ImportCounts {
  entries: number;
  goals: number;
  photos: number;
  documents: number;
  messages: number;
}

export interface ImportCheck {
  importId: string;
  source: ImportSource;
  sourceLabel: string;
  valid: boolean;
  counts: ImportCounts;
  problems: ImportProblem[];
  problemCount: number;
  unknownMoods: string[];
}

export interface ImportConflict {
  id: string;
  kind: 'entry' | 'goal' | 'profile' | 'settings' | 'initialJourney' | 'document';
  where: string;
  label: string;
  reason: string;
  options: ConflictResolution[];
}

export interface ImportPreview extends ImportCheck {
  add: { entries: number; goals: number; documents: number; messages: number };
  conflicts: ImportConflict[];
  notImported: ImportProblem[];
}

export interface ImportOptions {
  timezone?: string;
  moodMap?: Record<string, string>;
  onConflict?: ConflictResolution;
}

export interface TemplateInfo {
  type: 'entries' | 'goals';
  formats: ('csv' | 'json')[];
  columns: { name: string; required: boolean; description: string }[];
}

export const backupKeys = {
  all: ['backup'] as const,
  history: () => ['backup', 'history'] as const,
  options: () => ['backup', 'options'] as const,
  templates: () => ['backup', 'templates'] as const,
};

export const backupApi = {
  history: async (signal?: AbortSignal) =>
    (
      await api.get<{ data: { imports: BackupImport[]; exports: BackupExport[] } }>(v1('import/history'), {
        signal,
      })
    ).data,
  startExport: async () =>
    (
      await api.post<{ data: BackupExport; message: string }>(v1('export/initiate'), undefined, {
        idempotent: true,
      })
    ).data,
  exportProgress: async (id: string) =>
    (await api.get<{ data: BackupExport }>(v1(`export/progress/${encodeURIComponent(id)}`))).data,
  download: (id: string) =>
    api.get<Blob>(v1(`export/download/${encodeURIComponent(id)}`), { responseType: 'blob' }),
  upload: async (file: File) => {
    const body = new FormData();
    body.append('file', file, file.name);
    return (await api.post<{ data: BackupImport }>(v1('import/initiate'), body)).data;
  },
  validate: async (importId: string, importOptions: ImportOptions) =>
    (await api.post<{ data: ImportCheck }>(v1('import/validate'), { importId, importOptions })).data,
  preview: async (importId: string, importOptions: ImportOptions) =>
    (await api.post<{ data: ImportPreview }>(v1('import/preview'), { importId, importOptions })).data,
  confirm: async (
    importId: string,
    importOptions: ImportOptions,
    conflictResolutions: Record<string, ConflictResolution>,
  ) =>
    (
      await api.post<{ data: BackupImport }>(v1('import/confirm'), {
        importId,
        importOptions,
        conflictResolutions,
      })
    ).data,
  progress: async (importId: string) =>
    (await api.get<{ data: BackupImport }>(v1(`import/progress/${encodeURIComponent(importId)}`))).data,
  cancel: async (importId: string) =>
    (
      await api.post<{ data: BackupImport; message: string }>(
        v1(`import/cancel/${encodeURIComponent(importId)}`),
      )
    ).data,
  templates: async (signal?: AbortSignal) =>
    (await api.get<{ data: TemplateInfo[] }>(v1('import/template-info'), { signal })).data,
  template: (type: 'entries' | 'goals', format: 'csv' | 'json') =>
    api.get<Blob>(v1(`import/template/${type}`), {
      query: { format, includeExamples: 'true' },
      responseType: 'blob',
    }),
};

import type { Client } from './harness.js';

/** Test helpers for the backup calls (features/backup). */

export interface ImportAnswer {
  importId: string;
  status: string;
  progress: number;
  source: string | null;
  result: {
    added: { entries: number; goals: number; documents: number; messages: number; photos: number };
    replaced: number;
    skipped: number;
    keptBoth: number;
    settings: boolean;
    profile: boolean;
    notImported: { where: string; message: string }[];
  } | null;
  error: string | null;
}

export interface PreviewAnswer {
  importId: string;
  source: string;
  valid: boolean;
  counts: { entries: number; goals: number; photos: number; documents: number; messages: number };
  problems: { where: string; message: string }[];
  problemCount: number;
  add: { entries: number; goals: number; documents: number; messages: number };
  conflicts: { id: string; kind: string; where: string; label: string; reason: string; options: string[] }[];
  notImported: { where: string; message: string }[];
}

/** Uploads a file through import/initiate (multipart). */
export async function uploadImport(client: Client, data: Buffer | string, name = 'import.csv') {
  const body = new FormData();
  body.append('file', new Blob([typeof data === 'string' ? Buffer.from(data) : data]), name);
  return client.request<{ data: ImportAnswer; message?: string }>('POST', '/api/v1/import/initiate', {
    raw: body,
  });
}

export async function previewImport(
  client: Client,
  importId: string,
  importOptions: Record<string, unknown> = {},
) {
  return client.post<{ data: PreviewAnswer; message?: string }>('/api/v1/import/preview', {
    importId,
    importOptions,
  });
}

/** Confirms and waits for the import to finish; answers its last state. */
export async function confirmImport(
  client: Client,
  importId: string,
  options: { importOptions?: Record<string, unknown>; conflictResolutions?: Record<string, string> } = {},
): Promise<ImportAnswer> {
  const res = await client.post<{ data: ImportAnswer; message?: string }>('/api/v1/import/confirm', {
    importId,
    ...options,
  });
  if (res.status !== 202) throw new Error(`confirm answered ${res.status}: ${JSON.stringify(res.body)}`);
  return settledImport(client, importId);
}

export async function settledImport(client: Client, importId: string): Promise<ImportAnswer> {
  for (let i = 0; i < 600; i++) {
    const res = await client.get<{ data: ImportAnswer }>(`/api/v1/import/progress/${importId}`);
    if (res.body.data.status !== 'importing') return res.body.data;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('import did not finish');
}

/** Uploads, previews and confirms in one go (the file must be valid). */
export async function importFile(
  client: Client,
  data: Buffer | string,
  name: string,
  options: { importOptions?: Record<string, unknown>; conflictResolutions?: Record<string, string> } = {},
) {
  const up = await uploadImport(client, data, name);
  if (up.status !== 201) throw new Error(`upload answered ${up.status}: ${JSON.stringify(up.body)}`);
  return confirmImport(client, up.body.data.importId, options);
}

/** The Daylio CSV export of a few days, in its published format (written by us). */
export const daylioCsv = [
  'full_date,date,weekday,time,mood,activities,note_title,note',
  '2024-03-05,March 5,Tuesday,9:14 pm,rad,friends | reading,Dinner,"Lovely evening<br>with Sam"',
  '2024-03-06,March 6,Wednesday,08:05,meh,,,',
  '2024-03-07,March 7,Thursday,10:00,awful,work,,"Deadline, again."',
  '2024-03-08,March 8,Friday,18:30,bad,,Tired,',
  '2024-03-09,March 9,Saturday,11:00,good,walking | family,,Park.',
].join('\n');

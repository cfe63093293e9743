import {
  clinicalExportMessages as msg,
  type ClinicalExportFormat,
  type ClinicalExportInput,
  type ClinicalExportPart,
  type ClinicalExportStatus,
  type ClinicalFileFormat,
} from '@mindledger/domain';
import { api, ApiError } from '../../api/client';

/** Clinical export (docs/API-clinical-export.md): a provider's exports, and a client's own copy. */

const v1 = (path: string) => `/api/proxy/v1/${path}`;

export interface ClinicalExport {
  id: string;
  patientId: string;
  startDate: string;
  endDate: string;
  include: Record<ClinicalExportPart, boolean>;
  format: ClinicalExportFormat;
  status: ClinicalExportStatus;
  progress: number;
  files: { format: ClinicalFileFormat; fileName: string; size: number }[];
  error: string | null;
  createdAt: string;
  completedAt: string | null;
  expiresAt: string | null;
}

export const clinicalExportKeys = {
  all: ['clinical-export'] as const,
  list: (patientId: string) => ['clinical-export', 'list', patientId] as const,
};

export const clinicalExportApi = {
  initiate: (input: ClinicalExportInput) =>
    api.post<{ message: string; data: ClinicalExport }>(v1('provider/clinical-export/initiate'), input, {
      idempotent: true,
    }),
  list: async (patientId: string, signal?: AbortSignal) =>
    (
      await api.get<{ exports: ClinicalExport[] }>(
        v1(`provider/clinical-export/list/${encodeURIComponent(patientId)}`),
        { signal },
      )
    ).exports,
  download: (id: string, format: ClinicalFileFormat) =>
    api.get<Blob>(v1(`provider/clinical-export/download/${encodeURIComponent(id)}`), {
      query: { format },
      responseType: 'blob',
    }),
  ownRecord: (format: ClinicalFileFormat) =>
    api.get<Blob>(v1('my-record'), { query: { format }, responseType: 'blob' }),
};

const statusOf = (error: unknown) => (error instanceof ApiError ? error.status : 0);

/** Part 2 §8 "Clinical export", initiate: the text for a failed start, by status. */
export function initiateErrorText(error: unknown): string {
  const status = statusOf(error);
  if (status === 404) return msg.serviceUnavailable;
  if (status === 403) return msg.noPermission;
  if (status >= 500) return msg.initiateServerError;
  return error instanceof Error && error.message ? error.message : msg.initiateServerError;
}

/** Part 2 §8 "Clinical export", download: the text for a failed download, by status. */
export function downloadErrorText(error: unknown): string {
  const status = statusOf(error);
  if (status === 404) return msg.notFound;
  if (status === 403) return msg.noDownloadPermission;
  if (status >= 500) return msg.downloadServerError;
  return error instanceof Error && error.message ? error.message : msg.downloadServerError;
}

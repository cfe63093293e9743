import type { WeeklyReport } from '@mindledger/domain';
import { api } from '../../api/client';

/** Client side of weekly insights (docs/API-weekly-insights.md). */

export type JobStatus = 'generating' | 'completed' | 'failed' | 'cancelled';

/** A generation job (Part 2 §3 "Generation job (weekly insights)"). */
export interface GenerationJob {
  id: string;
  jobId: string;
  status: JobStatus;
  weekRange: string;
  startDate: string;
  endDate: string;
  startTime: string;
  completedTime: string | null;
  failedTime: string | null;
  result: { reportId: string } | null;
  error: string | null;
}

export interface StartedJob {
  jobId: string;
  status: JobStatus;
  weekRange: string;
  startDate: string;
  endDate: string;
  startTime: string;
}

export interface ReportItem {
  id: string;
  startDate: string;
  endDate: string;
  title: string;
  summary: string;
  generatedAt: string;
  source: 'manual' | 'automation';
}

export interface ProviderRef {
  id: string;
  doctorName: string;
  doctorEmail: { email: string };
}

export interface ReportShare {
  shareId: string;
  reportId: string;
  sharedAt: string;
  provider: ProviderRef;
}

export interface ReportDetail extends ReportItem {
  patientId: string;
  report: WeeklyReport | null;
  shares?: ReportShare[];
}

export interface HistoryPage {
  reports: ReportItem[];
  total: number;
  page: number;
  limit: number;
  hasNext: boolean;
}

export interface ShareAnswer {
  success: boolean;
  warning?: boolean;
  message: string;
  data?: ReportShare;
}

/** Reports per history page (Part 1 §7: get-historical-weekly-reports limit 10). */
export const historyPageSize = 10;

export const weeklyKeys = {
  all: ['weekly-insights'] as const,
  jobs: ['weekly-insights', 'jobs'] as const,
  history: (page: number) => ['weekly-insights', 'history', page] as const,
  report: (id: string) => ['weekly-insights', 'report', id] as const,
};

export const weeklyApi = {
  generate: (startDate: string, endDate: string) =>
    api.post<{ success: boolean; message: string; data: StartedJob }>(
      'generate-weekly-report',
      { startDate, endDate },
      { idempotent: true },
    ),
  jobs: (since: string | undefined, signal?: AbortSignal) =>
    api
      .get<{ data: { jobs: GenerationJob[]; refresh: boolean } }>('weekly-report-jobs', {
        signal,
        query: { since },
      })
      .then((r) => r.data),
  job: (id: string) =>
    api.get<{ data: GenerationJob }>(`weekly-report-jobs/${encodeURIComponent(id)}`).then((r) => r.data),
  cancel: (id: string) =>
    api.post<{ message: string; data: GenerationJob }>(`weekly-report-jobs/${encodeURIComponent(id)}/cancel`),
  history: (page: number, signal?: AbortSignal) =>
    api
      .get<{ data: HistoryPage }>('get-historical-weekly-reports', {
        signal,
        query: { page, limit: historyPageSize },
      })
      .then((r) => r.data),
  report: (id: string, signal?: AbortSignal) =>
    api
      .get<{ data: ReportDetail }>(`fetch-weekly-report/${encodeURIComponent(id)}`, { signal })
      .then((r) => r.data),
  share: (reportId: string, doctorEmail: string | undefined) =>
    api.post<ShareAnswer>('share-weekly-report', { reportId, doctorEmail }, { idempotent: true }),
  withdraw: (shareId: string) =>
    api.delete<{ message: string }>(`share-weekly-report/${encodeURIComponent(shareId)}`),
  /** The report as a PDF (the documents' PDF call; the owner only). */
  pdf: (reportId: string) =>
    api.get<Blob>(`ai-documents/${encodeURIComponent(reportId)}/pdf`, { responseType: 'blob' }),
};

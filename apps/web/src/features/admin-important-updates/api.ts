import { api, ApiError } from '../../api/client';

export const audiences = ['all', 'patients', 'providers'] as const;
export type Audience = (typeof audiences)[number];

export const audienceLabels: Record<Audience, string> = {
  all: 'All users',
  patients: 'Clients',
  providers: 'Providers',
};

export type UpdateStatus = 'scheduled' | 'publishing' | 'published' | 'withdrawn';

export const statusLabels: Record<UpdateStatus, { label: string; color: string }> = {
  scheduled: { label: 'Scheduled', color: 'blue' },
  publishing: { label: 'Publishing', color: 'yellow' },
  published: { label: 'Published', color: 'green' },
  withdrawn: { label: 'Withdrawn', color: 'gray' },
};

/** An important update as the server answers it (docs/API-notifications.md). */
export interface ImportantUpdate {
  id: string;
  title: string;
  message: string;
  link: string | null;
  audience: Audience;
  status: UpdateStatus;
  publishAt: string;
  publishedAt: string | null;
  withdrawnAt: string | null;
  deliveredCount: number;
  readCount: number;
  createdAt: string;
}

export interface UpdatesPage {
  success: boolean;
  updates: ImportantUpdate[];
  total: number;
  page: number;
  pages: number;
  hasNext: boolean;
}

export interface NewImportantUpdate {
  title: string;
  message: string;
  link?: string;
  audience: Audience;
  /** ISO; absent publishes now. */
  publishAt?: string;
}

export interface UpdateAnswer {
  success: boolean;
  message?: string;
  update: ImportantUpdate;
}

export interface UpdatesListParams {
  page: number;
  limit: number;
}

export const updateKeys = {
  all: ['admin', 'important-updates'] as const,
  list: (params: UpdatesListParams) => ['admin', 'important-updates', 'list', params] as const,
};

export const updatesApi = {
  list: (params: UpdatesListParams, signal?: AbortSignal) =>
    api.get<UpdatesPage>('admin/important-updates', { signal, query: { ...params } }),
  create: (body: NewImportantUpdate) =>
    api.post<UpdateAnswer>('admin/important-updates', body, { idempotent: true }),
  withdraw: (id: string) =>
    api.post<UpdateAnswer>(`admin/important-updates/${encodeURIComponent(id)}/withdraw`),
};

export const updateFailedMessage = 'Something went wrong. Please try again.';

/** A failed publish or withdraw: the server's message when it sent one. */
export function updateFailureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status > 0) {
    const message = error.body.message;
    if (typeof message === 'string' && message.trim()) return message;
  }
  if (error instanceof ApiError && error.status === 0) return error.message;
  return updateFailedMessage;
}

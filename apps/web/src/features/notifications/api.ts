import {
  notificationBulkMax,
  notificationMessages,
  notificationPageSize,
  type NotificationListResponse,
  type NotificationResponse,
  type NotificationType,
} from '@mindledger/domain';
import { api, ApiError } from '../../api/client';

export type NotificationStatus = 'all' | 'unread' | 'read';

export interface NotificationListParams {
  page: number;
  limit: number;
  status: NotificationStatus;
  type?: NotificationType;
}

export interface BulkResult {
  updated: number;
  deleted: number;
  failed: string[];
  message?: string;
}

/** Query keys: every notification query lives under ['notifications'] (one invalidation refreshes all). */
export const notificationKeys = {
  all: ['notifications'] as const,
  lists: ['notifications', 'list'] as const,
  list: (params: NotificationListParams) => ['notifications', 'list', params] as const,
  /** The bell's list (pages loaded one after the other with Load More). */
  feed: ['notifications', 'feed'] as const,
  unreadCount: ['notifications', 'unread-count'] as const,
};

/**
 * The server's message when it sent one, else the spec's default for that call (Part 2 §8). A
 * network failure has no server message: the default is shown.
 */
async function withDefault<T>(call: Promise<T>, fallback: string): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const message = error.body.message;
    if (error.status > 0 && typeof message === 'string' && message.trim()) throw error;
    throw new ApiError(error.status, { ...error.body, message: fallback });
  }
}

const one = (id: string) => `notifications/${encodeURIComponent(id)}`;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** A bulk call for any number of ids: batches of 100 (the server's limit), results merged. */
async function bulk(path: string, ids: readonly string[], fallback: string): Promise<BulkResult> {
  const result: BulkResult = { updated: 0, deleted: 0, failed: [] };
  for (const batch of chunks(ids, notificationBulkMax)) {
    const answer = await withDefault(
      api.post<{ updated?: number; deleted?: number; failed?: string[]; message?: string }>(path, {
        ids: batch,
      }),
      fallback,
    );
    result.updated += answer.updated ?? 0;
    result.deleted += answer.deleted ?? 0;
    result.failed.push(...(answer.failed ?? []));
    if (answer.message) result.message = answer.message;
  }
  return result;
}

/** The In-app calls of docs/API-notifications.md. */
export const notificationsApi = {
  list: (params: NotificationListParams, signal?: AbortSignal) =>
    withDefault(
      api.get<NotificationListResponse>('notifications', {
        signal,
        query: {
          page: params.page,
          limit: params.limit || notificationPageSize,
          status: params.status,
          type: params.type,
        },
      }),
      notificationMessages.fetchFailed,
    ),
  unreadCount: async (signal?: AbortSignal) => {
    const answer = await withDefault(
      api.get<{ data?: { unreadCount?: number } }>('notifications/unread-count', { signal }),
      notificationMessages.fetchFailed,
    );
    return answer.data?.unreadCount ?? 0;
  },
  markRead: (id: string) =>
    withDefault(
      api.patch<{ notification: NotificationResponse }>(`${one(id)}/read`),
      notificationMessages.markReadFailed,
    ),
  markAllRead: () =>
    withDefault(
      api.patch<{ updated: number }>('notifications/read-all'),
      notificationMessages.markAllReadFailed,
    ),
  remove: (id: string) =>
    withDefault(api.delete<{ message?: string }>(one(id)), notificationMessages.deleteFailed),
  removeAll: () =>
    withDefault(
      api.delete<{ deleted: number; message?: string }>('notifications'),
      notificationMessages.deleteAllFailed,
    ),
  bulkRead: (ids: readonly string[]) =>
    bulk('notifications/bulk-read', ids, notificationMessages.markReadFailed),
  bulkDelete: (ids: readonly string[]) =>
    bulk('notifications/bulk-delete', ids, notificationMessages.deleteFailed),
};

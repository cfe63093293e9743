import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationMessages } from '@mindledger/domain';
import { errorMessage } from '../../api/client';
import { toast } from '../../ui/toast';
import { notificationKeys, notificationsApi, type BulkResult } from './api';
import { cachedIds, markReadInCache, refreshNotifications, removeFromCache } from './cache';

/** Part of a bulk action failed: the toast (ours; the spec has none). */
export function bulkFailedMessage(count: number, action: 'updated' | 'deleted'): string {
  return count === 1
    ? `1 notification could not be ${action}.`
    : `${count} notifications could not be ${action}.`;
}

/**
 * The writes of the bell and the page. Each shows the result at once in every cached list and then
 * loads the lists again; a failure shows the server's message or the spec's default in a toast.
 */
export function useNotificationActions() {
  const queryClient = useQueryClient();
  const refresh = () => refreshNotifications(queryClient);
  const failed = (fallback: string) => (error: unknown) => toast.error(errorMessage(error, fallback));

  const markRead = useMutation({
    mutationFn: (id: string) => notificationsApi.markRead(id),
    onMutate: (id) => markReadInCache(queryClient, [id]),
    onError: failed(notificationMessages.markReadFailed),
    onSettled: refresh,
  });
  const markAllRead = useMutation({
    mutationFn: () => notificationsApi.markAllRead(),
    onMutate: () => {
      markReadInCache(queryClient, cachedIds(queryClient));
      queryClient.setQueryData<number>(notificationKeys.unreadCount, 0);
    },
    onError: failed(notificationMessages.markAllReadFailed),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: string) => notificationsApi.remove(id),
    onSuccess: (_answer, id) => {
      removeFromCache(queryClient, [id]);
      toast.success(notificationMessages.deleted);
    },
    onError: failed(notificationMessages.deleteFailed),
    onSettled: refresh,
  });
  const removeAll = useMutation({
    mutationFn: () => notificationsApi.removeAll(),
    onSuccess: () => {
      removeFromCache(queryClient, cachedIds(queryClient));
      toast.success(notificationMessages.allDeleted);
    },
    onError: failed(notificationMessages.deleteAllFailed),
    onSettled: refresh,
  });
  const bulkRead = useMutation({
    mutationFn: (ids: readonly string[]) => notificationsApi.bulkRead(ids),
    onSuccess: (result: BulkResult, ids) => {
      const failedIds = new Set(result.failed);
      markReadInCache(
        queryClient,
        ids.filter((id) => !failedIds.has(id)),
      );
      if (result.failed.length > 0) toast.warning(bulkFailedMessage(result.failed.length, 'updated'));
    },
    onError: failed(notificationMessages.markReadFailed),
    onSettled: refresh,
  });
  const bulkDelete = useMutation({
    mutationFn: (ids: readonly string[]) => notificationsApi.bulkDelete(ids),
    onSuccess: (result: BulkResult, ids) => {
      const failedIds = new Set(result.failed);
      removeFromCache(
        queryClient,
        ids.filter((id) => !failedIds.has(id)),
      );
      if (result.deleted > 0) toast.success(notificationMessages.someDeleted(result.deleted));
      if (result.failed.length > 0) toast.warning(bulkFailedMessage(result.failed.length, 'deleted'));
    },
    onError: failed(notificationMessages.deleteFailed),
    onSettled: refresh,
  });

  return { markRead, markAllRead, remove, removeAll, bulkRead, bulkDelete };
}

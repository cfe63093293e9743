import { useQuery } from '@tanstack/react-query';
import { notificationKeys, notificationsApi } from './api';

/** The unread count (the badge, the page's header); the live stream keeps it current. */
export function useUnreadCount(enabled = true): number | undefined {
  const { data } = useQuery({
    queryKey: notificationKeys.unreadCount,
    queryFn: ({ signal }) => notificationsApi.unreadCount(signal),
    enabled,
  });
  return data;
}

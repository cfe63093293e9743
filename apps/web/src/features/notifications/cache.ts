import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { NotificationListResponse, NotificationResponse } from '@mindledger/domain';
import { notificationKeys, type NotificationListParams } from './api';

type Feed = InfiniteData<NotificationListResponse, number>;

function matchesStatus(params: NotificationListParams, notification: NotificationResponse): boolean {
  if (params.status === 'unread') return !notification.read;
  if (params.status === 'read') return notification.read;
  return true;
}

function listEntries(queryClient: QueryClient) {
  return queryClient.getQueriesData<NotificationListResponse>({ queryKey: notificationKeys.lists });
}

/** Ids the stream already brought, per cache (a replay after a reconnection counts nothing twice). */
const applied = new WeakMap<QueryClient, Set<string>>();
const appliedMax = 500;

function alreadyApplied(queryClient: QueryClient, id: string): boolean {
  let ids = applied.get(queryClient);
  if (!ids) applied.set(queryClient, (ids = new Set()));
  if (ids.has(id)) return true;
  ids.add(id);
  if (ids.size > appliedMax) ids.delete(ids.values().next().value!);
  return false;
}

/**
 * A new notification from the live stream: counted in every cached list and put on top of the first
 * pages it belongs to (the bell's list and the page's page 1), so that nothing needs a reload. Other
 * pages are marked stale and load again when shown.
 */
export function prependNotification(queryClient: QueryClient, notification: NotificationResponse): void {
  if (alreadyApplied(queryClient, notification.id)) return;
  let stale = false;
  for (const [key, data] of listEntries(queryClient)) {
    const params = key[2] as NotificationListParams | undefined;
    if (!data || !params) continue;
    if (data.notifications.some((item) => item.id === notification.id)) continue;
    if (params.type && params.type !== notification.type) continue;
    const counts = {
      all: data.counts.all + 1,
      unread: data.counts.unread + (notification.read ? 0 : 1),
      read: data.counts.read + (notification.read ? 1 : 0),
    };
    if (params.page !== 1 || !matchesStatus(params, notification)) {
      stale ||= params.page !== 1 && matchesStatus(params, notification);
      queryClient.setQueryData<NotificationListResponse>(key, { ...data, counts });
      continue;
    }
    const total = data.total + 1;
    const pages = Math.max(1, Math.ceil(total / data.limit));
    queryClient.setQueryData<NotificationListResponse>(key, {
      ...data,
      counts,
      total,
      pages,
      hasNext: pages > data.page,
      notifications: [notification, ...data.notifications].slice(0, data.limit),
    });
  }
  if (stale) void queryClient.invalidateQueries({ queryKey: notificationKeys.lists, refetchType: 'none' });

  queryClient.setQueryData<Feed>(notificationKeys.feed, (feed) => {
    if (!feed?.pages.length) return feed;
    if (feed.pages.some((page) => page.notifications.some((item) => item.id === notification.id)))
      return feed;
    const [first, ...rest] = feed.pages;
    const counts = {
      all: first!.counts.all + 1,
      unread: first!.counts.unread + (notification.read ? 0 : 1),
      read: first!.counts.read + (notification.read ? 1 : 0),
    };
    const notifications = [notification, ...first!.notifications];
    return { ...feed, pages: [{ ...first!, counts, notifications }, ...rest] };
  });
}

/**
 * The unread count from the stream (or a call). When the cached lists count otherwise, something
 * changed elsewhere (another tab read or deleted): the lists on screen load again.
 */
export function setUnreadCount(queryClient: QueryClient, unreadCount: number): void {
  queryClient.setQueryData<number>(notificationKeys.unreadCount, unreadCount);
  const differs = listEntries(queryClient).some(([key, data]) => {
    const params = key[2] as NotificationListParams | undefined;
    return data && params && !params.type && data.counts.unread !== unreadCount;
  });
  const feed = queryClient.getQueryData<Feed>(notificationKeys.feed);
  const feedDiffers = feed?.pages[0] !== undefined && feed.pages[0].counts.unread !== unreadCount;
  if (differs) void queryClient.invalidateQueries({ queryKey: notificationKeys.lists });
  if (feedDiffers) void queryClient.invalidateQueries({ queryKey: notificationKeys.feed });
}

function patchLists(
  queryClient: QueryClient,
  ids: ReadonlySet<string>,
  change: (data: NotificationListResponse) => NotificationListResponse,
): void {
  for (const [key, data] of listEntries(queryClient)) {
    if (data?.notifications.some((item) => ids.has(item.id)))
      queryClient.setQueryData<NotificationListResponse>(key, change(data));
  }
  queryClient.setQueryData<Feed>(notificationKeys.feed, (feed) =>
    feed ? { ...feed, pages: feed.pages.map((page) => change(page)) } : feed,
  );
}

/** Marks notifications read in every cached list at once (the server's answer follows). */
export function markReadInCache(queryClient: QueryClient, ids: Iterable<string>, readAt = new Date()): void {
  const set = new Set(ids);
  let newlyRead = 0;
  const seen = new Set<string>();
  patchLists(queryClient, set, (data) => {
    let count = 0;
    const notifications = data.notifications.map((item) => {
      if (!set.has(item.id) || item.read) return item;
      count += 1;
      if (!seen.has(item.id)) {
        seen.add(item.id);
        newlyRead += 1;
      }
      return { ...item, read: true, readAt: readAt.toISOString() };
    });
    if (count === 0) return data;
    return {
      ...data,
      notifications,
      counts: {
        ...data.counts,
        unread: Math.max(0, data.counts.unread - count),
        read: data.counts.read + count,
      },
    };
  });
  if (newlyRead > 0)
    queryClient.setQueryData<number>(notificationKeys.unreadCount, (count) =>
      count === undefined ? count : Math.max(0, count - newlyRead),
    );
}

/** Takes deleted notifications out of every cached list (the refetch that follows recounts). */
export function removeFromCache(queryClient: QueryClient, ids: Iterable<string>): void {
  const set = new Set(ids);
  patchLists(queryClient, set, (data) => ({
    ...data,
    notifications: data.notifications.filter((item) => !set.has(item.id)),
  }));
}

/** After a write: every notification query loads again (the ones on screen now, the others when shown). */
export function refreshNotifications(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: notificationKeys.all });
}

/** Every notification id held by a cached list (Mark all read marks them at once). */
export function cachedIds(queryClient: QueryClient): string[] {
  const ids = new Set<string>();
  for (const [, data] of listEntries(queryClient))
    for (const item of data?.notifications ?? []) ids.add(item.id);
  const feed = queryClient.getQueryData<Feed>(notificationKeys.feed);
  for (const page of feed?.pages ?? []) for (const item of page.notifications) ids.add(item.id);
  return [...ids];
}

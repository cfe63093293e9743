import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NotificationListResponse } from '@mindledger/domain';
import { notificationKeys } from './api';
import { prependNotification, setUnreadCount } from './cache';
import { makeList, makeNotification } from './test-fixtures';
import { showBrowserNotification } from './useNotificationStream';

describe('live cache updates', () => {
  it('tops page 1 of the lists it belongs to, counts it everywhere, marks later pages stale', () => {
    const client = new QueryClient();
    const old = Array.from({ length: 20 }, () => makeNotification());
    const all1 = notificationKeys.list({ page: 1, limit: 20, status: 'all' });
    const all2 = notificationKeys.list({ page: 2, limit: 20, status: 'all' });
    const read1 = notificationKeys.list({ page: 1, limit: 20, status: 'read' });
    client.setQueryData(all1, makeList(old, { total: 21 }));
    client.setQueryData(all2, makeList([makeNotification()], { page: 2, total: 21 }));
    client.setQueryData(read1, makeList([]));
    const fresh = makeNotification({ title: 'Fresh' });
    prependNotification(client, fresh);
    prependNotification(client, fresh);

    const first = client.getQueryData<NotificationListResponse>(all1)!;
    expect(first.notifications[0]).toEqual(fresh);
    expect(first.notifications).toHaveLength(20);
    expect(first.total).toBe(22);
    expect(first.counts.unread).toBe(21);
    expect(client.getQueryData<NotificationListResponse>(read1)!.notifications).toHaveLength(0);
    expect(client.getQueryData<NotificationListResponse>(read1)!.counts.all).toBe(1);
    expect(client.getQueryState(all2)!.isInvalidated).toBe(true);
  });

  it('an unread count that differs from the lists reloads them', () => {
    const client = new QueryClient();
    const key = notificationKeys.list({ page: 1, limit: 20, status: 'all' });
    client.setQueryData(key, makeList([makeNotification()]));
    setUnreadCount(client, 1);
    expect(client.getQueryState(key)!.isInvalidated).toBe(false);
    setUnreadCount(client, 0);
    expect(client.getQueryData(notificationKeys.unreadCount)).toBe(0);
    expect(client.getQueryState(key)!.isInvalidated).toBe(true);
  });
});

describe('browser notifications', () => {
  afterEach(() => vi.unstubAllGlobals());

  function stubNotification(permission: NotificationPermission) {
    const shown: { title: string; options?: NotificationOptions }[] = [];
    class FakeNotification {
      static permission = permission;
      onclick: (() => void) | null = null;
      constructor(title: string, options?: NotificationOptions) {
        shown.push({ title, options });
      }
      close() {}
    }
    vi.stubGlobal('Notification', FakeNotification);
    return shown;
  }

  function visibility(state: DocumentVisibilityState) {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(state);
  }

  it('shows one only with permission granted while the tab is hidden', () => {
    const fresh = makeNotification({
      title: 'Ready to reflect?',
      message: 'Start wherever feels right...',
      createdAt: new Date().toISOString(),
    });
    let shown = stubNotification('granted');
    visibility('hidden');
    expect(showBrowserNotification(fresh)).toBe(true);
    expect(shown).toEqual([
      { title: 'Ready to reflect?', options: { body: 'Start wherever feels right...', tag: fresh.id } },
    ]);

    visibility('visible');
    expect(showBrowserNotification(fresh)).toBe(false);

    shown = stubNotification('default');
    visibility('hidden');
    expect(showBrowserNotification(fresh)).toBe(false);
    expect(shown).toHaveLength(0);
  });

  it('not for a catch-up of old notifications after a reconnection', () => {
    stubNotification('granted');
    visibility('hidden');
    const old = makeNotification({ createdAt: new Date(Date.now() - 60 * 60_000).toISOString() });
    expect(showBrowserNotification(old)).toBe(false);
  });
});

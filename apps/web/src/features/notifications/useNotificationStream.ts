import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { NotificationResponse } from '@mindledger/domain';
import { navigateTo } from '../../app/navigation';
import { authStore, useCurrentUser } from '../auth';
import { prependNotification, setUnreadCount } from './cache';
import { notificationLive, type LiveEvent } from './live';
import { notificationTarget } from './targets';

/** A notification older than this is a catch-up after a reconnection: no browser notification for it. */
export const browserNotificationMaxAgeMs = 5 * 60_000;

/**
 * Part 2 §4: a browser notification when permission was granted, only while the tab is hidden (the
 * bell shows it otherwise). Its tag is the notification's id, so several open tabs show it once.
 */
export function showBrowserNotification(notification: NotificationResponse, now = Date.now()): boolean {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return false;
  if (document.visibilityState !== 'hidden' || notification.read) return false;
  const created = Date.parse(notification.createdAt);
  if (Number.isFinite(created) && now - created > browserNotificationMaxAgeMs) return false;
  try {
    const shown = new Notification(notification.title, { body: notification.message, tag: notification.id });
    shown.onclick = () => {
      window.focus();
      const role = authStore.getState().user?.userRole;
      if (role) navigateTo(notificationTarget(role, notification));
      shown.close();
    };
    return true;
  } catch {
    // Some mobile browsers only show notifications through a service worker.
    return false;
  }
}

function applyLiveEvent(queryClient: QueryClient, event: LiveEvent): void {
  if (event.type === 'unread') {
    setUnreadCount(queryClient, event.unreadCount);
    return;
  }
  prependNotification(queryClient, event.notification);
  showBrowserNotification(event.notification);
}

interface Attachment {
  holders: number;
  detach: () => void;
}

/** One cache writer per query client however many components hold the stream. */
const attachments = new Map<QueryClient, Attachment>();

function attach(queryClient: QueryClient): () => void {
  let attachment = attachments.get(queryClient);
  if (!attachment) {
    const unsubscribe = notificationLive.subscribe((event) => applyLiveEvent(queryClient, event));
    const onOnline = () => notificationLive.reconnectNow();
    window.addEventListener('online', onOnline);
    const unwatchAuth = authStore.subscribe(() => {
      if (authStore.getState().status !== 'authenticated') notificationLive.reset();
    });
    attachment = {
      holders: 0,
      detach: () => {
        unsubscribe();
        unwatchAuth();
        window.removeEventListener('online', onOnline);
      },
    };
    attachments.set(queryClient, attachment);
  }
  attachment.holders += 1;
  const held = attachment;
  return () => {
    held.holders -= 1;
    if (held.holders > 0) return;
    held.detach();
    attachments.delete(queryClient);
  };
}

/**
 * Keeps the tab's live notification stream open while a signed-in component uses it (the header's
 * bell, the notifications page): new notifications and the unread count reach the query cache
 * without a reload. The stream stops with the last user and on logout.
 */
export function useNotificationStream(): void {
  const queryClient = useQueryClient();
  const userId = useCurrentUser()?.id ?? null;
  useEffect(() => {
    if (!userId) return undefined;
    return attach(queryClient);
  }, [queryClient, userId]);
}

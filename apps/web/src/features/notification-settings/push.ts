import { notificationSettingsApi } from './api';

/** The service worker that shows pushed notifications (apps/web/public/sw.js, served at the root). */
export const serviceWorkerUrl = '/sw.js';

/** What this browser can do: show notifications at all, and receive Web Push. */
export interface PushSupport {
  notifications: boolean;
  push: boolean;
}

export function pushSupport(): PushSupport {
  const notifications = typeof window !== 'undefined' && 'Notification' in window;
  const push =
    notifications &&
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    navigator.serviceWorker !== undefined &&
    'PushManager' in window;
  return { notifications, push };
}

/** This browser's notification permission ('unsupported' without the Notification API). */
export function notificationPermission(): NotificationPermission | 'unsupported' {
  return pushSupport().notifications ? Notification.permission : 'unsupported';
}

/** A VAPID key (base64url, no padding) as the bytes `applicationServerKey` takes. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const raw = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/**
 * Registers the service worker, subscribes this browser with the server's VAPID key and stores the
 * subscription as a device token. Throws when any step fails (the caller shows the toast).
 */
export async function subscribeThisBrowser(): Promise<PushSubscription> {
  const registration = await navigator.serviceWorker.register(serviceWorkerUrl, { scope: '/' });
  const ready = await navigator.serviceWorker.ready.catch(() => registration);
  const publicKey = await notificationSettingsApi.pushKey();
  const existing = await ready.pushManager.getSubscription();
  const subscription =
    existing ??
    (await ready.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: applicationServerKey(publicKey),
    }));
  await notificationSettingsApi.registerDevice(JSON.stringify(subscription));
  return subscription;
}

/**
 * Removes this browser's subscription: from the server first (so no push goes to an endpoint that
 * no longer exists), then from the browser. Resolves when there was nothing to remove.
 */
export async function unsubscribeThisBrowser(): Promise<void> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  try {
    await notificationSettingsApi.unregisterDevice(JSON.stringify(subscription));
  } finally {
    await subscription.unsubscribe().catch(() => false);
  }
}

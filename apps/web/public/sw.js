/*
 * MindLedger's service worker: shows Web Push notifications and opens the app on a click.
 * Plain JavaScript, served as it is from /sw.js (scope /). Payload (docs/API-notifications.md):
 * { title, body, url, tag } — title and body never carry health information; url is an in-app path.
 */
'use strict';

const DEFAULT_TITLE = 'MindLedger';
const DEFAULT_URL = '/';

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

/** Only a path of this app: a same-origin URL, reduced to its path, search and hash. */
function safePath(value) {
  if (typeof value !== 'string' || value === '') return DEFAULT_URL;
  try {
    const target = new URL(value, self.location.origin);
    if (target.origin !== self.location.origin) return DEFAULT_URL;
    return target.pathname + target.search + target.hash;
  } catch {
    return DEFAULT_URL;
  }
}

function readPayload(event) {
  if (!event.data) return {};
  try {
    const payload = event.data.json();
    return payload && typeof payload === 'object' ? payload : {};
  } catch {
    return { body: event.data.text() };
  }
}

self.addEventListener('push', (event) => {
  const payload = readPayload(event);
  const title = typeof payload.title === 'string' && payload.title ? payload.title : DEFAULT_TITLE;
  const options = {
    body: typeof payload.body === 'string' ? payload.body : '',
    data: { url: safePath(payload.url) },
    icon: '/favicon.svg',
  };
  if (typeof payload.tag === 'string' && payload.tag) options.tag = payload.tag;
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = safePath(event.notification.data && event.notification.data.url);
  const target = new URL(path, self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        const focused = await open.focus();
        const client = focused || open;
        if ('navigate' in client && client.url !== target) {
          try {
            await client.navigate(target);
          } catch {
            // An uncontrolled tab cannot be navigated by the worker: open the target instead.
            await self.clients.openWindow(target);
          }
        }
        return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});

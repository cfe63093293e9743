/*
 * MindLedger's service worker (decision 100): keeps the app shell so a repeat visit paints from
 * cache and the app opens offline, shows Web Push notifications and opens the app on a click.
 * Plain JavaScript, served as it is from /sw.js (scope /).
 *
 * What is cached: the HTML shell (network first, the cached copy when offline) and the hashed
 * build files under /assets/ and the icons (cache first: a hashed name never changes). Never an
 * answer of /api/: those carry personal data and are the server's alone (the web app keeps its own
 * short-lived in-memory cache). Entries written offline wait in the page's outbox (IndexedDB), not
 * here.
 *
 * Push payload (docs/API-notifications.md): { title, body, url, tag } — title and body never carry
 * health information; url is an in-app path.
 */
'use strict';

const DEFAULT_TITLE = 'MindLedger';
const DEFAULT_URL = '/';
const SHELL_CACHE = 'mindledger-shell-v1';
const ASSET_CACHE = 'mindledger-assets-v1';
/** Build files kept at most (the oldest go first). */
const MAX_ASSETS = 600;
const SHELL = '/index.html';
const STATIC = ['/favicon.svg', '/icon-192.png', '/icon-512.png', '/manifest.webmanifest'];

/** The files the shell names (its entry script, styles and preloads), to keep with it. */
function assetsOf(html) {
  const found = new Set();
  for (const match of html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)) found.add(match[1]);
  return [...found];
}

async function keepShell(response) {
  const html = await response.clone().text();
  const shell = await caches.open(SHELL_CACHE);
  await shell.put(SHELL, response.clone());
  const assets = await caches.open(ASSET_CACHE);
  await Promise.all(
    assetsOf(html).map(async (path) => {
      if (!(await assets.match(path))) await assets.add(path).catch(() => undefined);
    }),
  );
}

async function trimAssets() {
  const cache = await caches.open(ASSET_CACHE);
  const keys = await cache.keys();
  for (const request of keys.slice(0, Math.max(0, keys.length - MAX_ASSETS))) await cache.delete(request);
}

/** Every script, stylesheet and font face of the build (listed by the build), a few at a time. */
async function keepBuild() {
  const response = await fetch('/sw-assets.json', { cache: 'no-cache' }).catch(() => null);
  if (!response || !response.ok) return;
  const files = await response.json().catch(() => []);
  const cache = await caches.open(ASSET_CACHE);
  for (let i = 0; i < files.length; i += 6)
    await Promise.all(
      files.slice(i, i + 6).map(async (path) => {
        if (typeof path === 'string' && !(await cache.match(path)))
          await cache.add(path).catch(() => undefined);
      }),
    );
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const response = await fetch(SHELL, { cache: 'no-cache' }).catch(() => null);
      if (response && response.ok) await keepShell(response);
      await (await caches.open(ASSET_CACHE)).addAll(STATIC).catch(() => undefined);
      await keepBuild();
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith('mindledger-') && name !== SHELL_CACHE && name !== ASSET_CACHE)
          .map((name) => caches.delete(name)),
      );
      await self.clients.claim();
    })(),
  );
});

/** A page of the app: the network's shell when it answers, the cached shell when it does not. */
async function navigate(request) {
  try {
    const response = await fetch(request);
    if (response.ok && (response.headers.get('content-type') || '').includes('text/html'))
      await keepShell(response.clone()).catch(() => undefined);
    return response;
  } catch (error) {
    const cached = await caches.match(SHELL, { cacheName: SHELL_CACHE });
    if (cached) return cached;
    throw error;
  }
}

/** A hashed build file or an icon: the cached copy, else the network's (then kept). */
async function asset(request) {
  const cache = await caches.open(ASSET_CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    await cache.put(request, response.clone());
    await trimAssets();
  }
  return response;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') event.respondWith(navigate(request));
  else if (url.pathname.startsWith('/assets/') || STATIC.includes(url.pathname))
    event.respondWith(asset(request));
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

import { describe, expect, it, vi } from 'vitest';
// apps/web/public/sw.js as text, run against a fake worker scope.
import source from '../../../public/sw.js?raw';

type Listener = (event: Record<string, unknown>) => void;

function loadWorker(windows: { url: string; navigate?: ReturnType<typeof vi.fn> }[] = []) {
  const listeners = new Map<string, Listener>();
  const clientObjects = windows.map((w) => ({
    url: w.url,
    focus: vi.fn(async function (this: unknown) {
      return this;
    }),
    navigate: w.navigate ?? vi.fn(async () => null),
  }));
  const self = {
    location: { origin: 'https://app.example.test' },
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    skipWaiting: vi.fn(),
    registration: { showNotification: vi.fn(async () => undefined) },
    clients: {
      claim: vi.fn(async () => undefined),
      matchAll: vi.fn(async () => clientObjects),
      openWindow: vi.fn(async () => null),
    },
  };
  new Function('self', source)(self);
  const dispatch = async (type: string, event: Record<string, unknown>) => {
    let done: Promise<unknown> = Promise.resolve();
    listeners.get(type)!({ ...event, waitUntil: (p: Promise<unknown>) => (done = p) });
    await done;
  };
  return { self, dispatch, clientObjects };
}

function pushEvent(payload: unknown) {
  return { data: { json: () => payload, text: () => JSON.stringify(payload) } };
}

function clickEvent(url: unknown) {
  return { notification: { close: vi.fn(), data: { url } } };
}

describe('service worker (sw.js)', () => {
  it('shows a pushed notification with its body, tag and url', async () => {
    const { self, dispatch } = loadWorker();
    await dispatch(
      'push',
      pushEvent({
        title: 'Ready to reflect?',
        body: 'Start wherever feels right...',
        url: '/user/journaling-feature',
        tag: 'journal',
      }),
    );
    expect(self.registration.showNotification).toHaveBeenCalledWith('Ready to reflect?', {
      body: 'Start wherever feels right...',
      tag: 'journal',
      data: { url: '/user/journaling-feature' },
      icon: '/favicon.svg',
    });
  });

  it('keeps only same-origin paths as the target', async () => {
    const { self, dispatch } = loadWorker();
    await dispatch('push', pushEvent({ title: 'T', body: 'B', url: 'https://evil.example/x' }));
    expect(self.registration.showNotification).toHaveBeenLastCalledWith(
      'T',
      expect.objectContaining({ data: { url: '/' } }),
    );
  });

  it('on a click focuses an open tab of the app and navigates it to the url', async () => {
    const { self, dispatch, clientObjects } = loadWorker([{ url: 'https://app.example.test/user/home' }]);
    await dispatch('notificationclick', clickEvent('/notifications'));
    expect(clientObjects[0]!.focus).toHaveBeenCalled();
    expect(clientObjects[0]!.navigate).toHaveBeenCalledWith('https://app.example.test/notifications');
    expect(self.clients.openWindow).not.toHaveBeenCalled();
  });

  it('opens a new window when no tab of the app is open, never another origin', async () => {
    const { self, dispatch } = loadWorker([{ url: 'https://other.example/' }]);
    await dispatch('notificationclick', clickEvent('//evil.example/phish'));
    expect(self.clients.openWindow).toHaveBeenCalledWith('https://app.example.test/');
  });
});

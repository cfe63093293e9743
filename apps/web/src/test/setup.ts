import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, vi } from 'vitest';
import { tokenStore } from '../api/token';
import { authStore } from '../features/auth/auth-store';

// findBy/waitFor wait up to 4 s (1 s by default): on the busy 2-core CI machine a modal's close and
// the toast after it can take longer than a second while the API tests run beside these.
configure({ asyncUtilTimeout: 4000 });

// Mantine needs matchMedia and ResizeObserver, which jsdom does not provide.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

class ResizeObserverStub implements ResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', {
    writable: true,
    configurable: true,
    value: ResizeObserverStub,
  });
}

if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => undefined;

// The screens' files share one module state per worker (isolate: false in vitest.config.ts, four
// times faster): what a test leaves in the app's module-level stores is put back here, so that the
// next file starts as a fresh page would (signed out, no token, no toast, real timers).
afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
  tokenStore.reload();
  authStore.reset();
  notifications.clean();
  notifications.cleanQueue();
  vi.useRealTimers();
});

// jsdom has no FontFaceSet: Mantine's autosize Textarea listens on document.fonts.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() },
  });

import { vi } from 'vitest';

/** Replaces the browser's clipboard (undefined: a browser without the Clipboard API). */
export function mockClipboard(writeText?: (text: string) => Promise<void>) {
  const spy = writeText ? vi.fn(writeText) : undefined;
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: spy ? { writeText: spy } : undefined,
  });
  return spy;
}

/** Silences and records console.error (an unreadable document is logged). */
export function spyConsoleError() {
  return vi.spyOn(console, 'error').mockImplementation(() => undefined);
}

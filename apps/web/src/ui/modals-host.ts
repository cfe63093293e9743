import { createOnDemand } from './on-demand';

/**
 * @mantine/modals' provider loads with the first confirmation instead of with the app, which keeps
 * Modal and its scroll lock out of the first load.
 */
export const modalsHost = createOnDemand();

let markReady: (() => void) | null = null;
let ready: Promise<void> | null = null;

/** Resolves once the provider is mounted and listens for modals.* events. */
export function ensureModalsHost(): Promise<void> {
  ready ??= new Promise<void>((resolve) => {
    markReady = resolve;
    modalsHost.request();
  });
  return ready;
}

/** Called by the host when the provider is on screen. */
export function modalsHostReady(): void {
  markReady?.();
}

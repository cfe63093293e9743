import { createOnDemand } from './on-demand';

export type ToastKind = 'success' | 'error' | 'warning' | 'info';

const colors: Record<ToastKind, string> = {
  success: 'green',
  error: 'red',
  warning: 'yellow',
  info: 'blue',
};

const defaultDurationMs = 5_000;

/**
 * Toasts on screen at once (issue 18: they stacked deep over the page): two, for the pairs that
 * belong together (a bulk action's successes and failures). A newer one shows at once and the
 * oldest makes way for it.
 */
export const toastLimit = 2;

export interface ToastOptions {
  durationMs?: number | false;
  title?: string;
  id?: string;
}

type NotificationsModule = typeof import('@mantine/notifications');

/** The toast container (ui/NotificationsHost) mounts once the first toast is asked for. */
export const notificationsHost = createOnDemand();

let loading: Promise<NotificationsModule> | null = null;

// @mantine/notifications loads with the first toast, which keeps it out of the first load; its
// store keeps what was shown until the container is on screen.
export function loadNotifications(): Promise<NotificationsModule> {
  loading ??= import('@mantine/notifications').then((module) => {
    // the limit holds from the first toast, before the container has mounted and set it
    module.notificationsStore.updateState((state) => ({ ...state, limit: toastLimit }));
    return module;
  });
  notificationsHost.request();
  return loading;
}

/** The one toast helper of the app (Mantine notifications: error red, warning yellow). Resolves to its id. */
export async function showToast(
  kind: ToastKind,
  message: string,
  options: ToastOptions = {},
): Promise<string> {
  const { notifications, notificationsStore } = await loadNotifications();
  const id = options.id ?? `${kind}:${message}`;
  const shown = notificationsStore.getState().notifications;
  if (!shown.some((n) => n.id === id) && shown.length >= toastLimit) notifications.hide(shown[0]!.id!);
  return notifications.show({
    // the same message is never shown twice at once (a repeated failure is one toast)
    id,
    color: colors[kind],
    title: options.title,
    message,
    autoClose: options.durationMs ?? defaultDurationMs,
    withBorder: true,
    closeButtonProps: { 'aria-label': 'Close notification' },
    'data-toast-kind': kind,
  });
}

export const toast = {
  success: (message: string, options?: ToastOptions) => void showToast('success', message, options),
  error: (message: string, options?: ToastOptions) => void showToast('error', message, options),
  warning: (message: string, options?: ToastOptions) => void showToast('warning', message, options),
  info: (message: string, options?: ToastOptions) => void showToast('info', message, options),
};

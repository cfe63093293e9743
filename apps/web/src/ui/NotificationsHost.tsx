import { lazy, Suspense, useSyncExternalStore } from 'react';
import { notificationsHost, toastLimit } from './toast';

const Notifications = lazy(() =>
  import('@mantine/notifications').then((m) => ({ default: m.Notifications })),
);

/**
 * The toast container, mounted with the first toast (see ui/toast). One toast at a time: the next
 * waits until it closes (toasts stacked two deep hid the page and each other, issue 18).
 */
export function NotificationsHost() {
  const requested = useSyncExternalStore(
    notificationsHost.subscribe,
    notificationsHost.isRequested,
    notificationsHost.isRequested,
  );
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-right" limit={toastLimit} zIndex={1000} />
    </Suspense>
  );
}

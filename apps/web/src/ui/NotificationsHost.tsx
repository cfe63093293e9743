import { lazy, Suspense, useSyncExternalStore } from 'react';
import { notificationsHost } from './toast';

const Notifications = lazy(() =>
  import('@mantine/notifications').then((m) => ({ default: m.Notifications })),
);

/** The toast container, mounted with the first toast (see ui/toast). */
export function NotificationsHost() {
  const requested = useSyncExternalStore(
    notificationsHost.subscribe,
    notificationsHost.isRequested,
    notificationsHost.isRequested,
  );
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-right" limit={4} zIndex={1000} />
    </Suspense>
  );
}

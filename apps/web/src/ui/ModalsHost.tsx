import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { modalsHost, modalsHostReady } from './modals-host';

const LazyModalsProvider = lazy(() =>
  import('@mantine/modals').then(({ ModalsProvider }) => ({
    default: function ModalsProviderHost() {
      useEffect(() => modalsHostReady(), []);
      return <ModalsProvider labels={{ confirm: 'Confirm', cancel: 'Cancel' }} />;
    },
  })),
);

/** Mounts Mantine's ModalsProvider (children-less: it listens for modals.* events) on first use. */
export function ModalsHost() {
  const requested = useSyncExternalStore(
    modalsHost.subscribe,
    modalsHost.isRequested,
    modalsHost.isRequested,
  );
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <LazyModalsProvider />
    </Suspense>
  );
}

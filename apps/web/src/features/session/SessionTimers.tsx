import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { isPaymentPath, sessionMessages } from '@mindledger/domain';
import { api, lastServerContactAt, refreshAccessToken } from '../../api/client';
import { toast } from '../../ui/toast';
import { logout } from '../auth';
import { ActivityReporter } from './activity-report';
import { autoLogout } from './auto-logout';
import { useSessionTimings } from './config';
import type { SessionView } from './machine';
import { SessionMonitor } from './monitor';
import { isPaymentInProgress, subscribePayment } from './payment';

// The warnings load when one is due, which keeps the modal code out of the first load.
const SessionTimeoutWarningModal = lazy(() =>
  import('./SessionModals').then((m) => ({ default: m.SessionTimeoutWarningModal })),
);
const SessionExpiringSoonModal = lazy(() =>
  import('./SessionModals').then((m) => ({ default: m.SessionExpiringSoonModal })),
);

const activityEvents = ['mousemove', 'mousedown', 'keydown', 'touchstart', 'scroll', 'wheel'] as const;
const activityThrottleMs = 1_000;
const modalPrefetchMs = 20_000;

function isHidden(): boolean {
  return document.visibilityState === 'hidden';
}

/** Mounts the session timers for a signed-in user and shows their two warnings. */
export function SessionTimers() {
  const timings = useSessionTimings();
  const { pathname } = useLocation();
  const [view, setView] = useState<SessionView | null>(null);
  const [monitor] = useState(
    () =>
      new SessionMonitor({
        timings,
        path: pathname,
        hidden: isHidden(),
        onChange: setView,
        onLogout: (reason) => void autoLogout(reason),
      }),
  );
  const [reporter] = useState(
    () =>
      new ActivityReporter({
        now: () => Date.now(),
        lastContact: lastServerContactAt,
        send: (payment) => api.post('session-activity', { payment }),
      }),
  );
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    monitor.setPaymentInProgress(isPaymentInProgress());
    monitor.start();
    let last = 0;
    const onActivity = () => {
      const now = Date.now();
      if (now - last < activityThrottleMs) return;
      last = now;
      monitor.activity();
      // Only activity the timers counted (not movements under an open warning) keeps the server's side alive.
      const { phase } = monitor.getView();
      if (phase === 'active' || phase === 'suspended') reporter.activity();
    };
    const onVisibility = () => monitor.visibility(isHidden());
    for (const name of activityEvents)
      window.addEventListener(name, onActivity, { passive: true, capture: true });
    document.addEventListener('visibilitychange', onVisibility);
    const unsubscribe = subscribePayment((value) => {
      monitor.setPaymentInProgress(value);
      reporter.setPayment(value || isPaymentPath(monitor.getState().path));
    });
    // Fetch the warning code ahead of need, once the first screen has settled.
    const prefetch = setTimeout(() => void import('./SessionModals').catch(() => undefined), modalPrefetchMs);
    return () => {
      clearTimeout(prefetch);
      monitor.stop();
      for (const name of activityEvents) window.removeEventListener(name, onActivity, { capture: true });
      document.removeEventListener('visibilitychange', onVisibility);
      unsubscribe();
    };
  }, [monitor, reporter]);

  useEffect(() => monitor.setTimings(timings), [monitor, timings]);
  useEffect(() => {
    monitor.setPath(pathname);
    reporter.setPayment(isPaymentPath(pathname) || isPaymentInProgress());
  }, [monitor, reporter, pathname]);

  const continueIdle = () => {
    monitor.continueSession();
    reporter.continued();
    toast.success(sessionMessages.resumed);
  };

  const continueGuard = async () => {
    setBusy(true);
    const token = await refreshAccessToken();
    setBusy(false);
    if (!token) {
      // A failed refresh forces logout.
      monitor.stop();
      await autoLogout('session_expired');
      return;
    }
    monitor.continueSession();
    toast.success(sessionMessages.extended);
  };

  const logoutNow = () => {
    monitor.stop();
    void logout();
  };

  if (view?.phase !== 'idle-warning' && view?.phase !== 'guard-warning') return null;
  const Warning = view.phase === 'idle-warning' ? SessionTimeoutWarningModal : SessionExpiringSoonModal;
  return (
    <Suspense fallback={null}>
      <Warning
        opened
        remainingMs={view.remainingMs}
        totalMs={view.totalMs}
        busy={busy}
        onContinue={view.phase === 'idle-warning' ? continueIdle : () => void continueGuard()}
        onLogout={logoutNow}
      />
    </Suspense>
  );
}

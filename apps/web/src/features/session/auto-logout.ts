import { sessionMessages, type AutoLogoutReason } from '@mindledger/domain';
import { withQuery } from '../../app/navigation';
import { toast } from '../../ui/toast';
import { authStore, logout, logoutTarget } from '../auth';
import { currentSessionTimings } from './config';
import { reportSessionTimeout, sendSecurityLogout } from './security-calls';

/** How long the security toasts stay (Part 1 §9: security toast 8 s). */
export const securityToastMs = 8_000;

let running = false;

/**
 * Automatic logout (idle countdown over, away too long, session expired): report it while the
 * token still works, sign out, go to the role's login page with ?timeout=true and say why.
 */
export async function autoLogout(reason: AutoLogoutReason): Promise<void> {
  if (running) return;
  running = true;
  try {
    const timings = currentSessionTimings();
    const user = authStore.getState().user;
    const reports: Promise<unknown>[] = [sendSecurityLogout(reason)];
    if (reason === 'inactivity')
      reports.push(reportSessionTimeout(user?.id, Math.round(timings.warningMs / 1000)));
    if (reason === 'session_expired')
      reports.push(reportSessionTimeout(user?.id, Math.round(timings.guardMs / 1000)));
    const results = await Promise.allSettled(reports);
    for (const result of results) {
      if (result.status === 'rejected') console.error('Session timeout report failed', result.reason);
    }
    await logout({
      redirectTo: withQuery(logoutTarget(user?.userRole), { timeout: 'true' }),
      onServerError: () => toast.error(sessionMessages.autoLogoutFailed, { durationMs: securityToastMs }),
    });
    toast.warning(sessionMessages[reason], { durationMs: securityToastMs });
  } finally {
    running = false;
  }
}

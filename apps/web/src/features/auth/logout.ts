import { logoutRedirect, type Role } from '@mindledger/domain';
import { flushAudit } from '../../api/audit';
import { isMobileContext, navigateTo } from '../../app/navigation';
import { queryClient } from '../../app/query-client';
import { authApi } from './api';
import { authStore } from './auth-store';

export interface LogoutOptions {
  /** Where to go instead of the role's login page. */
  redirectTo?: string;
  /** Called when the logout call fails (automatic logouts show a toast; manual ones only log). */
  onServerError?: (error: unknown) => void;
  /**
   * A logout the user chose: also forget unsaved journal drafts on this device. Automatic logouts
   * (idle, expiry) keep them so the entry is there after signing in again (decision 034).
   */
  clearDrafts?: boolean;
}

/** Prefix of the journal drafts in localStorage (features/journal/entry/draft.ts). */
export const journalDraftPrefix = 'ml.journalDraft.';

function forgetJournalDrafts(): void {
  try {
    const keys: string[] = [];
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i);
      if (key?.startsWith(journalDraftPrefix)) keys.push(key);
    }
    for (const key of keys) localStorage.removeItem(key);
  } catch {
    // storage unavailable; nothing to forget
  }
}

/** Where a sign-out of this role goes now (Part 2 §4 Logout). */
export function logoutTarget(role: Role | null | undefined): string {
  return logoutRedirect(role ?? null, isMobileContext());
}

/** Forget everything this browser tab knows about the session. */
export function clearLocalAuth(redirectTo: string | null): void {
  authStore.signOut(redirectTo);
  try {
    sessionStorage.clear();
  } catch {
    // storage unavailable (private mode); nothing to clear
  }
  queryClient.clear();
}

/**
 * Logout: POST logout (errors only logged), clear identity, session storage and the query cache,
 * then go to the login page of the role.
 */
export async function logout(options: LogoutOptions = {}): Promise<string> {
  const role = authStore.getState().user?.userRole ?? null;
  const target = options.redirectTo ?? logoutTarget(role);
  await flushAudit().catch(() => undefined);
  try {
    await authApi.logout();
  } catch (error) {
    console.error('Logout request failed', error);
    options.onServerError?.(error);
  }
  if (options.clearDrafts) forgetJournalDrafts();
  clearLocalAuth(target);
  navigateTo(target);
  return target;
}

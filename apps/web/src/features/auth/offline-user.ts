import type { User } from '../../api/types';

/**
 * Who is signed in, kept for the tab (sessionStorage, like the access token's mirror) so that a
 * reload without a connection still opens the app as them: their outbox and drafts stay reachable
 * until the connection returns (issue 18; decision 100). Only the profile the header shows is kept,
 * never a token; it goes with the session.
 */
const KEY = 'ml.user';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export const rememberedUser = {
  save(user: User): void {
    try {
      storage()?.setItem(KEY, JSON.stringify(user));
    } catch {
      // storage full or unavailable: offline reloads fall back to the login
    }
  },
  read(): User | null {
    try {
      const raw = storage()?.getItem(KEY);
      const user = raw ? (JSON.parse(raw) as User) : null;
      return user && typeof user.id === 'string' && typeof user.userRole === 'string' ? user : null;
    } catch {
      return null;
    }
  },
  clear(): void {
    try {
      storage()?.removeItem(KEY);
    } catch {
      // nothing to clear
    }
  },
};

/** Whether the browser says there is no connection at all. */
export const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

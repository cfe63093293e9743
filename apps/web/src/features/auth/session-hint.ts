/**
 * Whether this browser may hold a session (the refresh cookie is HttpOnly, so the page cannot see
 * it): set at sign-in, cleared at sign-out, shared by the browser's tabs. Without it a start does not
 * ask POST refresh at all, so a signed-out page load no longer logs a refresh 401 (issue 18). A
 * cookie that expired while the hint stayed costs one 401, after which the hint goes.
 */
const KEY = 'ml.mayHaveSession';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export const sessionHint = {
  set(): void {
    try {
      storage()?.setItem(KEY, '1');
    } catch {
      // unavailable storage: every start asks the server, as before
    }
  },
  clear(): void {
    try {
      storage()?.removeItem(KEY);
    } catch {
      // nothing to clear
    }
  },
  /** True when the hint is set, or when storage cannot tell (then the server is asked). */
  present(): boolean {
    const store = storage();
    if (!store) return true;
    try {
      return store.getItem(KEY) === '1';
    } catch {
      return true;
    }
  },
};

import { refreshAccessToken, setAuthHandlers } from '../../api/client';
import { tokenStore } from '../../api/token';
import { fetchMe } from './api';
import { authStore } from './auth-store';
import { logout } from './logout';
import { isOffline, rememberedUser } from './offline-user';
import { sessionHint } from './session-hint';

let expiring = false;

/** A 401 that a refresh could not cure: sign out once and go to the role's login page. */
async function handleSessionExpired(): Promise<void> {
  if (expiring || authStore.getState().status !== 'authenticated') return;
  expiring = true;
  try {
    await logout();
  } finally {
    expiring = false;
  }
}

export function installAuthHandlers(): void {
  authStore.subscribe(() => {
    const { status, user } = authStore.getState();
    if (status === 'authenticated' && user) {
      rememberedUser.save(user);
      sessionHint.set();
    } else if (status === 'anonymous') {
      rememberedUser.clear();
      sessionHint.clear();
    }
  });
  setAuthHandlers({
    onSessionExpired: () => void handleSessionExpired(),
    onRefreshed: (response) => {
      if (response.user && authStore.getState().status !== 'anonymous') authStore.setUser(response.user);
    },
  });
}

/**
 * On start: a valid stored token is used to load the user; without one, one silent refresh (the
 * refresh cookie) tries to restore the session, when this browser may hold one (session-hint). Anything else means signed out — except
 * without a connection, where the tab's remembered user opens the app (their outbox and drafts)
 * until the connection returns.
 */
export async function bootstrapAuth(): Promise<void> {
  const remembered = rememberedUser.read();
  if (remembered && isOffline()) {
    authStore.setUser(remembered);
    return;
  }
  try {
    if (!tokenStore.valid()) {
      // never signed in on this browser (or signed out): nothing to restore, no refresh asked
      if (!sessionHint.present()) {
        authStore.signOut(null);
        return;
      }
      const token = await refreshAccessToken();
      if (!token) {
        authStore.signOut(null);
        return;
      }
      if (authStore.getState().status === 'authenticated') return;
    }
    authStore.setUser(await fetchMe());
  } catch {
    if (remembered && isOffline()) authStore.setUser(remembered);
    else authStore.signOut(null);
  }
}

import { refreshAccessToken, setAuthHandlers } from '../../api/client';
import { tokenStore } from '../../api/token';
import { fetchMe } from './api';
import { authStore } from './auth-store';
import { logout } from './logout';

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
  setAuthHandlers({
    onSessionExpired: () => void handleSessionExpired(),
    onRefreshed: (response) => {
      if (response.user && authStore.getState().status !== 'anonymous') authStore.setUser(response.user);
    },
  });
}

/**
 * On start: a valid stored token is used to load the user; without one, one silent GET refresh
 * (the refresh cookie) tries to restore the session. Anything else means signed out.
 */
export async function bootstrapAuth(): Promise<void> {
  try {
    if (!tokenStore.valid()) {
      const token = await refreshAccessToken();
      if (!token) {
        authStore.signOut(null);
        return;
      }
      if (authStore.getState().status === 'authenticated') return;
    }
    authStore.setUser(await fetchMe());
  } catch {
    authStore.signOut(null);
  }
}

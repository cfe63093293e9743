import { useSyncExternalStore } from 'react';
import type { Role } from '@mindledger/domain';
import { tokenStore } from '../../api/token';
import type { User } from '../../api/types';

export type AuthStatus = 'loading' | 'authenticated' | 'anonymous';

export interface AuthState {
  status: AuthStatus;
  user: User | null;
  /** Where the app goes after a sign-out (the guards honour it so the right login page shows). */
  signedOutTo: string | null;
}

let state: AuthState = { status: 'loading', user: null, signedOutTo: null };
const listeners = new Set<() => void>();

function setState(next: AuthState): void {
  state = next;
  for (const listener of listeners) listener();
}

export const authStore = {
  getState: (): AuthState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  signIn(accessToken: string, user: User): void {
    tokenStore.set(accessToken);
    setState({ status: 'authenticated', user, signedOutTo: null });
  },
  setUser(user: User): void {
    setState({ ...state, status: 'authenticated', user });
  },
  signOut(redirectTo: string | null = null): void {
    tokenStore.clear();
    setState({ status: 'anonymous', user: null, signedOutTo: redirectTo });
  },
  /** The login page has shown: later visits of guarded pages compute their own login target again. */
  consumeSignedOutTo(): void {
    if (state.signedOutTo !== null) setState({ ...state, signedOutTo: null });
  },
  /** Test helper and bootstrap: put the store in a known state. */
  reset(next: Partial<AuthState> = {}): void {
    setState({ status: 'loading', user: null, signedOutTo: null, ...next });
  },
};

export function useAuth(): AuthState {
  return useSyncExternalStore(authStore.subscribe, authStore.getState, authStore.getState);
}

export function useCurrentUser(): User | null {
  return useAuth().user;
}

export function currentRole(): Role | null {
  return state.user?.userRole ?? null;
}

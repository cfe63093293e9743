/**
 * The access token: held in memory and mirrored to sessionStorage so that a reload keeps the
 * session (the refresh token is an HttpOnly cookie the script never sees). A token whose expiry
 * has passed counts as absent (Part 1 §5, Part 2 §5).
 */
export const ACCESS_TOKEN_KEY = 'ml_access_token';

/** Seconds before `exp` at which a token is already treated as expired, so it never expires in flight. */
const EXPIRY_MARGIN_MS = 5_000;

let memoryToken: string | null | undefined;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

function base64UrlDecode(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  return atob(padded);
}

/** The `exp` claim of a JWT in milliseconds, or null when the token cannot be decoded. */
export function tokenExpiryMs(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(base64UrlDecode(payload));
    if (typeof claims !== 'object' || claims === null) return null;
    const exp = (claims as { exp?: unknown }).exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
  } catch {
    return null;
  }
}

export function isTokenValid(token: string | null | undefined, nowMs = Date.now()): token is string {
  if (!token) return false;
  const exp = tokenExpiryMs(token);
  return exp !== null && exp - EXPIRY_MARGIN_MS > nowMs;
}

export const tokenStore = {
  /** The stored token, valid or not. */
  raw(): string | null {
    if (memoryToken === undefined) memoryToken = storage()?.getItem(ACCESS_TOKEN_KEY) ?? null;
    return memoryToken;
  },
  /** The token if it is still valid, otherwise null (an expired token counts as absent). */
  valid(nowMs = Date.now()): string | null {
    const token = tokenStore.raw();
    return isTokenValid(token, nowMs) ? token : null;
  },
  set(token: string | null): void {
    memoryToken = token;
    const store = storage();
    if (!store) return;
    if (token) store.setItem(ACCESS_TOKEN_KEY, token);
    else store.removeItem(ACCESS_TOKEN_KEY);
  },
  clear(): void {
    tokenStore.set(null);
  },
  /** Forget the in-memory copy so the next read comes from sessionStorage (tests, storage events). */
  reload(): void {
    memoryToken = undefined;
  },
};

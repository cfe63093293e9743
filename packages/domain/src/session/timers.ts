/** Session timing constants of Part 1 §9 (milliseconds). */
export const sessionTimings = {
  idleMs: 10 * 60_000,
  idlePaymentMs: 30 * 60_000,
  warningMs: 300_000,
  awayLimitMs: 15 * 60_000,
  guardMs: 15 * 60_000,
  guardWarningMs: 2 * 60_000,
  activeMarkerMs: 30 * 60_000,
} as const;
export type SessionTimings = { -readonly [K in keyof typeof sessionTimings]: number };

/** Subscription and checkout pages: the longer idle threshold applies there. */
export function isPaymentPath(path: string): boolean {
  return /\/(subscription|checkout)/.test(path);
}

/** Paths containing /subscription or /checkout use the longer idle threshold. */
export function idleThresholdFor(path: string, timings: SessionTimings, inPayment = false): number {
  return inPayment || isPaymentPath(path) ? timings.idlePaymentMs : timings.idleMs;
}

/** Paths under /auth are never guarded by the session timers. */
export function isAuthPath(path: string): boolean {
  return path.startsWith('/auth');
}

export const autoLogoutReasons = [
  'inactivity',
  'away_too_long',
  'session_expired',
  'security_policy',
] as const;
export type AutoLogoutReason = (typeof autoLogoutReasons)[number];

/** Part 1 §8 session messages. */
export const sessionMessages = {
  inactivity: 'You have been logged out due to inactivity.',
  away_too_long: 'You have been logged out after being away for too long.',
  session_expired: 'Your session has expired for security reasons.',
  security_policy: 'You have been logged out for security reasons.',
  loginAfterTimeout: 'Session expired due to inactivity. Please log in again.',
  extended: 'Session extended. You can continue working.',
  resumed: 'Session resumed successfully',
  autoLogoutFailed: 'Failed to log out automatically. Please try again.',
} as const;

import { idleThresholdFor, isAuthPath, type AutoLogoutReason, type SessionTimings } from '@mindledger/domain';

/**
 * The session timers of Part 1 §4 (Idle session flow) and §9 as a pure state machine: every
 * function takes the time as an argument, so tests and the React wiring drive it with any clock.
 *
 * - Idle: after the idle threshold without activity the 'Session Timeout Warning' opens with a
 *   countdown of warningMs; at its end the user is logged out ('inactivity').
 * - Guard: a second limit of guardMs without activity; 'Session Expiring Soon' shows during its
 *   last guardWarningMs; at its end the session expires ('session_expired').
 * - Away: cumulative hidden-tab time of awayLimitMs logs out ('away_too_long').
 * - Nothing runs on /auth paths; everything is suspended while a payment is in progress.
 * - Only one warning shows at a time; while one is open, only its buttons count as activity.
 */
export interface SessionState {
  path: string;
  lastActivityAt: number;
  paymentInProgress: boolean;
  hiddenSince: number | null;
  awayAccumulatedMs: number;
  /** When the idle warning opened (the moment the idle threshold was crossed). */
  idleWarningFrom: number | null;
  loggedOut: AutoLogoutReason | null;
}

export type SessionEvent =
  | { type: 'activity'; at: number }
  | { type: 'tick'; at: number }
  | { type: 'visibility'; hidden: boolean; at: number }
  | { type: 'continue'; at: number }
  | { type: 'path'; path: string; at: number }
  | { type: 'payment'; inProgress: boolean; at: number };

export type SessionPhase = 'active' | 'suspended' | 'idle-warning' | 'guard-warning' | 'logged-out';

export interface SessionView {
  phase: SessionPhase;
  /** Time left on the open warning's countdown. */
  remainingMs: number;
  /** Full length of the open warning's countdown. */
  totalMs: number;
  reason: AutoLogoutReason | null;
}

export function initialSessionState(at: number, path: string, hidden = false): SessionState {
  return {
    path,
    lastActivityAt: at,
    paymentInProgress: false,
    hiddenSince: hidden ? at : null,
    awayAccumulatedMs: 0,
    idleWarningFrom: null,
    loggedOut: null,
  };
}

/**
 * The guard's limit grows with the idle threshold on /subscription and /checkout pages, so that it
 * never cuts short the longer idle time those pages get.
 */
export function guardLimitFor(path: string, timings: SessionTimings): number {
  return timings.guardMs + (idleThresholdFor(path, timings) - timings.idleMs);
}

function isSuspended(state: SessionState): boolean {
  return state.paymentInProgress || isAuthPath(state.path);
}

export function awayMs(state: SessionState, at: number): number {
  return state.awayAccumulatedMs + (state.hiddenSince === null ? 0 : Math.max(0, at - state.hiddenSince));
}

export function viewSession(state: SessionState, at: number, timings: SessionTimings): SessionView {
  if (state.loggedOut) return { phase: 'logged-out', remainingMs: 0, totalMs: 0, reason: state.loggedOut };
  if (isSuspended(state)) return { phase: 'suspended', remainingMs: 0, totalMs: 0, reason: null };
  if (state.idleWarningFrom !== null) {
    const remainingMs = Math.max(0, state.idleWarningFrom + timings.warningMs - at);
    return { phase: 'idle-warning', remainingMs, totalMs: timings.warningMs, reason: null };
  }
  const guardRemaining = state.lastActivityAt + guardLimitFor(state.path, timings) - at;
  if (guardRemaining <= timings.guardWarningMs) {
    return {
      phase: 'guard-warning',
      remainingMs: Math.max(0, guardRemaining),
      totalMs: timings.guardWarningMs,
      reason: null,
    };
  }
  return { phase: 'active', remainingMs: 0, totalMs: 0, reason: null };
}

function warningOpen(state: SessionState, at: number, timings: SessionTimings): boolean {
  const { phase } = viewSession(state, at, timings);
  return phase === 'idle-warning' || phase === 'guard-warning';
}

function tick(state: SessionState, at: number, timings: SessionTimings): SessionState {
  if (state.loggedOut || isSuspended(state)) return state;
  if (awayMs(state, at) >= timings.awayLimitMs) return { ...state, loggedOut: 'away_too_long' };

  const crossing = state.lastActivityAt + idleThresholdFor(state.path, timings, state.paymentInProgress);
  const guardDeadline = state.lastActivityAt + guardLimitFor(state.path, timings);
  let next = state;
  // The idle warning opens when the threshold is crossed, unless the guard's warning was already
  // showing by then. Times come from the crossing, not from this tick, so a late tick (a device
  // that slept, a throttled background tab) ends up where an on-time one would have.
  if (next.idleWarningFrom === null && at >= crossing && crossing <= guardDeadline - timings.guardWarningMs) {
    next = { ...next, idleWarningFrom: crossing };
  }
  const idleDeadline =
    next.idleWarningFrom === null ? Number.POSITIVE_INFINITY : next.idleWarningFrom + timings.warningMs;
  // Whichever limit ran out first names the reason; on a tie the idle countdown (the one on screen) wins.
  if (at >= idleDeadline && idleDeadline <= guardDeadline) return { ...next, loggedOut: 'inactivity' };
  if (at >= guardDeadline) return { ...next, loggedOut: 'session_expired' };
  return next;
}

export function reduceSession(
  state: SessionState,
  event: SessionEvent,
  timings: SessionTimings,
): SessionState {
  if (state.loggedOut) return state;
  switch (event.type) {
    case 'tick':
      return tick(state, event.at, timings);
    case 'activity':
      if (warningOpen(state, event.at, timings)) return state;
      return {
        ...state,
        lastActivityAt: event.at,
        awayAccumulatedMs: state.hiddenSince === null ? 0 : state.awayAccumulatedMs,
      };
    case 'continue':
      return {
        ...state,
        lastActivityAt: event.at,
        idleWarningFrom: null,
        awayAccumulatedMs: 0,
        hiddenSince: state.hiddenSince === null ? null : event.at,
      };
    case 'visibility': {
      if (event.hidden) return state.hiddenSince === null ? { ...state, hiddenSince: event.at } : state;
      if (state.hiddenSince === null) return state;
      const back = {
        ...state,
        hiddenSince: null,
        awayAccumulatedMs: state.paymentInProgress ? 0 : awayMs(state, event.at),
      };
      return tick(back, event.at, timings);
    }
    case 'path':
      if (event.path === state.path) return state;
      // Moving to another page is activity (unless a warning is open), so that leaving a page with a
      // longer idle threshold never logs out without a warning.
      if (warningOpen(state, event.at, timings)) return { ...state, path: event.path };
      return { ...state, path: event.path, lastActivityAt: event.at };
    case 'payment':
      if (event.inProgress === state.paymentInProgress) return state;
      if (event.inProgress) return { ...state, paymentInProgress: true, idleWarningFrom: null };
      // After a payment the timers start over.
      return {
        ...state,
        paymentInProgress: false,
        lastActivityAt: event.at,
        idleWarningFrom: null,
        awayAccumulatedMs: 0,
        hiddenSince: state.hiddenSince === null ? null : event.at,
      };
  }
}

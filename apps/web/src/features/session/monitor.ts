import type { AutoLogoutReason, SessionTimings } from '@mindledger/domain';
import {
  initialSessionState,
  reduceSession,
  viewSession,
  type SessionEvent,
  type SessionState,
  type SessionView,
} from './machine';

export interface SessionClock {
  now(): number;
  setInterval(callback: () => void, ms: number): ReturnType<typeof setInterval>;
  clearInterval(handle: ReturnType<typeof setInterval>): void;
}

export const systemClock: SessionClock = {
  now: () => Date.now(),
  setInterval: (callback, ms) => setInterval(callback, ms),
  clearInterval: (handle) => clearInterval(handle),
};

export interface SessionMonitorOptions {
  timings: SessionTimings;
  path: string;
  clock?: SessionClock;
  hidden?: boolean;
  tickMs?: number;
  onChange?: (view: SessionView) => void;
  onLogout?: (reason: AutoLogoutReason) => void;
}

function sameView(a: SessionView, b: SessionView): boolean {
  return (
    a.phase === b.phase &&
    a.reason === b.reason &&
    Math.ceil(a.remainingMs / 1000) === Math.ceil(b.remainingMs / 1000) &&
    a.totalMs === b.totalMs
  );
}

/** Drives the session machine with a clock: ticks once a second and reports view changes and logouts. */
export class SessionMonitor {
  private state: SessionState;
  private view: SessionView;
  private handle: ReturnType<typeof setInterval> | null = null;
  private timings: SessionTimings;
  private readonly clock: SessionClock;
  private readonly tickMs: number;
  private readonly onChange: SessionMonitorOptions['onChange'];
  private readonly onLogout: SessionMonitorOptions['onLogout'];

  constructor(options: SessionMonitorOptions) {
    this.clock = options.clock ?? systemClock;
    this.timings = options.timings;
    this.tickMs = options.tickMs ?? 1_000;
    this.onChange = options.onChange;
    this.onLogout = options.onLogout;
    this.state = initialSessionState(this.clock.now(), options.path, options.hidden ?? false);
    this.view = viewSession(this.state, this.clock.now(), this.timings);
  }

  start(): void {
    if (this.handle !== null) return;
    this.handle = this.clock.setInterval(() => this.tick(), this.tickMs);
  }

  stop(): void {
    if (this.handle === null) return;
    this.clock.clearInterval(this.handle);
    this.handle = null;
  }

  getView(): SessionView {
    return this.view;
  }

  getState(): SessionState {
    return this.state;
  }

  setTimings(timings: SessionTimings): void {
    this.timings = timings;
    this.publish();
  }

  tick(): void {
    this.dispatch({ type: 'tick', at: this.clock.now() });
  }

  activity(): void {
    this.dispatch({ type: 'activity', at: this.clock.now() });
  }

  continueSession(): void {
    this.dispatch({ type: 'continue', at: this.clock.now() });
  }

  visibility(hidden: boolean): void {
    this.dispatch({ type: 'visibility', hidden, at: this.clock.now() });
  }

  setPath(path: string): void {
    this.dispatch({ type: 'path', path, at: this.clock.now() });
  }

  setPaymentInProgress(inProgress: boolean): void {
    this.dispatch({ type: 'payment', inProgress, at: this.clock.now() });
  }

  private dispatch(event: SessionEvent): void {
    const before = this.state.loggedOut;
    this.state = reduceSession(this.state, event, this.timings);
    this.publish();
    if (!before && this.state.loggedOut) {
      this.stop();
      this.onLogout?.(this.state.loggedOut);
    }
  }

  private publish(): void {
    const next = viewSession(this.state, this.clock.now(), this.timings);
    if (sameView(next, this.view)) return;
    this.view = next;
    this.onChange?.(next);
  }
}

/** mm:ss of a countdown, rounded up to the whole second. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

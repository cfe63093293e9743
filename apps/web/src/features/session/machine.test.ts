import { sessionTimings, type AutoLogoutReason, type SessionTimings } from '@mindledger/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { guardLimitFor, initialSessionState, reduceSession, viewSession, type SessionView } from './machine';
import { formatCountdown, SessionMonitor } from './monitor';

const MIN = 60_000;
const defaults: SessionTimings = { ...sessionTimings };

function startMonitor(path = '/user/home', timings: SessionTimings = defaults) {
  const views: SessionView[] = [];
  const logouts: AutoLogoutReason[] = [];
  const monitor = new SessionMonitor({
    timings,
    path,
    onChange: (view) => views.push(view),
    onLogout: (reason) => logouts.push(reason),
  });
  monitor.start();
  return { monitor, views, logouts };
}

describe('session timers', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-03-01T09:00:00.000Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('idle: warns after 10 minutes with a 5-minute countdown, then logs out for inactivity', async () => {
    const { monitor, logouts } = startMonitor();
    await vi.advanceTimersByTimeAsync(10 * MIN - 1_000);
    expect(monitor.getView().phase).toBe('active');

    await vi.advanceTimersByTimeAsync(1_000);
    expect(monitor.getView()).toMatchObject({
      phase: 'idle-warning',
      remainingMs: 5 * MIN,
      totalMs: 5 * MIN,
    });

    // The second guard would open at 13 minutes; the idle warning keeps the screen.
    await vi.advanceTimersByTimeAsync(4 * MIN);
    expect(monitor.getView()).toMatchObject({ phase: 'idle-warning', remainingMs: MIN });
    expect(formatCountdown(monitor.getView().remainingMs)).toBe('01:00');

    await vi.advanceTimersByTimeAsync(MIN - 1_000);
    expect(logouts).toEqual([]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(logouts).toEqual(['inactivity']);
    expect(monitor.getView().phase).toBe('logged-out');

    await vi.advanceTimersByTimeAsync(30 * MIN);
    expect(logouts).toEqual(['inactivity']);
  });

  it('activity before the threshold postpones the warning; activity during the warning does not dismiss it', async () => {
    const { monitor } = startMonitor();
    await vi.advanceTimersByTimeAsync(9 * MIN);
    monitor.activity();
    await vi.advanceTimersByTimeAsync(9 * MIN);
    expect(monitor.getView().phase).toBe('active');
    await vi.advanceTimersByTimeAsync(MIN);
    expect(monitor.getView().phase).toBe('idle-warning');
    monitor.activity();
    expect(monitor.getView().phase).toBe('idle-warning');
  });

  it("'Continue Session' resets the countdown and the idle period", async () => {
    const { monitor, logouts } = startMonitor();
    await vi.advanceTimersByTimeAsync(12 * MIN);
    expect(monitor.getView().phase).toBe('idle-warning');
    monitor.continueSession();
    expect(monitor.getView().phase).toBe('active');
    await vi.advanceTimersByTimeAsync(10 * MIN - 1_000);
    expect(monitor.getView().phase).toBe('active');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(monitor.getView()).toMatchObject({ phase: 'idle-warning', remainingMs: 5 * MIN });
    expect(logouts).toEqual([]);
  });

  it('payment in progress suspends warnings and logout; the timers start over afterwards', async () => {
    const { monitor, logouts } = startMonitor('/user/subscription');
    monitor.setPaymentInProgress(true);
    await vi.advanceTimersByTimeAsync(90 * MIN);
    expect(monitor.getView().phase).toBe('suspended');
    expect(logouts).toEqual([]);

    monitor.setPaymentInProgress(false);
    monitor.setPath('/user/home');
    await vi.advanceTimersByTimeAsync(10 * MIN);
    expect(monitor.getView().phase).toBe('idle-warning');
  });

  it('subscription and checkout pages wait 30 minutes before warning', async () => {
    const { monitor, logouts } = startMonitor('/user/subscription');
    await vi.advanceTimersByTimeAsync(29 * MIN);
    expect(monitor.getView().phase).toBe('active');
    await vi.advanceTimersByTimeAsync(MIN);
    expect(monitor.getView().phase).toBe('idle-warning');
    await vi.advanceTimersByTimeAsync(5 * MIN);
    expect(logouts).toEqual(['inactivity']);
    expect(guardLimitFor('/checkout/plan', defaults)).toBe(35 * MIN);
  });

  it('away: 15 minutes of hidden tab time, added up over several absences, logs out', async () => {
    const timings = { ...defaults, idleMs: 60 * MIN, idlePaymentMs: 90 * MIN, guardMs: 120 * MIN };
    const { monitor, logouts } = startMonitor('/user/home', timings);
    monitor.visibility(true);
    await vi.advanceTimersByTimeAsync(8 * MIN);
    monitor.visibility(false);
    await vi.advanceTimersByTimeAsync(2 * MIN);
    monitor.visibility(true);
    await vi.advanceTimersByTimeAsync(7 * MIN - 1_000);
    expect(logouts).toEqual([]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(logouts).toEqual(['away_too_long']);
  });

  it('away time is forgiven once the user is active again on a visible tab', async () => {
    const timings = { ...defaults, idleMs: 60 * MIN, idlePaymentMs: 90 * MIN, guardMs: 120 * MIN };
    const { monitor, logouts } = startMonitor('/user/home', timings);
    monitor.visibility(true);
    await vi.advanceTimersByTimeAsync(10 * MIN);
    monitor.visibility(false);
    monitor.activity();
    monitor.visibility(true);
    await vi.advanceTimersByTimeAsync(10 * MIN);
    expect(logouts).toEqual([]);
  });

  it('the second guard shows "Session Expiring Soon" in its last minutes and expires the session', async () => {
    const timings = { ...defaults, guardMs: 5 * MIN, guardWarningMs: MIN };
    const { monitor, logouts } = startMonitor('/provider/dashboard', timings);
    await vi.advanceTimersByTimeAsync(4 * MIN - 1_000);
    expect(monitor.getView().phase).toBe('active');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(monitor.getView()).toMatchObject({ phase: 'guard-warning', remainingMs: MIN, totalMs: MIN });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(monitor.getView().remainingMs).toBe(30_000);
    monitor.continueSession();
    expect(monitor.getView().phase).toBe('active');
    await vi.advanceTimersByTimeAsync(5 * MIN);
    expect(logouts).toEqual(['session_expired']);
  });

  it('does nothing on /auth paths', async () => {
    const { monitor, logouts } = startMonitor('/auth/login');
    await vi.advanceTimersByTimeAsync(60 * MIN);
    expect(monitor.getView().phase).toBe('suspended');
    expect(logouts).toEqual([]);
  });
});

describe('session machine (pure)', () => {
  it('a late tick (the device slept) still ends the idle countdown from the moment the threshold was crossed', () => {
    const start = 1_000_000;
    const state = initialSessionState(start, '/user/home');
    const next = reduceSession(state, { type: 'tick', at: start + 20 * MIN }, defaults);
    expect(next.loggedOut).toBe('inactivity');
  });

  it('reports the remaining time of the idle countdown', () => {
    const start = 0;
    let state = initialSessionState(start, '/user/home');
    state = reduceSession(state, { type: 'tick', at: 10 * MIN }, defaults);
    expect(viewSession(state, 12 * MIN + 30_000, defaults)).toMatchObject({
      phase: 'idle-warning',
      remainingMs: 2 * MIN + 30_000,
    });
  });

  it('formats countdowns as mm:ss', () => {
    expect(formatCountdown(300_000)).toBe('05:00');
    expect(formatCountdown(61_000)).toBe('01:01');
    expect(formatCountdown(1_500)).toBe('00:02');
    expect(formatCountdown(-5)).toBe('00:00');
  });
});

describe('session machine (when the guard is shorter)', () => {
  it('a late tick past a shorter guard ends with session_expired', () => {
    const timings = { ...defaults, guardMs: 5 * MIN, guardWarningMs: MIN };
    const state = initialSessionState(0, '/user/home');
    expect(reduceSession(state, { type: 'tick', at: 30 * MIN }, timings).loggedOut).toBe('session_expired');
  });
});

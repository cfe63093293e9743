import { describe, expect, it } from 'vitest';
import { idleThresholdFor, isAuthPath, sessionMessages, sessionTimings } from './timers.js';

describe('session timings (Part 1 §9)', () => {
  it('holds the spec values', () => {
    expect(sessionTimings).toEqual({
      idleMs: 10 * 60_000,
      idlePaymentMs: 30 * 60_000,
      warningMs: 300_000,
      awayLimitMs: 15 * 60_000,
      guardMs: 15 * 60_000,
      guardWarningMs: 2 * 60_000,
      activeMarkerMs: 30 * 60_000,
    });
  });
});

describe('idleThresholdFor', () => {
  it('is 10 minutes on ordinary pages', () => {
    for (const path of ['/user/home', '/provider/dashboard', '/admin/all-users', '/', '/user/goals']) {
      expect(idleThresholdFor(path, sessionTimings), path).toBe(600_000);
    }
  });

  it('is 30 minutes on /subscription and /checkout paths', () => {
    for (const path of ['/subscription', '/user/subscription/plans', '/checkout', '/user/checkout?plan=x']) {
      expect(idleThresholdFor(path, sessionTimings), path).toBe(1_800_000);
    }
  });

  it('is 30 minutes anywhere during a payment', () => {
    expect(idleThresholdFor('/user/home', sessionTimings, true)).toBe(1_800_000);
  });

  it('uses the timings it is given (shortened in tests)', () => {
    const short = { ...sessionTimings, idleMs: 1_000, idlePaymentMs: 3_000 };
    expect(idleThresholdFor('/user/home', short)).toBe(1_000);
    expect(idleThresholdFor('/checkout', short)).toBe(3_000);
  });
});

describe('isAuthPath', () => {
  it('is true under /auth only', () => {
    expect(isAuthPath('/auth/login')).toBe(true);
    expect(isAuthPath('/auth/login/client?m=1')).toBe(true);
    expect(isAuthPath('/user/home')).toBe(false);
    expect(isAuthPath('/user/auth')).toBe(false);
    expect(isAuthPath('/')).toBe(false);
  });
});

describe('session messages (Part 1 §8)', () => {
  it('are worded exactly as the spec', () => {
    expect(sessionMessages.inactivity).toBe('You have been logged out due to inactivity.');
    expect(sessionMessages.away_too_long).toBe('You have been logged out after being away for too long.');
    expect(sessionMessages.session_expired).toBe('Your session has expired for security reasons.');
    expect(sessionMessages.security_policy).toBe('You have been logged out for security reasons.');
    expect(sessionMessages.loginAfterTimeout).toBe('Session expired due to inactivity. Please log in again.');
    expect(sessionMessages.extended).toBe('Session extended. You can continue working.');
    expect(sessionMessages.resumed).toBe('Session resumed successfully');
    expect(sessionMessages.autoLogoutFailed).toBe('Failed to log out automatically. Please try again.');
  });
});

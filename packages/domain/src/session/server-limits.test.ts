import { describe, expect, it } from 'vitest';
import { sessionActivitySchema } from './security.js';
import { serverIdleLimitMs, webIdleLogoutMs } from './server-limits.js';
import { sessionTimings } from './timers.js';

describe('the server idle limit', () => {
  it('follows the web app’s logout (15 minutes) by one minute', () => {
    expect(webIdleLogoutMs(sessionTimings)).toBe(15 * 60_000);
    expect(serverIdleLimitMs(sessionTimings)).toBe(16 * 60_000);
  });

  it('is 30 + 5 minutes (+1) on payment pages', () => {
    expect(webIdleLogoutMs(sessionTimings, true)).toBe(35 * 60_000);
    expect(serverIdleLimitMs(sessionTimings, true)).toBe(36 * 60_000);
  });

  it('follows a shorter second guard', () => {
    const guarded = { ...sessionTimings, guardMs: 5 * 60_000 };
    expect(webIdleLogoutMs(guarded)).toBe(5 * 60_000);
    expect(webIdleLogoutMs(guarded, true)).toBe(25 * 60_000);
  });

  it('follows timings shortened for tests', () => {
    const short = { ...sessionTimings, idleMs: 4_000, warningMs: 6_000, guardMs: 600_000 };
    expect(webIdleLogoutMs(short)).toBe(10_000);
  });
});

describe('sessionActivitySchema', () => {
  it('takes an optional boolean payment flag', () => {
    expect(sessionActivitySchema.safeParse({}).success).toBe(true);
    expect(sessionActivitySchema.safeParse({ payment: true }).success).toBe(true);
    expect(sessionActivitySchema.safeParse({ payment: 'yes' }).success).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { rateLimitNearlyExhausted, rateLimitToast } from './rate-limit.js';

describe('rateLimitToast (Part 1 §8, Part 2 §8)', () => {
  it('shows the blocked error for 10 s, whatever else the answer says', () => {
    const toast = {
      kind: 'error',
      message: 'Access temporarily blocked due to too many requests. Please wait a few minutes.',
      durationMs: 10_000,
    };
    expect(rateLimitToast({ blocked: true }, '300')).toEqual(toast);
    expect(rateLimitToast({ blocked: true, burst: true }, null)).toEqual(toast);
  });

  it('shows the burst warning for 3 s', () => {
    expect(rateLimitToast({ burst: true }, '1')).toEqual({
      kind: 'warning',
      message: 'Please slow down your requests.',
      durationMs: 3_000,
    });
  });

  it('shows the plain warning for 5 s with N from Retry-After', () => {
    expect(rateLimitToast({}, '42')).toEqual({
      kind: 'warning',
      message: 'Rate limit reached. Please wait 42 seconds before trying again.',
      durationMs: 5_000,
    });
    expect(rateLimitToast({ blocked: false, burst: false }, '7').message).toBe(
      'Rate limit reached. Please wait 7 seconds before trying again.',
    );
  });

  it('defaults N to 60 when the header is missing or not a positive number', () => {
    for (const header of [null, undefined, '', 'soon', '0', '-5', 'Wed, 21 Oct 2015 07:28:00 GMT']) {
      const toast = rateLimitToast(null, header);
      expect(toast.message, String(header)).toBe(
        'Rate limit reached. Please wait 60 seconds before trying again.',
      );
      expect(toast.durationMs).toBe(5_000);
      expect(toast.kind).toBe('warning');
    }
    expect(rateLimitToast(undefined, undefined).message).toContain('60 seconds');
  });
});

describe('rateLimitNearlyExhausted', () => {
  it('warns when 5 or fewer remain and fewer than 20 % of the limit', () => {
    expect(rateLimitNearlyExhausted(100, 5)).toBe(true);
    expect(rateLimitNearlyExhausted(100, 0)).toBe(true);
    expect(rateLimitNearlyExhausted(100, 6)).toBe(false);
    expect(rateLimitNearlyExhausted(30, 5)).toBe(true);
  });

  it('needs both conditions', () => {
    // 5 remaining of 25 is exactly 20 %: not fewer than 20 %.
    expect(rateLimitNearlyExhausted(25, 5)).toBe(false);
    expect(rateLimitNearlyExhausted(26, 5)).toBe(true);
    // 2 of 10 is 20 %; 1 of 10 is below.
    expect(rateLimitNearlyExhausted(10, 2)).toBe(false);
    expect(rateLimitNearlyExhausted(10, 1)).toBe(true);
  });

  it('never warns on nonsense values', () => {
    expect(rateLimitNearlyExhausted(0, 0)).toBe(false);
    expect(rateLimitNearlyExhausted(-10, 0)).toBe(false);
    expect(rateLimitNearlyExhausted(Number.NaN, 1)).toBe(false);
    expect(rateLimitNearlyExhausted(100, Number.NaN)).toBe(false);
  });
});

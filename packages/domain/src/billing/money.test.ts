import { describe, expect, it } from 'vitest';
import {
  addMonths,
  formatBillingDate,
  formatCents,
  periodEnd,
  prorationAmount,
  remainingDays,
  trialEnd,
} from './money.js';
import { plans } from './plans.js';

describe('currency and dates (Part 2 §5)', () => {
  it('shows cents as USD with two decimals, N/A when empty', () => {
    expect(formatCents(1299)).toBe('$12.99');
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(1_199_900)).toBe('$11,999.00');
    expect(formatCents(null)).toBe('N/A');
    expect(formatCents(undefined)).toBe('N/A');
  });

  it('shows N/A for an empty date and Invalid date for a bad one', () => {
    expect(formatBillingDate(null)).toBe('N/A');
    expect(formatBillingDate('')).toBe('N/A');
    expect(formatBillingDate('not a date')).toBe('Invalid date');
    expect(formatBillingDate('2026-03-05T12:00:00Z')).toBe('Mar 5, 2026');
  });
});

describe('billing periods', () => {
  it('moves by calendar months from the anchor, clamping to the month end', () => {
    const jan31 = new Date('2026-01-31T10:00:00Z');
    expect(addMonths(jan31, 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonths(jan31, 2).toISOString()).toBe('2026-03-31T10:00:00.000Z');
    expect(addMonths(new Date('2024-02-29T00:00:00Z'), 12).toISOString()).toBe('2025-02-28T00:00:00.000Z');
    expect(periodEnd(jan31, 'year')!.toISOString()).toBe('2027-01-31T10:00:00.000Z');
    expect(periodEnd(jan31, 'lifetime')).toBeNull();
  });

  it('trials end 14 days or 2 months later', () => {
    const start = new Date('2026-11-24T01:00:00Z');
    expect(trialEnd(plans['standard-monthly'], start)!.toISOString()).toBe('2026-12-08T01:00:00.000Z');
    expect(trialEnd(plans['standard-annual'], start)!.toISOString()).toBe('2027-01-24T01:00:00.000Z');
    expect(trialEnd(plans['free-tier'], start)).toBeNull();
  });

  it('counts remaining days rounded up', () => {
    const now = new Date('2026-11-24T00:00:00Z');
    expect(remainingDays(now, new Date('2026-11-25T00:00:01Z'))).toBe(2);
    expect(remainingDays(now, new Date('2026-11-20T00:00:00Z'))).toBe(0);
    expect(remainingDays(now, null)).toBe(0);
  });
});

describe('proration (an upgrade at once)', () => {
  const periodStart = new Date('2026-11-01T00:00:00Z');
  const periodEndAt = new Date('2026-12-01T00:00:00Z');
  it('credits the unused part of what was paid', () => {
    const half = new Date('2026-11-16T00:00:00Z');
    expect(
      prorationAmount({
        paidCents: 1300,
        periodStart,
        periodEnd: periodEndAt,
        newPriceCents: 11999,
        now: half,
      }),
    ).toBe(11999 - 650);
  });
  it('charges the full price at the period end and never less than zero', () => {
    expect(
      prorationAmount({
        paidCents: 1299,
        periodStart,
        periodEnd: periodEndAt,
        newPriceCents: 11999,
        now: periodEndAt,
      }),
    ).toBe(11999);
    expect(
      prorationAmount({
        paidCents: 20000,
        periodStart,
        periodEnd: periodEndAt,
        newPriceCents: 1299,
        now: periodStart,
      }),
    ).toBe(0);
  });
});

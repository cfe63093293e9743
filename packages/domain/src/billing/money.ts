import { isDay } from '../dates/days.js';
import type { Plan, PlanInterval } from './plans.js';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

/** Cents shown as dollars (Part 2 §5 Dates and currency): USD, 2 decimals, en-US; empty → 'N/A'. */
export function formatCents(cents: number | null | undefined): string {
  if (cents === null || cents === undefined || !Number.isFinite(cents)) return 'N/A';
  return usd.format(cents / 100);
}

/**
 * A date for billing screens: empty → 'N/A', unreadable → 'Invalid date' (Part 2 §5). A calendar
 * day ('YYYY-MM-DD', e.g. a promo's expiry) is shown as that day wherever the viewer is (read as
 * an instant it would be the day before west of UTC); an instant is shown in the viewer's zone.
 */
export function formatBillingDate(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return 'N/A';
  const calendarDay = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
  if (calendarDay && !isDay(value)) return 'Invalid date';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return 'Invalid date';
  return date.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    ...(calendarDay ? { timeZone: 'UTC' } : {}),
  });
}

const DAY_MS = 86_400_000;

/**
 * `anchor` moved by whole months in UTC, the day clamped to the month's length (Jan 31 → Feb 28 →
 * Mar 31 when counted from the same anchor), the way card billing cycles advance.
 */
export function addMonths(anchor: Date, months: number): Date {
  const y = anchor.getUTCFullYear();
  const m = anchor.getUTCMonth() + months;
  const target = new Date(
    Date.UTC(
      y,
      m,
      1,
      anchor.getUTCHours(),
      anchor.getUTCMinutes(),
      anchor.getUTCSeconds(),
      anchor.getUTCMilliseconds(),
    ),
  );
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(anchor.getUTCDate(), lastDay));
  return target;
}

/** The end of the `n`-th period counted from `anchor` (n = 1: the first period's end). */
export function periodEnd(anchor: Date, interval: PlanInterval, n = 1): Date | null {
  if (interval === 'lifetime') return null;
  return addMonths(anchor, interval === 'month' ? n : 12 * n);
}

/** When a first-time trial of `plan` started at `start` ends (null: the plan has no trial). */
export function trialEnd(plan: Plan, start: Date): Date | null {
  if (!plan.trial) return null;
  return 'days' in plan.trial
    ? new Date(start.getTime() + plan.trial.days * DAY_MS)
    : addMonths(start, plan.trial.months);
}

/** Whole days left until `end`, rounded up (0 when past). */
export function remainingDays(now: Date, end: Date | null): number {
  if (!end) return 0;
  return Math.max(0, Math.ceil((end.getTime() - now.getTime()) / DAY_MS));
}

export interface ProrationInput {
  /** Cents paid for the current period (0 in a trial). */
  paidCents: number;
  periodStart: Date;
  periodEnd: Date;
  newPriceCents: number;
  now: Date;
}

/**
 * An upgrade applied at once (Part 2 §4): the unused part of what was paid for the current period
 * is credited against the new plan's first period, which starts now. Answers the amount due now.
 */
export function prorationAmount(input: ProrationInput): number {
  const span = input.periodEnd.getTime() - input.periodStart.getTime();
  const left = Math.max(0, input.periodEnd.getTime() - input.now.getTime());
  const credit = span > 0 ? Math.round((input.paidCents * Math.min(left, span)) / span) : 0;
  return Math.max(0, input.newPriceCents - credit);
}

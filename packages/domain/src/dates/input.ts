import { isDay } from './days.js';

/**
 * Dates a client sends (a journal entry's day, a goal's target date, the end of a range, a week's
 * start, a year): real calendar days in years a journal can mean. Outside them PostgreSQL and the
 * day arithmetic (years past 9999, '2024-02-30' read as 1 March) answer errors, not days.
 */
export const yearBounds = { min: 1970, max: 2100 } as const;
export const dayBounds = { first: `${yearBounds.min}-01-01`, last: `${yearBounds.max}-12-31` } as const;

/** An ISO 8601 date, optionally with a time and an offset: '2026-03-04', '2026-03-04T10:00:00.000+05:30'. */
const isoDate =
  /^(\d{4}-\d{2}-\d{2})(?:[Tt ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:[Zz]|[+-]\d{2}:?\d{2})?)?$/;
/** A written day's instant may sit up to 14 hours (the widest UTC offsets) beyond the bounds. */
const offsetSlackMs = 14 * 3_600_000;
const firstMs = Date.parse(`${dayBounds.first}T00:00:00Z`) - offsetSlackMs;
const lastMs = Date.parse(`${dayBounds.last}T23:59:59.999Z`) + offsetSlackMs;

/** Whether an instant lies within the bounds (with the offsets' slack): PostgreSQL and Intl can hold it. */
export function isInstantInBounds(instant: Date): boolean {
  const ms = instant.getTime();
  return !Number.isNaN(ms) && ms >= firstMs && ms <= lastMs;
}

/** Whether `value` is a real calendar day 'YYYY-MM-DD' within the bounds. */
export function isDayInBounds(value: unknown): value is string {
  return isDay(value) && value >= dayBounds.first && value <= dayBounds.last;
}

/**
 * A date a client sent, read once for every caller: ISO 8601 whose written day is a real calendar
 * day within the bounds and whose time (if any) is a real time. The written day ('2026-03-04' of
 * '2026-03-04T23:00:00-05:00') and the instant; null for anything else.
 */
export function parseDateInput(value: unknown): { day: string; instant: Date } | null {
  if (typeof value !== 'string' || value.length > 40) return null;
  const text = value.trim();
  const day = isoDate.exec(text)?.[1];
  if (!isDayInBounds(day)) return null;
  const ms = Date.parse(text.length === 10 ? `${text}T00:00:00Z` : text);
  const instant = new Date(ms);
  return isInstantInBounds(instant) ? { day, instant } : null;
}

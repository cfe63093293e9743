/**
 * Calendar days ('YYYY-MM-DD') in the user's time zone (spec ruling 9). An instant becomes a day
 * through Intl in the user's IANA zone; arithmetic on days is done on UTC midnights, so it never
 * shifts across a daylight-saving change. No date library (STYLE.md 'one date library': Intl).
 */

const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const dayMs = 86_400_000;

function utcMidnight(day: string): number {
  return Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
}

function fromUtc(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Whether `value` is a real calendar day written 'YYYY-MM-DD' ('2026-02-30' is not). */
export function isDay(value: unknown): value is string {
  if (typeof value !== 'string' || !dayPattern.test(value)) return false;
  const ms = utcMidnight(value);
  return !Number.isNaN(ms) && fromUtc(ms) === value;
}

function assertDay(day: string): void {
  if (!isDay(day)) throw new RangeError(`Not a day (YYYY-MM-DD): ${day}`);
}

const formatters = new Map<string, Intl.DateTimeFormat>();
/** About 600 IANA names exist; Intl also takes any letter case, so input could grow an unbounded cache. */
const maxFormatters = 1000;

/**
 * Whether the runtime knows `timeZone` as an IANA zone. A known zone's formatter is kept (and used
 * by `localDay`): building one costs tens of microseconds, and every saved entry asks.
 */
export function isTimeZone(timeZone: unknown): timeZone is string {
  if (typeof timeZone !== 'string' || timeZone === '' || timeZone.length > 64) return false;
  if (formatters.has(timeZone)) return true;
  try {
    dayFormatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

function dayFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      calendar: 'gregory',
      numberingSystem: 'latn',
    });
    if (formatters.size < maxFormatters) formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * The calendar day of `instant` in `timeZone`. Throws RangeError for an unparseable instant or an
 * unknown zone (the caller picks the zone: the entry's, else the profile's).
 */
export function localDay(instant: Date | string, timeZone: string): string {
  const date = instant instanceof Date ? instant : new Date(instant);
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid date');
  const parts = dayFormatter(timeZone).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const year = part('year').padStart(4, '0');
  return `${year}-${part('month')}-${part('day')}`;
}

export function addDays(day: string, days: number): string {
  assertDay(day);
  return fromUtc(utcMidnight(day) + days * dayMs);
}

/** Whole days from `a` to `b` ('YYYY-MM-DD'): positive when `b` is later. */
export function daysBetween(a: string, b: string): number {
  assertDay(a);
  assertDay(b);
  return Math.round((utcMidnight(b) - utcMidnight(a)) / dayMs);
}

/** Monday of the week containing `day` (weeks start on Monday, Part 1 §2, §9). */
export function mondayOf(day: string): string {
  assertDay(day);
  const weekday = new Date(utcMidnight(day)).getUTCDay(); // 0 = Sunday
  return addDays(day, -((weekday + 6) % 7));
}

/** The seven days Monday..Sunday of the week containing `day`. */
export function weekOf(day: string): string[] {
  const monday = mondayOf(day);
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

/**
 * The streak of Part 1 §4: consecutive days with at least one entry, ending today, or yesterday if
 * there is none today; 0 if neither day has one. `days` are local days in any order; duplicates and
 * malformed values are ignored; days after `today` do not count.
 */
export function computeStreak(days: readonly string[], today: string): number {
  assertDay(today);
  const present = new Set(days.filter(isDay));
  let day = present.has(today) ? today : addDays(today, -1);
  let streak = 0;
  while (present.has(day)) {
    streak++;
    day = addDays(day, -1);
  }
  return streak;
}

/** The date ranges of Part 1 §9 (analytics, two-weeks view), in days. */
export const dateRanges = { '1 Week': 7, '2 Weeks': 14, '30 Days': 30, '90 Days': 90 } as const;
export type DateRange = keyof typeof dateRanges;
export const dateRangeNames = Object.keys(dateRanges) as DateRange[];

export function isDateRange(value: unknown): value is DateRange {
  return typeof value === 'string' && Object.hasOwn(dateRanges, value);
}

/** The first day of `range` ending on `endDay`, both included ('1 Week' ending Sunday starts Monday). */
export function rangeStart(range: DateRange, endDay: string): string {
  return addDays(endDay, -(dateRanges[range] - 1));
}

/** Every day of `range` ending on `endDay`, oldest first. */
export function rangeDays(range: DateRange, endDay: string): string[] {
  const start = rangeStart(range, endDay);
  return Array.from({ length: dateRanges[range] }, (_, i) => addDays(start, i));
}

const pad = (n: number, width = 2) => String(Math.trunc(Math.abs(n))).padStart(width, '0');

/** The minutes since local midnight (0–1439) of `instant` in `timeZone`; RangeError as localDay. */
export function localMinutes(instant: Date, timeZone: string): number {
  if (Number.isNaN(instant.getTime())) throw new RangeError('Invalid date');
  const [h = 0, m = 0] = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(instant)
    .split(':')
    .map(Number);
  return (h % 24) * 60 + m;
}

/**
 * The wall-clock time of `date` where the device is, with its UTC offset:
 * '2026-11-23T22:40:05+01:00' (25 characters, inside the §5 date-string bounds of 10–30, and
 * parseable back to the same instant). Stored beside the entry as the user saw the moment.
 */
export function localTimestamp(date: Date = new Date()): string {
  const offset = -date.getTimezoneOffset();
  const sign = offset < 0 ? '-' : '+';
  return (
    `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}` +
    `${sign}${pad(offset / 60)}:${pad(offset % 60)}`
  );
}

/**
 * Calendar days (YYYY-MM-DD) of the home widgets. Days belong to the user's time zone (spec ruling 9);
 * arithmetic on day strings is done in UTC so it never shifts across a daylight-saving change.
 */

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

function isTimeZone(zone: string | null | undefined): zone is string {
  if (!zone) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Today's date in `timeZone` (an IANA name; the browser's zone when missing or unknown). */
export function todayIn(timeZone?: string | null, now: Date = new Date()): string {
  const zone = isTimeZone(timeZone) ? timeZone : undefined;
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

function utc(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

export function isDay(value: string | null | undefined): value is string {
  return typeof value === 'string' && dayPattern.test(value) && !Number.isNaN(utc(value).getTime());
}

export function addDays(day: string, days: number): string {
  const date = utc(day);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (positive when `to` is later). */
export function daysBetween(from: string, to: string): number {
  return Math.round((utc(to).getTime() - utc(from).getTime()) / 86_400_000);
}

/** Monday of the week containing `day` (weeks start on Monday, Part 1 §2 and §9). */
export function mondayOf(day: string): string {
  return addDays(day, -((utc(day).getUTCDay() + 6) % 7));
}

/** The seven days Monday..Sunday of the week containing `day`. */
export function weekOf(day: string): string[] {
  const monday = mondayOf(day);
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

function format(day: string, options: Intl.DateTimeFormatOptions): string {
  return new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' }).format(utc(day));
}

/** 'Mon' */
export const shortWeekday = (day: string) => format(day, { weekday: 'short' });
/** 'Monday, November 16' */
export const longDay = (day: string) => format(day, { weekday: 'long', month: 'long', day: 'numeric' });
/** 'Nov 16', or 'Nov 16, 2025' outside the reference year. */
export function shortDate(day: string, referenceDay?: string): string {
  const sameYear = referenceDay ? referenceDay.slice(0, 4) === day.slice(0, 4) : true;
  return format(
    day,
    sameYear ? { month: 'short', day: 'numeric' } : { month: 'short', day: 'numeric', year: 'numeric' },
  );
}

/**
 * Part 1 §9 relative dates: 'Today', 'Yesterday', 'N days ago' (2 to 7), 'Tomorrow', 'Future';
 * older days show a short date.
 */
export function relativeDay(day: string, today: string): string {
  const ago = daysBetween(day, today);
  if (ago === 0) return 'Today';
  if (ago === 1) return 'Yesterday';
  if (ago === -1) return 'Tomorrow';
  if (ago < -1) return 'Future';
  if (ago <= 7) return `${ago} days ago`;
  return shortDate(day, today);
}

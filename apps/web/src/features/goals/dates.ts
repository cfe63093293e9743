/**
 * Day arithmetic for the goal cards. Days belong to the user's time zone (spec ruling 9): an
 * instant is turned into that zone's calendar day before counting.
 */
function dayKey(value: Date, timeZone?: string): string {
  try {
    return new Intl.DateTimeFormat('en-CA', {
      timeZone: timeZone || undefined,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(value);
  } catch {
    // An unknown zone name: fall back to the browser's zone.
    return new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(
      value,
    );
  }
}

const dayMs = 86_400_000;

/** Whole calendar days from `value` to `now` in `timeZone` (0 = the same day). */
export function daysSince(value: string | Date, now: Date = new Date(), timeZone?: string): number {
  const then = new Date(value);
  if (Number.isNaN(then.getTime())) return 0;
  const a = Date.parse(`${dayKey(then, timeZone)}T00:00:00Z`);
  const b = Date.parse(`${dayKey(now, timeZone)}T00:00:00Z`);
  return Math.max(0, Math.round((b - a) / dayMs));
}

function ago(days: number): string {
  return days === 1 ? '1 day ago' : `${days} days ago`;
}

/** 'Created today' or 'Created N days ago' (Part 1 §2). */
export function createdLabel(createdAt: string, now?: Date, timeZone?: string): string {
  const days = daysSince(createdAt, now, timeZone);
  return days === 0 ? 'Created today' : `Created ${ago(days)}`;
}

/** 'Last mention today' or 'Last mention N days ago'; null when the goal was never mentioned. */
export function lastMentionLabel(
  lastMentionDate: string | null,
  now?: Date,
  timeZone?: string,
): string | null {
  if (!lastMentionDate) return null;
  const days = daysSince(lastMentionDate, now, timeZone);
  return days === 0 ? 'Last mention today' : `Last mention ${ago(days)}`;
}

/** The day of an instant in the user's zone, as YYYY-MM-DD (mention history grouping). */
export function dayOf(value: string, timeZone?: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value.slice(0, 10) : dayKey(date, timeZone);
}

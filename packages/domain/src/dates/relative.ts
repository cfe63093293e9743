import { daysBetween, isDay, localDay } from './days.js';

export const emptyDateText = 'N/A';
export const invalidDateText = 'Invalid date';

const shortDate = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** 'Mar 4, 2026' (locale en-US, Part 1 §9). */
export function formatShortDay(day: string): string {
  return shortDate.format(new Date(`${day}T00:00:00Z`));
}

/**
 * Relative dates of Part 1 §9, counted in the user's time zone (ruling 9): 'Today', 'Yesterday',
 * 'N days ago' (2 to 7), 'Tomorrow', 'Future' (beyond tomorrow); older days show 'Mar 4, 2026'
 * (always with the year); empty → 'N/A', unparseable → 'Invalid date'. A 'YYYY-MM-DD' value is a
 * calendar day already and is taken as it is; anything else is an instant placed in `timeZone`.
 */
export function relativeDay(value: string | Date | null | undefined, now: Date, timeZone: string): string {
  if (value === null || value === undefined || value === '') return emptyDateText;
  let day: string;
  if (typeof value === 'string' && isDay(value.trim())) {
    day = value.trim();
  } else {
    const instant = value instanceof Date ? value : new Date(value);
    if (Number.isNaN(instant.getTime())) return invalidDateText;
    day = localDay(instant, timeZone);
  }
  const ago = daysBetween(day, localDay(now, timeZone));
  if (ago === 0) return 'Today';
  if (ago === 1) return 'Yesterday';
  if (ago === -1) return 'Tomorrow';
  if (ago < -1) return 'Future';
  if (ago <= 7) return `${ago} days ago`;
  return formatShortDay(day);
}

/**
 * The progress line of 'This Week's Journey' (Part 1 §2), quoted literally per ruling 1:
 * 'Great progress! N day(s) down, M to go', or the empty-week line when nothing is written yet.
 */
export function weekProgressText(daysWithEntries: number, daysInWeek = 7): string {
  const done = Math.max(0, Math.min(daysInWeek, Math.floor(daysWithEntries) || 0));
  if (done === 0) return 'Start your week strong! 7 days of opportunity await';
  return `Great progress! ${done} day(s) down, ${daysInWeek - done} to go`;
}

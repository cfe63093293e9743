import { addDays, formatShortDay, isTimeZone, localDay, mondayOf } from '@mindledger/domain';

/** A period the client can generate insights for (local days of their zone, both included). */
export interface WeekOption {
  value: string;
  label: string;
  startDate: string;
  endDate: string;
}

/** How many complete weeks the picker offers. */
export const pickerWeeks = 8;

/** 'Mar 2 – Mar 8, 2026' (the year once when both days share it). */
export function periodLabel(startDate: string, endDate: string): string {
  const start = formatShortDay(startDate);
  const end = formatShortDay(endDate);
  if (startDate.slice(0, 4) === endDate.slice(0, 4)) return `${start.replace(/, \d{4}$/, '')} – ${end}`;
  return `${start} – ${end}`;
}

const option = (startDate: string, endDate: string, label?: string): WeekOption => ({
  value: `${startDate}_${endDate}`,
  label: label ?? periodLabel(startDate, endDate),
  startDate,
  endDate,
});

/**
 * The picker's periods, in the user's zone (ruling 9): the last `pickerWeeks` complete weeks, Monday
 * first, newest first (the current week is never complete: its Sunday is at best today), then the
 * seven days ending yesterday.
 */
export function weekOptions(now: Date, timeZone: string, weeks = pickerWeeks): WeekOption[] {
  const today = localDay(now, isTimeZone(timeZone) ? timeZone : 'UTC');
  const yesterday = addDays(today, -1);
  const custom = option(
    addDays(today, -7),
    yesterday,
    `Last 7 days (${periodLabel(addDays(today, -7), yesterday)})`,
  );
  const monday = mondayOf(today);
  const complete = Array.from({ length: weeks }, (_, i) => {
    const start = addDays(monday, -7 * (i + 1));
    return option(start, addDays(start, 6));
  });
  return [...complete, custom];
}

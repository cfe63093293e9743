/**
 * A local time of day on a calendar day in an IANA zone, as an instant: what per-user schedules
 * (reminders, weekly automation) are due at. Across a daylight-saving change a schedule neither
 * skips nor doubles: a time that does not exist that day (the spring gap) falls just after the gap,
 * by the gap's length (02:30 becomes 03:30), and a time that exists twice (the autumn overlap) is
 * the first of the two. Intl only, like days.ts.
 */
import { addDays, isDay, localDay } from './days.js';

const timePattern = /^([01]\d|2[0-3]):([0-5]\d)$/;
const minuteMs = 60_000;
const dayMs = 86_400_000;

/** Whether `value` is a local time of day written 'HH:MM' (24 h). */
export function isLocalTime(value: unknown): value is string {
  return typeof value === 'string' && timePattern.test(value);
}

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();
function offsetFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = offsetFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      calendar: 'gregory',
      numberingSystem: 'latn',
    });
    if (offsetFormatters.size < 1000) offsetFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The zone's offset from UTC at `instant`, in ms (local wall clock minus UTC), to the minute. */
function offsetAt(instant: number, timeZone: string): number {
  const parts = offsetFormatter(timeZone).formatToParts(new Date(instant));
  const n = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'));
  return wall - Math.floor(instant / minuteMs) * minuteMs;
}

/** The instant of `time` ('HH:MM') on `day` ('YYYY-MM-DD') in `timeZone` (see the file comment). */
export function zonedInstant(day: string, time: string, timeZone: string): Date {
  if (!isDay(day)) throw new RangeError(`Not a day (YYYY-MM-DD): ${day}`);
  const match = timePattern.exec(time);
  if (!match) throw new RangeError(`Not a time (HH:MM): ${time}`);
  const wall =
    Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) +
    (Number(match[1]) * 60 + Number(match[2])) * minuteMs;
  // The offsets in force a day before and a day after: a change of offset happens at most once a day.
  const before = offsetAt(wall - dayMs, timeZone);
  const after = offsetAt(wall + dayMs, timeZone);
  const valid = [wall - before, wall - after].filter((t) => offsetAt(t, timeZone) === wall - t);
  if (valid.length > 0) return new Date(Math.min(...valid));
  // In the gap: read with the offset before the change, which lands after the gap by its length.
  return new Date(wall - before);
}

/** ISO weekday of a day: 1 = Monday … 7 = Sunday. */
export function isoWeekday(day: string): number {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}

export interface LocalSchedule {
  /** 'HH:MM' in the zone. */
  localTime: string;
  /** ISO weekdays it falls on (1 = Monday … 7 = Sunday); empty means none. */
  weekdays: readonly number[];
  timeZone: string;
}

/**
 * The first slot of `schedule` strictly after `now` and after the day `afterSlot` (when given): the
 * local day it falls on and its instant. Null when the schedule has no weekday.
 */
export function nextSlot(
  schedule: LocalSchedule,
  now: Date,
  afterSlot?: string | null,
): { slot: string; at: Date } | null {
  const days = new Set(schedule.weekdays.filter((d) => Number.isInteger(d) && d >= 1 && d <= 7));
  if (days.size === 0) return null;
  // From the day before today in the zone, keeping only instants after `now`: simple and always right.
  let day = addDays(localDay(now, schedule.timeZone), -1);
  if (afterSlot && isDay(afterSlot) && afterSlot >= day) day = addDays(afterSlot, 1);
  for (let i = 0; i < 16; i += 1, day = addDays(day, 1)) {
    if (!days.has(isoWeekday(day))) continue;
    const at = zonedInstant(day, schedule.localTime, schedule.timeZone);
    if (at.getTime() > now.getTime()) return { slot: day, at };
  }
  return null;
}

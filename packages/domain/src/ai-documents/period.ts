import { addDays, isDay } from '../dates/days.js';
import { isoWeekday, zonedInstant, type LocalSchedule } from '../dates/zoned.js';
import { isAutomationDay } from './automation.js';

/**
 * The weekly report period of Part 2 §4 "Weekly automation": "the period runs from the chosen
 * automation day at 12:00 AM to the previous weekday at 11:59:59 PM, and generation happens at
 * 12:00 AM on that day". A run on day D covers the seven local days D − 7 … D − 1. Everything is in
 * local days of the user's zone (ruling 9), so a daylight-saving change never moves a period; only
 * the instants (`automationRunInstant`, `automationPeriodBounds`) depend on the zone.
 */
export interface ReportPeriod {
  /** First local day, inclusive ('YYYY-MM-DD'). */
  startDate: string;
  /** Last local day, inclusive. */
  endDate: string;
}

/** Automation runs at the start of the local day. */
export const automationRunTime = '00:00';

function assertDay(day: string): void {
  if (!isDay(day)) throw new RangeError(`Not a day (YYYY-MM-DD): ${day}`);
}

function assertAutomationDay(day: number): void {
  if (!isAutomationDay(day)) throw new RangeError(`Not an automation day (0–6): ${String(day)}`);
}

/** The period a run on `runDay` reports on: the seven days before it. */
export function automationPeriod(runDay: string): ReportPeriod {
  assertDay(runDay);
  return { startDate: addDays(runDay, -7), endDate: addDays(runDay, -1) };
}

/** The ISO weekday (1 Monday … 7 Sunday) of an automation day (0 Sunday … 6 Saturday). */
export function isoWeekdayOfAutomationDay(day: number): number {
  assertAutomationDay(day);
  return day === 0 ? 7 : day;
}

/**
 * The most recent run day on or before `today`. Today counts: its run is at 12:00 AM, which has
 * passed at any moment of the day.
 */
export function lastAutomationRunDay(today: string, automationDay: number): string {
  assertDay(today);
  const target = isoWeekdayOfAutomationDay(automationDay);
  return addDays(today, -((isoWeekday(today) - target + 7) % 7));
}

/**
 * The next run day strictly after `today` (today's 12:00 AM run, if today is the day, has already
 * happened). What "Report dates will update accordingly" shows after the day is changed.
 */
export function nextAutomationRunDay(today: string, automationDay: number): string {
  return addDays(lastAutomationRunDay(today, automationDay), 7);
}

/** The most recent complete period on `today`: the one the last run (today included) covered. */
export function currentReportPeriod(today: string, automationDay: number): ReportPeriod {
  return automationPeriod(lastAutomationRunDay(today, automationDay));
}

/**
 * The instant of the run on `runDay` in `timeZone`: its 12:00 AM. Where midnight does not exist
 * (America/Santiago springs from 24:00 to 01:00) it is the first instant of that day, 01:00.
 */
export function automationRunInstant(runDay: string, timeZone: string): Date {
  return zonedInstant(runDay, automationRunTime, timeZone);
}

/**
 * The instants a run on `runDay` covers: from the start of the first day (inclusive) to the run
 * itself (exclusive), i.e. up to the previous day's 11:59:59 PM. 167, 168 or 169 hours long.
 */
export function automationPeriodBounds(runDay: string, timeZone: string): { from: Date; until: Date } {
  const { startDate } = automationPeriod(runDay);
  return { from: automationRunInstant(startDate, timeZone), until: automationRunInstant(runDay, timeZone) };
}

/** The automation as a `LocalSchedule`, so `nextSlot` finds its due instants like reminders'. */
export function automationSchedule(automationDay: number, timeZone: string): LocalSchedule {
  return { localTime: automationRunTime, weekdays: [isoWeekdayOfAutomationDay(automationDay)], timeZone };
}

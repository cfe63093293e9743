import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, localDay } from '../dates/days.js';
import { isoWeekday, nextSlot } from '../dates/zoned.js';
import {
  automationPeriod,
  automationPeriodBounds,
  automationRunInstant,
  automationSchedule,
  currentReportPeriod,
  isoWeekdayOfAutomationDay,
  lastAutomationRunDay,
  nextAutomationRunDay,
} from './period.js';

const hours = (bounds: { from: Date; until: Date }) =>
  (bounds.until.getTime() - bounds.from.getTime()) / 3_600_000;

/** The bounds cover exactly the period's local days: first instant on startDate, last on endDate. */
function expectCoversPeriod(runDay: string, timeZone: string) {
  const period = automationPeriod(runDay);
  const bounds = automationPeriodBounds(runDay, timeZone);
  expect(localDay(bounds.from, timeZone)).toBe(period.startDate);
  expect(localDay(new Date(bounds.from.getTime() - 1), timeZone)).toBe(addDays(period.startDate, -1));
  expect(localDay(new Date(bounds.until.getTime() - 1), timeZone)).toBe(period.endDate);
  expect(localDay(bounds.until, timeZone)).toBe(runDay);
  return bounds;
}

describe('automationPeriod', () => {
  it('runs from the run day a week before to the day before the run', () => {
    expect(automationPeriod('2026-01-11')).toEqual({ startDate: '2026-01-04', endDate: '2026-01-10' });
  });

  it('crosses a year end', () => {
    expect(automationPeriod('2027-01-03')).toEqual({ startDate: '2026-12-27', endDate: '2027-01-02' });
    expect(automationPeriod('2027-01-01')).toEqual({ startDate: '2026-12-25', endDate: '2026-12-31' });
  });

  it('counts the leap day as one of the seven days', () => {
    expect(automationPeriod('2028-03-01')).toEqual({ startDate: '2028-02-23', endDate: '2028-02-29' });
    expect(automationPeriod('2028-03-05')).toEqual({ startDate: '2028-02-27', endDate: '2028-03-04' });
    expect(automationPeriod('2026-03-01')).toEqual({ startDate: '2026-02-22', endDate: '2026-02-28' });
  });

  it('refuses a value that is not a day', () => {
    expect(() => automationPeriod('2026-02-30')).toThrow(RangeError);
  });
});

describe('isoWeekdayOfAutomationDay', () => {
  it('maps 0 Sunday to ISO 7 and keeps Monday..Saturday', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(isoWeekdayOfAutomationDay)).toEqual([7, 1, 2, 3, 4, 5, 6]);
  });

  it('refuses anything outside 0–6', () => {
    expect(() => isoWeekdayOfAutomationDay(7)).toThrow(RangeError);
    expect(() => isoWeekdayOfAutomationDay(1.5)).toThrow(RangeError);
  });
});

describe('run days and the current period', () => {
  it('finds the next run day strictly after today', () => {
    // 2026-01-07 is a Wednesday
    expect(nextAutomationRunDay('2026-01-07', 0)).toBe('2026-01-11');
    expect(nextAutomationRunDay('2026-01-07', 3)).toBe('2026-01-14');
    expect(nextAutomationRunDay('2026-01-07', 4)).toBe('2026-01-08');
    expect(nextAutomationRunDay('2026-12-30', 0)).toBe('2027-01-03');
  });

  it('takes today as the last run day when today is the automation day', () => {
    expect(lastAutomationRunDay('2026-01-07', 3)).toBe('2026-01-07');
    expect(lastAutomationRunDay('2026-01-07', 4)).toBe('2026-01-01');
  });

  it('gives the most recent complete period', () => {
    expect(currentReportPeriod('2026-01-07', 0)).toEqual({ startDate: '2025-12-28', endDate: '2026-01-03' });
    expect(currentReportPeriod('2026-01-11', 0)).toEqual({ startDate: '2026-01-04', endDate: '2026-01-10' });
    expect(currentReportPeriod('2027-01-03', 0)).toEqual({ startDate: '2026-12-27', endDate: '2027-01-02' });
    expect(currentReportPeriod('2028-03-02', 3)).toEqual({ startDate: '2028-02-23', endDate: '2028-02-29' });
  });

  it('always lands on the chosen weekday, for every day and every setting', () => {
    for (let offset = 0; offset < 14; offset++) {
      const today = `2026-12-${String(20 + (offset % 12)).padStart(2, '0')}`;
      for (let day = 0; day <= 6; day++) {
        const run = nextAutomationRunDay(today, day);
        expect(isoWeekday(run)).toBe(isoWeekdayOfAutomationDay(day));
        expect(daysBetween(today, run)).toBeGreaterThanOrEqual(1);
        expect(daysBetween(today, run)).toBeLessThanOrEqual(7);
        const period = currentReportPeriod(today, day);
        expect(daysBetween(period.startDate, period.endDate)).toBe(6);
        expect(period.endDate < today).toBe(true);
        expect(daysBetween(period.endDate, today)).toBeLessThanOrEqual(7);
      }
    }
  });
});

describe('period instants across daylight-saving changes', () => {
  it('America/New_York: 168, 167 and 169 hours', () => {
    const tz = 'America/New_York';
    // DST starts 2026-03-08 at 02:00, after that run's midnight
    let bounds = expectCoversPeriod('2026-03-08', tz);
    expect(bounds.until.toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(hours(bounds)).toBe(168);
    bounds = expectCoversPeriod('2026-03-15', tz);
    expect(bounds.from.toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(bounds.until.toISOString()).toBe('2026-03-15T04:00:00.000Z');
    expect(hours(bounds)).toBe(167);
    // DST ends 2026-11-01 at 02:00
    bounds = expectCoversPeriod('2026-11-08', tz);
    expect(bounds.from.toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(hours(bounds)).toBe(169);
  });

  it('Europe/London: 167 and 169 hours', () => {
    const tz = 'Europe/London';
    let bounds = expectCoversPeriod('2026-04-05', tz);
    expect(bounds.from.toISOString()).toBe('2026-03-29T00:00:00.000Z');
    expect(bounds.until.toISOString()).toBe('2026-04-04T23:00:00.000Z');
    expect(hours(bounds)).toBe(167);
    bounds = expectCoversPeriod('2026-11-01', tz);
    expect(bounds.from.toISOString()).toBe('2026-10-24T23:00:00.000Z');
    expect(hours(bounds)).toBe(169);
  });

  it('America/Santiago: a run on a day whose midnight does not exist starts at 01:00', () => {
    const tz = 'America/Santiago';
    // 2026-09-06 00:00 jumps to 01:00
    const run = automationRunInstant('2026-09-06', tz);
    expect(run.toISOString()).toBe('2026-09-06T04:00:00.000Z');
    expect(localDay(run, tz)).toBe('2026-09-06');
    let bounds = expectCoversPeriod('2026-09-06', tz);
    expect(hours(bounds)).toBe(168);
    bounds = expectCoversPeriod('2026-09-13', tz);
    expect(bounds.from.toISOString()).toBe('2026-09-06T04:00:00.000Z');
    expect(hours(bounds)).toBe(167);
    // 2026-04-04 24:00 falls back to 23:00: the Saturday's last hour happens twice
    bounds = expectCoversPeriod('2026-04-05', tz);
    expect(bounds.until.toISOString()).toBe('2026-04-05T04:00:00.000Z');
    expect(hours(bounds)).toBe(169);
    bounds = expectCoversPeriod('2026-04-04', tz);
    expect(bounds.until.toISOString()).toBe('2026-04-04T03:00:00.000Z');
  });

  it('covers a year end in the user zone', () => {
    const bounds = expectCoversPeriod('2027-01-03', 'America/Denver');
    expect(bounds.from.toISOString()).toBe('2026-12-27T07:00:00.000Z');
    expect(bounds.until.toISOString()).toBe('2027-01-03T07:00:00.000Z');
  });
});

describe('automationSchedule', () => {
  it('makes nextSlot find the run at 12:00 AM on the chosen day, across a DST change', () => {
    const schedule = automationSchedule(0, 'America/New_York');
    // Saturday 2026-03-07 noon local → Sunday 2026-03-08 00:00 EST
    const slot = nextSlot(schedule, new Date('2026-03-07T17:00:00Z'));
    expect(slot).toEqual({ slot: '2026-03-08', at: new Date('2026-03-08T05:00:00.000Z') });
    const after = nextSlot(schedule, new Date('2026-03-08T05:00:00Z'), slot?.slot);
    expect(after).toEqual({ slot: '2026-03-15', at: new Date('2026-03-15T04:00:00.000Z') });
    expect(automationPeriod(after!.slot)).toEqual({ startDate: '2026-03-08', endDate: '2026-03-14' });
  });
});

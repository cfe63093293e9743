import { describe, expect, it } from 'vitest';
import {
  addDays,
  computeStreak,
  dateRanges,
  daysBetween,
  isDateRange,
  isDay,
  isTimeZone,
  localDay,
  localMinutes,
  localTimestamp,
  mondayOf,
  rangeDays,
  rangeStart,
  weekOf,
} from './days.js';
import { validateDate } from '../journal/fields.js';

describe('localMinutes', () => {
  it('answers the wall-clock minutes of the instant in the zone, across a daylight-saving change', () => {
    const instant = new Date('2026-11-28T00:35:00Z');
    expect(localMinutes(instant, 'UTC')).toBe(35);
    expect(localMinutes(instant, 'America/Denver')).toBe(17 * 60 + 35); // 17:35 the day before
    expect(localMinutes(instant, 'Asia/Kolkata')).toBe(6 * 60 + 5);
    expect(localMinutes(new Date('2026-03-29T00:59:00Z'), 'Europe/Berlin')).toBe(1 * 60 + 59);
    expect(localMinutes(new Date('2026-03-29T01:00:00Z'), 'Europe/Berlin')).toBe(3 * 60);
    expect(() => localMinutes(new Date('x'), 'UTC')).toThrow(RangeError);
  });
});

describe('localDay', () => {
  it("answers the day in the user's time zone", () => {
    const instant = new Date('2026-03-04T23:30:00Z');
    expect(localDay(instant, 'UTC')).toBe('2026-03-04');
    expect(localDay(instant, 'Europe/Berlin')).toBe('2026-03-05');
    expect(localDay(instant, 'America/New_York')).toBe('2026-03-04');
    expect(localDay('2026-03-04T23:30:00Z', 'Asia/Kolkata')).toBe('2026-03-05');
  });

  it('handles UTC+14 and UTC-11 users, a whole day apart at the same moment', () => {
    const instant = new Date('2026-06-15T10:30:00Z');
    expect(localDay(instant, 'Pacific/Kiritimati')).toBe('2026-06-16'); // UTC+14
    expect(localDay(instant, 'Pacific/Pago_Pago')).toBe('2026-06-14'); // UTC-11
  });

  it('counts across the Berlin daylight-saving changes', () => {
    // 2026-03-29 02:00 CET jumps to 03:00 CEST; 2026-10-25 03:00 CEST falls back to 02:00 CET.
    expect(localDay('2026-03-28T22:59:59Z', 'Europe/Berlin')).toBe('2026-03-28');
    expect(localDay('2026-03-28T23:00:00Z', 'Europe/Berlin')).toBe('2026-03-29');
    expect(localDay('2026-03-29T21:59:59Z', 'Europe/Berlin')).toBe('2026-03-29');
    expect(localDay('2026-03-29T22:00:00Z', 'Europe/Berlin')).toBe('2026-03-30');
    expect(localDay('2026-10-25T22:59:59Z', 'Europe/Berlin')).toBe('2026-10-25');
    expect(localDay('2026-10-25T23:00:00Z', 'Europe/Berlin')).toBe('2026-10-26');
  });

  it('counts across the New York daylight-saving changes', () => {
    // 2026-03-08 02:00 EST → 03:00 EDT; 2026-11-01 02:00 EDT → 01:00 EST.
    expect(localDay('2026-03-08T04:59:59Z', 'America/New_York')).toBe('2026-03-07');
    expect(localDay('2026-03-08T05:00:00Z', 'America/New_York')).toBe('2026-03-08');
    expect(localDay('2026-03-09T03:59:59Z', 'America/New_York')).toBe('2026-03-08');
    expect(localDay('2026-03-09T04:00:00Z', 'America/New_York')).toBe('2026-03-09');
    expect(localDay('2026-11-02T04:59:59Z', 'America/New_York')).toBe('2026-11-01');
    expect(localDay('2026-11-02T05:00:00Z', 'America/New_York')).toBe('2026-11-02');
  });

  it('throws RangeError for an unparseable instant or an unknown zone', () => {
    expect(() => localDay('not a date', 'UTC')).toThrow(RangeError);
    expect(() => localDay(new Date(NaN), 'UTC')).toThrow(RangeError);
    expect(() => localDay(new Date(), 'Mars/Olympus')).toThrow(RangeError);
  });
});

describe('day arithmetic', () => {
  it('checks days and zones', () => {
    expect(isDay('2026-02-28')).toBe(true);
    expect(isDay('2026-02-29')).toBe(false);
    expect(isDay('2028-02-29')).toBe(true);
    expect(isDay('2026-3-4')).toBe(false);
    expect(isDay(20260304)).toBe(false);
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    // Asked again (answered from the kept formatter), and in many spellings, the answer holds.
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    const spellings = Array.from({ length: 1500 }, (_, i) =>
      Array.from('america/new_york', (c, j) => ((i >> j) & 1 ? c.toUpperCase() : c)).join(''),
    );
    expect(spellings.every((zone) => isTimeZone(zone))).toBe(true);
    expect(localDay('2026-03-04T03:30:00Z', 'AMERICA/NEW_YORK')).toBe('2026-03-03');
  });

  it('adds days and counts days between, unaffected by daylight saving', () => {
    expect(addDays('2026-03-28', 1)).toBe('2026-03-29');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(daysBetween('2026-11-02', '2026-10-31')).toBe(-2);
    expect(daysBetween('2026-03-04', '2026-03-04')).toBe(0);
    expect(daysBetween('2025-12-31', '2026-12-31')).toBe(365);
    expect(() => daysBetween('x', '2026-01-01')).toThrow(RangeError);
  });

  it('gives the Monday..Sunday week of a day', () => {
    expect(mondayOf('2026-03-04')).toBe('2026-03-02'); // a Wednesday
    expect(mondayOf('2026-03-02')).toBe('2026-03-02');
    expect(mondayOf('2026-03-08')).toBe('2026-03-02'); // a Sunday
    expect(weekOf('2026-03-29')).toEqual([
      '2026-03-23',
      '2026-03-24',
      '2026-03-25',
      '2026-03-26',
      '2026-03-27',
      '2026-03-28',
      '2026-03-29',
    ]);
    expect(weekOf('2026-12-31')).toEqual([
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
      '2027-01-03',
    ]);
  });
});

describe('computeStreak (Part 1 §4)', () => {
  const today = '2026-03-10';
  it('counts consecutive days ending today', () => {
    expect(computeStreak(['2026-03-10', '2026-03-09', '2026-03-08', '2026-03-06'], today)).toBe(3);
  });
  it('ends yesterday when there is no entry today', () => {
    expect(computeStreak(['2026-03-09', '2026-03-08'], today)).toBe(2);
  });
  it('is 0 when neither today nor yesterday has an entry', () => {
    expect(computeStreak(['2026-03-08', '2026-03-07'], today)).toBe(0);
    expect(computeStreak([], today)).toBe(0);
  });
  it('takes any order, duplicates and ignores malformed or future days', () => {
    expect(
      computeStreak(['2026-03-08', '2026-03-10', 'junk', '2026-03-09', '2026-03-10', '2026-03-11'], today),
    ).toBe(3);
  });
  it('crosses months, years and daylight-saving changes', () => {
    expect(computeStreak(['2026-03-01', '2026-02-28', '2026-02-27'], '2026-03-01')).toBe(3);
    expect(computeStreak(['2027-01-01', '2026-12-31'], '2027-01-01')).toBe(2);
    expect(computeStreak(['2026-03-30', '2026-03-29', '2026-03-28'], '2026-03-30')).toBe(3);
  });
  it('refuses a malformed today', () => {
    expect(() => computeStreak([], '10/03/2026')).toThrow(RangeError);
  });
});

describe('date ranges (Part 1 §9)', () => {
  it('lists 1 Week, 2 Weeks, 30 Days, 90 Days', () => {
    expect(dateRanges).toEqual({ '1 Week': 7, '2 Weeks': 14, '30 Days': 30, '90 Days': 90 });
    expect(isDateRange('30 Days')).toBe(true);
    expect(isDateRange('forever')).toBe(false);
    expect(isDateRange('toString')).toBe(false);
  });
  it('starts a range so that it holds exactly its number of days, the end day included', () => {
    expect(rangeStart('1 Week', '2026-03-08')).toBe('2026-03-02');
    expect(rangeStart('2 Weeks', '2026-03-14')).toBe('2026-03-01');
    expect(rangeStart('30 Days', '2026-03-30')).toBe('2026-03-01');
    expect(rangeStart('90 Days', '2026-03-31')).toBe('2026-01-01');
    const days = rangeDays('1 Week', '2026-03-08');
    expect(days).toHaveLength(7);
    expect(days[0]).toBe('2026-03-02');
    expect(days.at(-1)).toBe('2026-03-08');
  });
});

describe('localTimestamp', () => {
  it('writes the device time with its offset, parseable back to the same instant', () => {
    const instant = new Date('2026-03-04T23:30:05Z');
    const text = localTimestamp(instant);
    expect(text).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
    expect(new Date(text).getTime()).toBe(instant.getTime());
  });

  it('passes the date-string rule of the entry schema (10 to 30 characters)', () => {
    const text = localTimestamp(new Date());
    expect(text.length).toBe(25);
    expect(validateDate(text)).toBeNull();
  });
});

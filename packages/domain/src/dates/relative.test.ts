import { describe, expect, it } from 'vitest';
import { formatShortDay, relativeDay, weekProgressText } from './relative.js';

describe('relativeDay (Part 1 §9)', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  const tz = 'UTC';
  it('names today, yesterday, tomorrow and the future', () => {
    expect(relativeDay('2026-03-10', now, tz)).toBe('Today');
    expect(relativeDay('2026-03-09', now, tz)).toBe('Yesterday');
    expect(relativeDay('2026-03-11', now, tz)).toBe('Tomorrow');
    expect(relativeDay('2026-03-12', now, tz)).toBe('Future');
    expect(relativeDay('2027-01-01', now, tz)).toBe('Future');
  });
  it("says 'N days ago' from 2 to 7, then a short date with the year", () => {
    expect(relativeDay('2026-03-08', now, tz)).toBe('2 days ago');
    expect(relativeDay('2026-03-03', now, tz)).toBe('7 days ago');
    expect(relativeDay('2026-03-02', now, tz)).toBe('Mar 2, 2026');
    expect(relativeDay('2025-12-25', now, tz)).toBe('Dec 25, 2025');
    expect(formatShortDay('2026-03-04')).toBe('Mar 4, 2026');
  });
  it("answers 'N/A' for empty and 'Invalid date' for unparseable values", () => {
    expect(relativeDay(null, now, tz)).toBe('N/A');
    expect(relativeDay(undefined, now, tz)).toBe('N/A');
    expect(relativeDay('', now, tz)).toBe('N/A');
    expect(relativeDay('yesterday-ish', now, tz)).toBe('Invalid date');
    expect(relativeDay(new Date(NaN), now, tz)).toBe('Invalid date');
  });
  it("places instants in the user's time zone", () => {
    const late = new Date('2026-03-09T23:30:00Z');
    expect(relativeDay(late, now, 'UTC')).toBe('Yesterday');
    expect(relativeDay(late, now, 'Europe/Berlin')).toBe('Today');
    // UTC+14: the entry is on 03-10 at 13:30 there, and it is already 03-11 02:00.
    expect(relativeDay(late.toISOString(), now, 'Pacific/Kiritimati')).toBe('Yesterday');
  });
  it('works at UTC+14 and UTC-11 and across daylight saving', () => {
    const instant = new Date('2026-06-15T10:30:00Z');
    const nowJune = new Date('2026-06-15T10:45:00Z'); // Kiritimati 06-16 00:45, Pago Pago 06-14 23:45
    expect(relativeDay(instant, nowJune, 'Pacific/Kiritimati')).toBe('Today');
    expect(relativeDay('2026-06-15', nowJune, 'Pacific/Kiritimati')).toBe('Yesterday');
    expect(relativeDay('2026-06-15', nowJune, 'Pacific/Pago_Pago')).toBe('Tomorrow');
    // Berlin: entry Saturday 23:30 CET, now Monday 00:30 CEST (clocks sprang forward on Sunday)
    expect(relativeDay('2026-03-28T22:30:00Z', new Date('2026-03-29T22:30:00Z'), 'Europe/Berlin')).toBe(
      '2 days ago',
    );
    // New York: entry Saturday 23:30 EDT, now Sunday 23:30 EST (an hour longer Sunday)
    expect(relativeDay('2026-11-01T03:30:00Z', new Date('2026-11-02T04:30:00Z'), 'America/New_York')).toBe(
      'Yesterday',
    );
  });
});

describe('weekProgressText (Part 1 §2, quoted literally)', () => {
  it('encourages an empty week', () => {
    expect(weekProgressText(0)).toBe('Start your week strong! 7 days of opportunity await');
  });
  it("keeps the spec's 'day(s)' wording", () => {
    expect(weekProgressText(1)).toBe('Great progress! 1 day(s) down, 6 to go');
    expect(weekProgressText(3)).toBe('Great progress! 3 day(s) down, 4 to go');
    expect(weekProgressText(7)).toBe('Great progress! 7 day(s) down, 0 to go');
  });
  it('clamps out-of-range counts', () => {
    expect(weekProgressText(9)).toBe('Great progress! 7 day(s) down, 0 to go');
    expect(weekProgressText(-2)).toBe('Start your week strong! 7 days of opportunity await');
    expect(weekProgressText(Number.NaN)).toBe('Start your week strong! 7 days of opportunity await');
  });
});

import { describe, expect, it } from 'vitest';
import { addDays, longDay, mondayOf, relativeDay, shortDate, todayIn, weekOf } from './dates';

describe('home dates', () => {
  it('computes today in the given time zone', () => {
    const now = new Date('2026-11-18T03:30:00Z');
    expect(todayIn('America/Denver', now)).toBe('2026-11-17');
    expect(todayIn('Asia/Tokyo', now)).toBe('2026-11-18');
    expect(todayIn('Not/AZone', now)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('starts weeks on Monday', () => {
    expect(mondayOf('2026-11-18')).toBe('2026-11-16');
    expect(mondayOf('2026-11-16')).toBe('2026-11-16');
    expect(mondayOf('2026-11-22')).toBe('2026-11-16');
    expect(weekOf('2026-03-01')).toEqual([
      '2026-02-23',
      '2026-02-24',
      '2026-02-25',
      '2026-02-26',
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
    ]);
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
  });

  it('says relative dates as Part 1 §9 lists them', () => {
    const today = '2026-11-18';
    expect(relativeDay('2026-11-18', today)).toBe('Today');
    expect(relativeDay('2026-11-17', today)).toBe('Yesterday');
    expect(relativeDay('2026-11-16', today)).toBe('2 days ago');
    expect(relativeDay('2026-11-11', today)).toBe('7 days ago');
    expect(relativeDay('2026-11-10', today)).toBe('Nov 10');
    expect(relativeDay('2025-12-30', today)).toBe('Dec 30, 2025');
    expect(relativeDay('2026-11-19', today)).toBe('Tomorrow');
    expect(relativeDay('2026-11-25', today)).toBe('Future');
    expect(shortDate('2026-01-05')).toBe('Jan 5');
    expect(longDay('2026-11-16')).toBe('Monday, November 16');
  });
});

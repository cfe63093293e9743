import { describe, expect, it } from 'vitest';
import { dayBounds, isDayInBounds, isInstantInBounds, parseDateInput } from './input.js';

describe('isDayInBounds', () => {
  it('takes real calendar days from 1970 to 2100', () => {
    expect(isDayInBounds('2024-02-29')).toBe(true);
    expect(isDayInBounds(dayBounds.first)).toBe(true);
    expect(isDayInBounds(dayBounds.last)).toBe(true);
  });

  it('refuses impossible and out-of-range days', () => {
    for (const day of [
      '2024-02-30',
      '2023-02-29',
      '2024-13-01',
      '2024-00-10',
      '1969-12-31',
      '2101-01-01',
      '9999-12-31',
      '0000-01-01',
    ]) {
      expect(isDayInBounds(day), day).toBe(false);
    }
    expect(isDayInBounds(20240229)).toBe(false);
  });
});

describe('parseDateInput', () => {
  it('reads days and ISO instants, keeping the written day', () => {
    expect(parseDateInput('2026-03-04')).toEqual({
      day: '2026-03-04',
      instant: new Date('2026-03-04T00:00:00Z'),
    });
    expect(parseDateInput('2026-03-04T23:00:00-05:00')).toEqual({
      day: '2026-03-04',
      instant: new Date('2026-03-05T04:00:00Z'),
    });
    expect(parseDateInput(' 2026-03-04T10:00:00.000+05:30 ')?.day).toBe('2026-03-04');
    expect(parseDateInput('2026-03-04T10:00Z')?.day).toBe('2026-03-04');
  });

  it('refuses impossible days and times, other forms and out-of-range years', () => {
    for (const text of [
      '2024-02-30',
      '2024-02-30T00:00:00Z',
      '2024-02-29T25:00:00Z',
      '2024-02-29T10:00:60Z',
      '9999-12-31',
      '+010000-01-01',
      '-271821-04-20',
      '0001-01-01T00:00:00Z',
      'Feb 30 2024',
      'March 5, 2026',
      '2026-3-4',
      '2026-03-04junk',
      '',
      'x'.repeat(41),
    ]) {
      expect(parseDateInput(text), text).toBeNull();
    }
    expect(parseDateInput(1_700_000_000_000)).toBeNull();
  });

  it('lets a day at the bounds carry any UTC offset', () => {
    expect(parseDateInput('1970-01-01T00:00:00+14:00')?.day).toBe('1970-01-01');
    expect(parseDateInput('2100-12-31T23:59:59-12:00')?.day).toBe('2100-12-31');
  });
});

describe('isInstantInBounds', () => {
  it('takes the instants of the bounded days, with the widest offsets, and nothing beyond', () => {
    expect(isInstantInBounds(new Date('1969-12-31T10:00:00Z'))).toBe(true);
    expect(isInstantInBounds(new Date('2101-01-01T13:59:59Z'))).toBe(true);
    expect(isInstantInBounds(new Date('1969-12-31T09:59:59Z'))).toBe(false);
    expect(isInstantInBounds(new Date('2101-01-01T14:00:01Z'))).toBe(false);
    expect(isInstantInBounds(new Date(-8.64e15))).toBe(false);
    expect(isInstantInBounds(new Date('not a date'))).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { periodLabel, weekOptions } from './weeks';

describe('weekOptions', () => {
  it('offers the last complete Monday-first weeks of the user’s zone, then the 7 days ending yesterday', () => {
    // Wednesday 11 March 2026, 02:00 UTC: still Tuesday 10 March in Denver
    const options = weekOptions(new Date('2026-03-11T02:00:00Z'), 'America/Denver', 3);
    expect(options.map((o) => [o.startDate, o.endDate])).toEqual([
      ['2026-03-02', '2026-03-08'],
      ['2026-02-23', '2026-03-01'],
      ['2026-02-16', '2026-02-22'],
      ['2026-03-03', '2026-03-09'],
    ]);
    expect(options[0]?.label).toBe('Mar 2 – Mar 8, 2026');
    expect(options[3]?.label).toBe('Last 7 days (Mar 3 – Mar 9, 2026)');
  });

  it('never offers the current week, even on its Sunday', () => {
    const options = weekOptions(new Date('2026-03-08T18:00:00Z'), 'UTC', 1);
    expect(options[0]).toMatchObject({ startDate: '2026-02-23', endDate: '2026-03-01' });
  });

  it('falls back to UTC for an unknown zone', () => {
    expect(weekOptions(new Date('2026-03-11T02:00:00Z'), 'Nowhere/City', 1)[0]?.startDate).toBe('2026-03-02');
  });
});

describe('periodLabel', () => {
  it('names the year once within a year, twice across one', () => {
    expect(periodLabel('2026-03-02', '2026-03-08')).toBe('Mar 2 – Mar 8, 2026');
    expect(periodLabel('2025-12-29', '2026-01-04')).toBe('Dec 29, 2025 – Jan 4, 2026');
  });
});

import { describe, expect, it } from 'vitest';
import { addDays, type Analytics } from '../../journal';
import { emptyAnalytics } from '../../journal/views/test-fixtures';
import { barsForSpan } from './chart-bars';

function analyticsOn(days: string[]): Analytics {
  return emptyAnalytics({
    series: days.map((date) => ({
      date,
      count: 2,
      averageIntensity: 5,
      positive: 1,
      neutral: 0,
      negative: 1,
    })),
  });
}

describe('bars over the latest entries', () => {
  it('keeps one bar per day over two weeks or less', () => {
    const { bars, caption } = barsForSpan(analyticsOn(['2026-11-16', '2026-11-18']));
    expect(caption).toBe('Check-ins per day');
    expect(bars.map((bar) => bar.day)).toEqual(['Mon 16', 'Wed 18']);
  });

  it('groups by Monday-first week up to 16 weeks, empty weeks counting zero', () => {
    const { bars, caption } = barsForSpan(analyticsOn(['2026-10-01', '2026-10-02', '2026-10-20']));
    expect(caption).toBe('Check-ins per week (weeks start on Monday)');
    expect(bars).toEqual([
      { day: 'Sep 28', positive: 2, neutral: 0, negative: 2 },
      { day: 'Oct 5', positive: 0, neutral: 0, negative: 0 },
      { day: 'Oct 12', positive: 0, neutral: 0, negative: 0 },
      { day: 'Oct 19', positive: 1, neutral: 0, negative: 1 },
    ]);
  });

  it('groups by month over longer spans, across years', () => {
    const { bars, caption } = barsForSpan(analyticsOn(['2025-11-30', addDays('2025-11-30', 200)]));
    expect(caption).toBe('Check-ins per month');
    expect(bars).toHaveLength(8);
    expect(bars[0]).toEqual({ day: 'Nov 2025', positive: 1, neutral: 0, negative: 1 });
    expect(bars.at(-1)).toEqual({ day: 'Jun 2026', positive: 1, neutral: 0, negative: 1 });
  });
});

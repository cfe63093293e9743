import {
  addDays,
  dailyBars,
  daysBetween,
  mondayOf,
  shortDate,
  type Analytics,
  type SentimentBar,
} from '../../journal';

export interface SpanBars {
  bars: SentimentBar[];
  caption: string;
}

const monthName = (month: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );

function nextMonth(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`;
}

/**
 * The provider's analytics cover the latest 1000 entries, which may span years: one bar per day up
 * to two weeks, per week (Monday first) up to 16 weeks, per month beyond. Empty weeks and months
 * between the first and the last entry count zero so gaps stay visible.
 */
export function barsForSpan(analytics: Analytics): SpanBars {
  const series = analytics.series;
  const first = series[0]?.date;
  const last = series.at(-1)?.date;
  if (!first || !last || daysBetween(first, last) < 14) {
    return { bars: dailyBars(analytics), caption: 'Check-ins per day' };
  }
  const weekly = daysBetween(mondayOf(first), mondayOf(last)) / 7 < 16;
  const keyOf = (day: string) => (weekly ? mondayOf(day) : day.slice(0, 7));
  const keys: string[] = [];
  for (let key = keyOf(first); key <= keyOf(last); key = weekly ? addDays(key, 7) : nextMonth(key)) {
    keys.push(key);
  }
  const bars = new Map<string, SentimentBar>(
    keys.map((key) => [
      key,
      { day: weekly ? shortDate(key, last) : monthName(key), positive: 0, neutral: 0, negative: 0 },
    ]),
  );
  for (const point of series) {
    const bar = bars.get(keyOf(point.date));
    if (!bar) continue;
    bar.positive += point.positive;
    bar.neutral += point.neutral;
    bar.negative += point.negative;
  }
  return {
    bars: [...bars.values()],
    caption: weekly ? 'Check-ins per week (weeks start on Monday)' : 'Check-ins per month',
  };
}

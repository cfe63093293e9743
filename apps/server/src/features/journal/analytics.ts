import { addDays, dateRanges, isDateRange, type DateRange } from '@mindledger/domain';
import type { AggregateRow } from './repo.js';

/** The spec's date ranges (Part 1 §9) and the spellings the query string may use for them. */
export const timeRanges = dateRanges;
export type TimeRange = DateRange;

const aliases: Record<string, TimeRange> = {
  '1week': '1 Week',
  week: '1 Week',
  '7': '1 Week',
  '7days': '1 Week',
  '2weeks': '2 Weeks',
  '14': '2 Weeks',
  '14days': '2 Weeks',
  '30days': '30 Days',
  '30': '30 Days',
  month: '30 Days',
  '90days': '90 Days',
  '90': '90 Days',
};

/**
 * Resolves a timerange query value; unknown values answer undefined (the route says what is
 * allowed). Own properties only: '__proto__' or 'constructor' name no range.
 */
export function parseTimeRange(value: string | undefined, fallback: TimeRange): TimeRange | undefined {
  if (!value) return fallback;
  if (isDateRange(value)) return value;
  const alias = value.toLowerCase().replace(/[\s_-]+/g, '');
  return Object.hasOwn(aliases, alias) ? aliases[alias] : undefined;
}

/** The inclusive day range of `range` ending on `end`. */
export function rangeDays(range: TimeRange, end: string): { from: string; to: string } {
  return { from: addDays(end, -(timeRanges[range] - 1)), to: end };
}

function counts(rows: AggregateRow[], pick: (r: AggregateRow) => string | null) {
  const out: Record<string, number> = {};
  for (const row of rows) {
    const key = pick(row);
    if (key !== null) out[key] = row.count;
  }
  return out;
}

/**
 * Shapes the grouping-set rows of `JournalRepo.aggregate` into the analytics answer. With a day
 * range, the series has one point per day of the range (days without entries count zero).
 */
export function shapeAnalytics(rows: AggregateRow[], range?: { from: string; to: string }) {
  const total = rows.find((r) => r.g_mood && r.g_core && r.g_sentiment && r.g_primary && r.g_day);
  const only = (flag: keyof AggregateRow) =>
    rows.filter(
      (r) =>
        !r[flag] &&
        (['g_mood', 'g_core', 'g_sentiment', 'g_primary', 'g_day'] as const).every((f) => f === flag || r[f]),
    );
  const perDay = new Map(only('g_day').map((r) => [r.day as string, r]));
  const days: string[] = [];
  if (range) for (let d = range.from; d <= range.to; d = addDays(d, 1)) days.push(d);
  else days.push(...[...perDay.keys()].sort());
  const bySentiment = {
    positive: 0,
    neutral: 0,
    negative: 0,
    ...counts(only('g_sentiment'), (r) => r.sentiment),
  };
  return {
    ...(range ?? {}),
    total: total?.count ?? 0,
    averageIntensity: total?.avg_intensity ?? null,
    byMood: counts(only('g_mood'), (r) => r.mood),
    byCoreEmotion: counts(only('g_core'), (r) => r.core),
    bySentiment,
    byPrimaryEmotion: counts(only('g_primary'), (r) => r.primary_emotion),
    series: days.map((date) => {
      const row = perDay.get(date);
      return {
        date,
        count: row?.count ?? 0,
        averageIntensity: row?.avg_intensity ?? null,
        positive: row?.positive ?? 0,
        neutral: row?.neutral ?? 0,
        negative: row?.negative ?? 0,
      };
    }),
  };
}

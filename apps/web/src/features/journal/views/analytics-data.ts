import { coreEmotions, moodOptions } from '@mindledger/domain';
import type { Analytics } from '../api';
import { shortDate, shortWeekday } from './dates';

export const sentimentSeries = [
  { name: 'positive', label: 'Positive', color: 'teal.6' },
  { name: 'neutral', label: 'Neutral', color: 'yellow.6' },
  { name: 'negative', label: 'Negative', color: 'red.6' },
] as const;

const coreColors: Record<string, string> = {
  Happy: '#4ade80',
  Calm: '#facc15',
  Indifferent: '#9ca3af',
  Uneasy: '#fb923c',
  Sad: '#ef4444',
};
const otherColors = ['#60a5fa', '#a78bfa', '#f472b6', '#2dd4bf', '#94a3b8'];

export interface Slice {
  name: string;
  value: number;
  color: string;
}

/** Donut slices of byMood (the four mood options in their colours first) or byCoreEmotion. */
export function slicesOf(counts: Record<string, number>, kind: 'mood' | 'core'): Slice[] {
  const known: readonly string[] = kind === 'mood' ? moodOptions.map((o) => o.label) : coreEmotions;
  const colorOf = (name: string, index: number) =>
    (kind === 'mood'
      ? moodOptions.find((o) => o.label.toLowerCase() === name.toLowerCase())?.color
      : coreColors[name]) ?? otherColors[index % otherColors.length]!;
  const entries = Object.entries(counts).filter(([, value]) => value > 0);
  entries.sort(([a, x], [b, y]) => {
    const ia = known.findIndex((k) => k.toLowerCase() === a.toLowerCase());
    const ib = known.findIndex((k) => k.toLowerCase() === b.toLowerCase());
    if (ia !== -1 || ib !== -1) return (ia === -1 ? 99 : ia) - (ib === -1 ? 99 : ib);
    return y - x;
  });
  let other = 0;
  return entries.map(([name, value]) => ({
    name,
    value,
    color: colorOf(name, known.some((k) => k.toLowerCase() === name.toLowerCase()) ? 0 : other++),
  }));
}

/** One bar of the check-ins chart: its label and the check-ins in it by sentiment. */
export interface SentimentBar {
  day: string;
  positive: number;
  neutral: number;
  negative: number;
}

/** Per-day bars: short weekday labels for a week or two, short dates for longer ranges. */
export function dailyBars(analytics: Analytics): SentimentBar[] {
  const long = analytics.series.length > 14;
  return analytics.series.map((point) => ({
    day: long ? shortDate(point.date) : `${shortWeekday(point.date)} ${Number(point.date.slice(8, 10))}`,
    positive: point.positive,
    neutral: point.neutral,
    negative: point.negative,
  }));
}

export function formatIntensity(value: number | null): string {
  return value === null ? '–' : `${Math.round(value * 10) / 10}/10`;
}

import type { MoodType } from '@mindledger/domain';
import type { MentionPoint } from './api';
import { dayOf } from './dates';

export interface MentionDay {
  day: string;
  label: string;
  positive: number;
  neutral: number;
  negative: number;
}

export const mentionSeries: { name: MoodType; label: string; color: string }[] = [
  { name: 'positive', label: 'Positive', color: 'teal.6' },
  { name: 'neutral', label: 'Neutral', color: 'gray.5' },
  { name: 'negative', label: 'Negative', color: 'red.6' },
];

/** The mention history grouped by day in the user's zone, oldest first, counted by mood type. */
export function mentionsByDay(points: MentionPoint[], timeZone?: string): MentionDay[] {
  const days = new Map<string, MentionDay>();
  for (const point of points) {
    const day = dayOf(point.date, timeZone);
    const row = days.get(day) ?? { day, label: dayLabel(day), positive: 0, neutral: 0, negative: 0 };
    const mood: MoodType = point.moodType in row ? point.moodType : 'neutral';
    row[mood] += 1;
    days.set(day, row);
  }
  return [...days.values()].sort((a, b) => a.day.localeCompare(b.day));
}

function dayLabel(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

export function mentionSummary(days: MentionDay[]): string {
  const total = days.reduce((s, d) => s + d.positive + d.neutral + d.negative, 0);
  return `${total} ${total === 1 ? 'mention' : 'mentions'} over ${days.length} ${days.length === 1 ? 'day' : 'days'}`;
}

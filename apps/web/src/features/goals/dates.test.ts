import { describe, expect, it } from 'vitest';
import { createdLabel, daysSince, lastMentionLabel } from './dates';
import { mentionsByDay } from './mention-history';

const now = new Date('2025-06-10T12:00:00Z');

describe('goal dates', () => {
  it('counts calendar days in the user time zone', () => {
    expect(createdLabel('2025-06-10T01:00:00Z', now, 'UTC')).toBe('Created today');
    expect(createdLabel('2025-06-07T20:00:00Z', now, 'UTC')).toBe('Created 3 days ago');
    expect(createdLabel('2025-06-09T20:00:00Z', now, 'UTC')).toBe('Created 1 day ago');
    // 01:00 UTC on the 10th is still the 9th in Denver.
    expect(daysSince('2025-06-10T01:00:00Z', now, 'America/Denver')).toBe(1);
    expect(lastMentionLabel(null, now)).toBeNull();
    expect(lastMentionLabel('2025-06-10T08:00:00Z', now, 'UTC')).toBe('Last mention today');
    expect(lastMentionLabel('2025-06-08T08:00:00Z', now, 'UTC')).toBe('Last mention 2 days ago');
  });

  it('groups the mention history by day, oldest first', () => {
    const days = mentionsByDay(
      [
        { date: '2025-06-10T09:00:00Z', moodType: 'positive', entryId: null },
        { date: '2025-06-10T08:00:00Z', moodType: 'negative', entryId: null },
        { date: '2025-06-08T08:00:00Z', moodType: 'positive', entryId: null },
      ],
      'UTC',
    );
    expect(days).toEqual([
      { day: '2025-06-08', label: 'Jun 8', positive: 1, neutral: 0, negative: 0 },
      { day: '2025-06-10', label: 'Jun 10', positive: 1, neutral: 0, negative: 1 },
    ]);
  });
});

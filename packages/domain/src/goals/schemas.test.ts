import { describe, expect, it } from 'vitest';
import { findPresetGoal, presetCategories, presetGoals } from './presets.js';
import {
  checkGoalLimit,
  computeGoalStats,
  createGoalSchema,
  goalCategories,
  goalMessages,
  goalNotificationSchema,
  goalTextKey,
  incrementMentionSchema,
  isHighPriority,
  updateGoalSchema,
} from './schemas.js';

describe('createGoalSchema', () => {
  it('accepts text, title or goalTitle and applies no invented defaults', () => {
    expect(createGoalSchema.parse({ text: ' Walk daily ' }).text).toBe('Walk daily');
    expect(createGoalSchema.parse({ title: 'Read' }).text).toBe('Read');
    expect(createGoalSchema.parse({ goalTitle: 'Sleep' }).text).toBe('Sleep');
  });
  it('requires text and bounds text 500 and notes 1000 with the exact messages', () => {
    const missing = createGoalSchema.safeParse({});
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0]?.message).toBe('Text is required');
    expect(createGoalSchema.safeParse({ text: 'x'.repeat(500) }).success).toBe(true);
    expect(createGoalSchema.safeParse({ text: 'x'.repeat(501) }).error?.issues[0]?.message).toBe(
      'Must not exceed 500 characters',
    );
    expect(createGoalSchema.safeParse({ text: 'a', notes: 'x'.repeat(1001) }).error?.issues[0]?.message).toBe(
      'Must not exceed 1000 characters',
    );
    expect(createGoalSchema.parse({ text: 'a', notes: '' }).notes).toBeUndefined();
  });
  it('bounds priority 1–5 and checks categories and dates', () => {
    expect(createGoalSchema.parse({ text: 'a', priority: 5 }).priority).toBe(5);
    expect(createGoalSchema.safeParse({ text: 'a', priority: 6 }).error?.issues[0]?.message).toBe(
      'Must not exceed 5',
    );
    expect(createGoalSchema.safeParse({ text: 'a', priority: 0 }).success).toBe(false);
    expect(createGoalSchema.safeParse({ text: 'a', category: 'money' }).error?.issues[0]?.message).toBe(
      'Must be one of: personal, health, career, relationships, education, other',
    );
    expect(createGoalSchema.parse({ text: 'a', targetDate: '2027-01-31' }).targetDate).toBeInstanceOf(Date);
    expect(createGoalSchema.safeParse({ text: 'a', targetDate: 'soon' }).error?.issues[0]?.message).toBe(
      'Must be a valid date',
    );
  });
  it('stores text, never markup (Part 2 §5 Text sanitizers)', () => {
    expect(createGoalSchema.parse({ text: '<img src=x onerror=alert(1)> Breathe' }).text).toBe('Breathe');
    expect(createGoalSchema.safeParse({ text: '<script>alert(1)</script>' }).error?.issues[0]?.message).toBe(
      'Text is required',
    );
  });
});

describe('updateGoalSchema', () => {
  it('lets every field be omitted but not a blank text', () => {
    expect(updateGoalSchema.parse({}).text).toBeUndefined();
    expect(updateGoalSchema.safeParse({ text: '  ' }).error?.issues[0]?.message).toBe('Text is required');
  });
});

describe('limits and rules', () => {
  it('allows 5 personal, 5 therapist and 10 in all, with messages containing Maximum', () => {
    expect(checkGoalLimit({ personal: 4, therapist: 5 }, 'personal')).toEqual({ ok: true });
    const personal = checkGoalLimit({ personal: 5, therapist: 0 }, 'personal');
    expect(personal).toEqual({ ok: false, message: goalMessages.maximumOfType('personal') });
    expect(goalMessages.maximumOfType('therapist')).toContain('Maximum');
    expect(checkGoalLimit({ personal: 0, therapist: 5 }, 'therapist').ok).toBe(false);
    expect(goalMessages.maximumTotal).toContain('Maximum');
  });
  it('treats priority above 3 as high', () => {
    expect(isHighPriority(3)).toBe(false);
    expect(isHighPriority(4)).toBe(true);
  });
  it('compares goal texts without case or extra spaces', () => {
    expect(goalTextKey('  Walk   Daily ')).toBe(goalTextKey('walk daily'));
  });
  it('computes the stats', () => {
    expect(computeGoalStats([])).toEqual({
      totalMentions: 0,
      completedGoals: 0,
      completionRate: 0,
      averageMentions: 0,
    });
    expect(
      computeGoalStats([
        { mentionCount: 3, completed: true },
        { mentionCount: 1, completed: false },
        { mentionCount: 0, completed: false },
      ]),
    ).toEqual({ totalMentions: 4, completedGoals: 1, completionRate: 33, averageMentions: 1.3 });
  });
  it('lowercases moodType and reminderPeriod, defaulting moodType to neutral', () => {
    expect(incrementMentionSchema.parse({ moodType: 'Positive' }).moodType).toBe('positive');
    expect(incrementMentionSchema.parse({}).moodType).toBe('neutral');
    expect(incrementMentionSchema.parse(undefined).moodType).toBe('neutral');
    expect(goalNotificationSchema.parse({ reminderPeriod: 'WEEKLY' }).reminderPeriod).toBe('weekly');
    expect(goalNotificationSchema.safeParse({ reminderPeriod: 'hourly' }).success).toBe(false);
  });
});

describe('preset catalogue', () => {
  it('has at least 30 well-formed presets covering every category, with unique ids and texts', () => {
    expect(presetGoals.length).toBeGreaterThanOrEqual(30);
    expect(new Set(presetGoals.map((p) => p.id)).size).toBe(presetGoals.length);
    expect(new Set(presetGoals.map((p) => goalTextKey(p.text))).size).toBe(presetGoals.length);
    for (const p of presetGoals) {
      expect(
        createGoalSchema.safeParse({ text: p.text, notes: p.notes, emoji: p.emoji, priority: p.priority })
          .success,
      ).toBe(true);
    }
    expect(
      presetCategories()
        .map((c) => c.category)
        .sort(),
    ).toEqual([...goalCategories].sort());
    expect(findPresetGoal('health-walk')?.category).toBe('health');
    expect(findPresetGoal('nope')).toBeUndefined();
  });
});

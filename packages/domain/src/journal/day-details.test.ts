import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { suggestedActivities, updateDayDetailsSchema } from './day-details.js';

const moodId = randomUUID();
const messagesOf = (input: unknown) =>
  updateDayDetailsSchema.safeParse(input).error?.issues.map((i) => i.message) ?? [];

describe('updateDayDetailsSchema', () => {
  it('needs a mood id and nothing else', () => {
    expect(updateDayDetailsSchema.parse({ moodId })).toEqual({ moodId });
    expect(messagesOf({})).toEqual(['Mood id is required']);
    expect(messagesOf({ moodId: 'x' })).toEqual(['Invalid format']);
  });

  it('takes suggested and custom activities, up to 20 of at most 50 characters', () => {
    expect(suggestedActivities).toContain('Exercise');
    expect(
      updateDayDetailsSchema.parse({
        moodId,
        activities: ['exercise', 'Reading', 'Pottery class', 'EXERCISE'],
      }).activities,
    ).toEqual(['Exercise', 'Reading', 'Pottery class']);
    expect(messagesOf({ moodId, activities: ['x'.repeat(51)] })).toEqual(['Must not exceed 50 characters']);
    expect(messagesOf({ moodId, activities: Array.from({ length: 21 }, (_, i) => `A${i}`) })).toEqual([
      'Must not exceed 20',
    ]);
    expect(messagesOf({ moodId, activities: ['  '] })).toEqual(['Text is required']);
    expect(messagesOf({ moodId, activities: ['<script>x</script>'] })).toEqual(['Invalid format']);
  });

  it('checks the sleep routine', () => {
    const sleep = { hours: 7.5, quality: 4, bedtime: '23:30', wakeTime: '07:00' };
    expect(updateDayDetailsSchema.parse({ moodId, sleepRoutine: sleep }).sleepRoutine).toEqual(sleep);
    expect(messagesOf({ moodId, sleepRoutine: { hours: 30, quality: 3 } })).toEqual(['Must not exceed 24']);
    expect(messagesOf({ moodId, sleepRoutine: { hours: -1, quality: 3 } })).toEqual(['Must be at least 0']);
    expect(messagesOf({ moodId, sleepRoutine: { hours: 7.25, quality: 3 } })).toEqual(['Invalid format']);
    expect(messagesOf({ moodId, sleepRoutine: { hours: 7, quality: 6 } })).toEqual(['Must not exceed 5']);
    expect(messagesOf({ moodId, sleepRoutine: { hours: 7 } })).toEqual(['Quality is required']);
    expect(messagesOf({ moodId, sleepRoutine: { quality: 2 } })).toEqual(['Hours is required']);
    expect(messagesOf({ moodId, sleepRoutine: { hours: '7', quality: 2 } })).toEqual([
      'Must be a valid number',
    ]);
    expect(messagesOf({ moodId, sleepRoutine: { hours: 7, quality: 2, bedtime: '24:00' } })).toEqual([
      'Invalid format',
    ]);
  });

  it('checks productivity, betterme and the therapy process, sanitising notes', () => {
    expect(
      updateDayDetailsSchema.parse({
        moodId,
        productivity: { level: 3, note: 'Focused <b>morning</b><script>x</script>' },
        betterme: { note: 'Drink water' },
        therapyProcess: { sessionAttended: true },
      }),
    ).toEqual({
      moodId,
      productivity: { level: 3, note: 'Focused <b>morning</b>' },
      betterme: { note: 'Drink water' },
      therapyProcess: { sessionAttended: true },
    });
    expect(messagesOf({ moodId, productivity: { level: 0 } })).toEqual(['Must be at least 1']);
    expect(messagesOf({ moodId, productivity: { level: 2.5 } })).toEqual(['Must be a valid number']);
    expect(messagesOf({ moodId, productivity: { level: 2, note: 'x'.repeat(501) } })).toEqual([
      'Must not exceed 500 characters',
    ]);
    expect(messagesOf({ moodId, betterme: { note: '' } })).toEqual(['Note is required']);
    expect(messagesOf({ moodId, betterme: { note: 'x'.repeat(1001) } })).toEqual([
      'Must not exceed 1000 characters',
    ]);
    expect(messagesOf({ moodId, therapyProcess: { note: 'x'.repeat(1001) } })).toEqual([
      'Must not exceed 1000 characters',
    ]);
  });

  it('lets null clear a block', () => {
    expect(updateDayDetailsSchema.parse({ moodId, sleepRoutine: null })).toEqual({
      moodId,
      sleepRoutine: null,
    });
  });
});

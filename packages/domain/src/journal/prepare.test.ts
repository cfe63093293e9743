import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { prepareJournalEntry } from './prepare.js';

const now = new Date('2026-03-10T12:00:00Z');
const entry = (overrides: Record<string, unknown> = {}) => ({
  mood: 'Fine',
  emoji: '🙂',
  notes: 'A steady day with a long walk.',
  journalType: 'prompt',
  userTimezone: 'UTC',
  emotionData: {
    primaryEmotion: 'Calm',
    intensity: 6,
    color: '#60A5FA',
    category: 'neutral',
    path: ['Calm'],
  },
  ...overrides,
});
const errorsOf = (body: unknown) => {
  const result = prepareJournalEntry(body, { now });
  return result.ok ? [] : result.errors;
};

describe('prepareJournalEntry', () => {
  it('returns the sanitised entry', () => {
    const goal = randomUUID();
    const result = prepareJournalEntry(
      entry({ notes: '<p>Walked by the river</p>', goal: { selectedGoals: [{ goalData: { _id: goal } }] } }),
      { now },
    );
    expect(result).toEqual({
      ok: true,
      entry: {
        mood: 'Fine',
        emoji: '🙂',
        notes: '<p>Walked by the river</p>',
        journalType: 'prompt',
        chatMessages: [],
        isAIGenerated: false,
        emotionData: {
          primaryEmotion: 'Calm',
          intensity: 6,
          color: '#60A5FA',
          category: 'neutral',
          path: ['Calm'],
        },
        originalEmotionData: null,
        goalIds: [goal],
        userTimezone: 'UTC',
        isPrivate: false,
      },
    });
  });

  it('stores an out-of-range emotion as the sanitiser says instead of refusing it', () => {
    const result = prepareJournalEntry(
      entry({
        emotionData: {
          primaryEmotion: 'Joy',
          intensity: 99,
          color: 'red',
          category: 'positive',
          path: Array.from({ length: 12 }, (_, i) => `Level${i}`),
        },
      }),
      { now },
    );
    if (!result.ok) throw new Error(result.errors.join());
    expect(result.entry.emotionData).toMatchObject({ primaryEmotion: 'Joy', intensity: 5, color: '#9CA3AF' });
    expect(result.entry.emotionData?.path).toHaveLength(5);
  });

  it.each([
    [{ mood: '' }, 'Please select a mood'],
    [{ notes: '<script>alert(1)</script>' }, 'Notes contain invalid content'],
    [{ notes: 'see <img src=x onerror=alert(1)>' }, 'Notes contain invalid content'],
    [{ notes: '' }, 'Please write some notes before saving'],
    [{ journalType: 'video' }, 'Invalid journal type'],
    [
      { journalType: 'chat', chatMessages: [{ role: 'user', text: 'Hello there' }] },
      'Please have a conversation before saving',
    ],
  ])('refuses %j with the exact message first', (change, message) => {
    const errors = errorsOf(entry(change));
    expect(errors[0]).toBe(message);
    expect(new Set(errors).size).toBe(errors.length);
  });

  it('lists field errors with their field, once each', () => {
    expect(errorsOf(entry({ mood: 'x'.repeat(51) }))).toEqual(['Mood: Must not exceed 50 characters']);
    expect(errorsOf(entry({ emoji: '🙂'.repeat(11) }))).toEqual(['Emoji: Must not exceed 10 characters']);
    expect(
      errorsOf(
        entry({ journalType: 'chat', chatMessages: [{ text: 'hi' }, { role: 'assistant', text: ' ' }] }),
      ),
    ).toEqual(['Message 2: Please enter a message']);
    expect(errorsOf(entry({ userTimezone: 'Mars/Olympus' }))).toEqual(['Time zone: Invalid format']);
    expect(errorsOf(entry({ goal: { selectedGoals: ['x'] } }))).toEqual(['Goals: Invalid format']);
    expect(errorsOf(entry({ customDate: 'soon' }))).toEqual(['Date: Must be a valid date']);
    expect(errorsOf(entry({ notes: 'x'.repeat(10_001) }))).toEqual([
      'Notes: Must not exceed 10000 characters',
    ]);
  });

  it('keeps a chat conversation and the AI form default', () => {
    const result = prepareJournalEntry(
      {
        mood: 'Reflective',
        notes: '',
        journalType: 'chat',
        isAIGenerated: true,
        chatMessages: [
          { role: 'user', text: 'I felt tense before the meeting.' },
          { role: 'assistant', text: 'What helped you through it?' },
        ],
      },
      { now },
    );
    expect(result.ok && result.entry).toMatchObject({ journalType: 'chat', isAIGenerated: true, notes: '' });
    expect(result.ok && result.entry.chatMessages).toHaveLength(2);
  });

  it('refuses a day after the author’s today, in their zone', () => {
    expect(errorsOf(entry({ customDate: '2026-03-09' }))).toEqual([]);
    expect(errorsOf(entry({ customDate: '2026-03-10' }))).toEqual([]);
    expect(errorsOf(entry({ customDate: '2026-03-11' }))).toEqual(['This date is yet to come.']);
    // At 12:00 UTC it is already 03-11 at UTC+14.
    expect(errorsOf(entry({ customDate: '2026-03-11', userTimezone: 'Pacific/Kiritimati' }))).toEqual([]);
    // Without a zone only days after tomorrow (UTC) are surely in the future.
    expect(errorsOf(entry({ customDate: '2026-03-11', userTimezone: undefined }))).toEqual([]);
    expect(errorsOf(entry({ customDate: '2026-03-12', userTimezone: undefined }))).toEqual([
      'This date is yet to come.',
    ]);
  });

  it('refuses what is not an object', () => {
    expect(errorsOf(null)).toEqual(['Invalid format']);
    expect(errorsOf('mood')).toEqual(['Invalid format']);
    expect(errorsOf([entry()])).toEqual(['Invalid format']);
  });
});

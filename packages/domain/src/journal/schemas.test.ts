import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createMoodSchema, updateMoodSchema } from './schemas.js';

const body = { mood: 'Fine', notes: 'A steady day.', journalType: 'prompt' };
const messagesOf = (input: unknown) =>
  createMoodSchema.safeParse(input).error?.issues.map((i) => i.message) ?? [];

describe('createMoodSchema', () => {
  it('parses a minimal body with the stored defaults', () => {
    expect(createMoodSchema.parse({ mood: ' Fine ', notes: 'ok' })).toEqual({
      mood: 'Fine',
      notes: 'ok',
      journalType: 'chat',
      chatMessages: [],
      isAIGenerated: false,
      emotionData: null,
      originalEmotionData: null,
      goalIds: [],
      isPrivate: false,
    });
    expect(createMoodSchema.parse({ mood: 'Fine', journalMode: 'prompt' }).journalType).toBe('prompt');
  });

  it('words mood errors as the save rules do', () => {
    expect(messagesOf({ notes: 'x' })).toEqual(['Please select a mood']);
    expect(messagesOf({ mood: '  ' })).toEqual(['Please select a mood']);
    expect(messagesOf({ mood: '<b></b>' })).toEqual(['Please select a mood']);
    expect(messagesOf({ mood: 'x'.repeat(51) })).toEqual(['Must not exceed 50 characters']);
  });

  it('checks journal type and mode', () => {
    expect(messagesOf({ ...body, journalType: 'video' })).toEqual(['Invalid journal type']);
    expect(messagesOf({ ...body, journalMode: 'video' })).toEqual([
      'Must be one of: prompt, chat, voice, photo',
    ]);
  });

  it('sanitises mood, notes and chat texts, and maps chat roles', () => {
    const out = createMoodSchema.parse({
      mood: 'Fine\u200B',
      notes: '<p onclick="x">Hi\n<b>there</b></p>',
      chatMessages: [
        { role: 'human', text: ' hello  <i>you</i> ' },
        { role: 'ai', text: 'Hi!' },
        { text: 'No role' },
      ],
    });
    expect(out.mood).toBe('Fine');
    expect(out.notes).toBe('<p>Hi\n<b>there</b></p>');
    expect(createMoodSchema.parse({ mood: 'Fine', notes: '<p> </p>' }).notes).toBe('');
    expect(createMoodSchema.parse({ mood: 'Fine', notes: null }).notes).toBe('');
    expect(out.chatMessages).toEqual([
      { role: 'user', text: 'hello you' },
      { role: 'assistant', text: 'Hi!' },
      { role: 'user', text: 'No role' },
    ]);
  });

  it('bounds chat messages at 2,000 characters and 100 messages', () => {
    const issues = createMoodSchema.safeParse({
      mood: 'Fine',
      chatMessages: [{ text: 'x'.repeat(2001) }, { text: '' }],
    }).error?.issues;
    expect(issues?.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['chatMessages.0.text', 'Must not exceed 2000 characters'],
      ['chatMessages.1.text', 'Please enter a message'],
    ]);
    expect(
      messagesOf({ mood: 'Fine', chatMessages: Array.from({ length: 101 }, () => ({ text: 'x' })) }),
    ).toEqual(['Must not exceed 100']);
  });

  it('sanitises the emotion selections', () => {
    const out = createMoodSchema.parse({
      ...body,
      emotionData: {
        primaryEmotion: 'Joy',
        intensity: 99,
        color: 'red',
        path: Array.from({ length: 12 }, () => 'x'),
      },
      originalEmotionData: { intensity: 4 },
    });
    expect(out.emotionData).toMatchObject({ primaryEmotion: 'Joy', intensity: 5, color: '#9CA3AF' });
    expect(out.emotionData?.path).toHaveLength(5);
    expect(out.originalEmotionData).toBeNull();
  });

  it('reduces selected goals of every accepted shape to unique ids, at most 10', () => {
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    const out = createMoodSchema.parse({
      ...body,
      goal: { selectedGoals: [{ goalData: { _id: a } }, { _id: b }, c, { id: a.toUpperCase() }] },
    });
    expect(out.goalIds).toEqual([a, b, c]);
    expect(messagesOf({ ...body, goal: { selectedGoals: ['nope'] } })).toEqual(['Invalid format']);
    expect(
      messagesOf({ ...body, goal: { selectedGoals: Array.from({ length: 11 }, () => randomUUID()) } }),
    ).toEqual(['Must not exceed 10']);
    expect(createMoodSchema.parse({ ...body, goal: {} }).goalIds).toEqual([]);
  });

  it('checks dates, time zone and flags', () => {
    expect(createMoodSchema.parse({ ...body, customDate: '2026-03-04' }).customDate).toBe('2026-03-04');
    expect(
      createMoodSchema.parse({ ...body, customDate: '2026-03-04T23:30:00Z', userTimezone: 'Europe/Berlin' })
        .customDate,
    ).toBe('2026-03-05');
    expect(messagesOf({ ...body, customDate: 'someday, maybe' })).toEqual(['Must be a valid date']);
    expect(messagesOf({ ...body, customDate: '2026-02-30' })).toEqual(['Must be a valid date']);
    expect(messagesOf({ ...body, userLocalTimestamp: 'x' })).toEqual(['Must be a valid date']);
    expect(createMoodSchema.parse({ ...body, userTimezone: 'Pacific/Kiritimati' }).userTimezone).toBe(
      'Pacific/Kiritimati',
    );
    expect(messagesOf({ ...body, userTimezone: 'Mars/Olympus' })).toEqual(['Invalid format']);
    expect(messagesOf({ ...body, isPrivate: 'yes' })).toEqual(['Invalid format']);
    expect(createMoodSchema.parse({ ...body, isPrivate: true, isAIGenerated: true })).toMatchObject({
      isPrivate: true,
      isAIGenerated: true,
    });
  });

  it('keeps at most 2 photos by file id and sanitises their text', () => {
    const out = createMoodSchema.parse({
      ...body,
      photoData: {
        images: [{ fileId: 'abc123.png', url: '/old/signed/url' }],
        extractedText: '<script>x</script>Menu',
      },
    });
    expect(out.photoData).toEqual({ images: [{ fileId: 'abc123.png' }], extractedText: 'Menu' });
    const three = { images: [{ fileId: 'a.png' }, { fileId: 'b.png' }, { fileId: 'c.png' }] };
    expect(messagesOf({ ...body, photoData: three })).toEqual(['Must not exceed 2']);
    expect(messagesOf({ ...body, photoData: { images: [{ fileId: '../x.png' }] } })).toEqual([
      'Invalid format',
    ]);
  });

  it('takes small AI metadata only', () => {
    expect(createMoodSchema.parse({ ...body, aiMetadata: { model: 'local' } }).aiMetadata).toEqual({
      model: 'local',
    });
    expect(messagesOf({ ...body, aiMetadata: { blob: 'x'.repeat(5000) } })).toEqual([
      'Must not exceed 4000 characters',
    ]);
    expect(messagesOf({ ...body, aiMetadata: 'x' })).toEqual(['Invalid format']);
  });

  it('bounds the emoji in code points', () => {
    expect(createMoodSchema.parse({ ...body, emoji: '🙂' }).emoji).toBe('🙂');
    expect(messagesOf({ ...body, emoji: '🙂'.repeat(11) })).toEqual(['Must not exceed 10 characters']);
    expect(createMoodSchema.parse({ ...body, emoji: '' }).emoji).toBeUndefined();
  });
});

describe('updateMoodSchema', () => {
  it('makes every field optional and returns only the given ones', () => {
    expect(updateMoodSchema.parse({})).toEqual({});
    expect(updateMoodSchema.parse({ notes: 'Rewritten <b>later</b>.' })).toEqual({
      notes: 'Rewritten <b>later</b>.',
    });
    expect(updateMoodSchema.parse({ emotionData: null })).toEqual({ emotionData: null });
    expect(updateMoodSchema.safeParse({ mood: '' }).error?.issues[0]?.message).toBe('Please select a mood');
    expect(updateMoodSchema.safeParse({ journalType: 'video' }).error?.issues[0]?.message).toBe(
      'Invalid journal type',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { effectiveJournalType, emotionPathForSave, validateJournalSave } from './save.js';

const prompt = { mood: 'Fine', notes: 'A steady day.', journalType: 'prompt' };
const chat = [
  { role: 'user', text: 'I felt tense before the meeting.' },
  { role: 'assistant', text: 'What helped you through it?' },
];
const errorsOf = (draft: Record<string, unknown>) => validateJournalSave(draft).errors;

describe('validateJournalSave (Part 1 §5)', () => {
  it('accepts a complete notes entry and a complete chat', () => {
    expect(validateJournalSave(prompt)).toEqual({ valid: true, errors: [] });
    expect(validateJournalSave({ mood: 'Reflective', journalType: 'chat', chatMessages: chat })).toEqual({
      valid: true,
      errors: [],
    });
  });

  it("says 'Please select a mood' when there is none", () => {
    expect(errorsOf({ ...prompt, mood: '' })).toEqual(['Please select a mood']);
    expect(errorsOf({ ...prompt, mood: '   ' })).toEqual(['Please select a mood']);
    expect(errorsOf({ ...prompt, mood: undefined })).toEqual(['Please select a mood']);
    expect(errorsOf({ ...prompt, mood: '<b></b>' })).toEqual(['Please select a mood']);
    expect(errorsOf({ ...prompt, mood: 'x'.repeat(51) })).toEqual(['Mood: Must not exceed 50 characters']);
  });

  it('needs more than one chat message', () => {
    expect(errorsOf({ mood: 'Fine', journalType: 'chat', chatMessages: [chat[0]] })).toEqual([
      'Please have a conversation before saving',
    ]);
    expect(errorsOf({ mood: 'Fine', journalType: 'chat' })).toEqual([
      'Please have a conversation before saving',
    ]);
    expect(errorsOf({ mood: 'Fine', journalType: 'chat', chatMessages: [] })).toEqual([
      'Please have a conversation before saving',
    ]);
  });

  it("prefixes message errors with 'Message N:'", () => {
    expect(
      errorsOf({
        mood: 'Fine',
        journalType: 'chat',
        chatMessages: [chat[0], { role: 'assistant', text: '  ' }],
      }),
    ).toEqual(['Message 2: Please enter a message']);
    expect(
      errorsOf({
        mood: 'Fine',
        journalType: 'chat',
        chatMessages: [{ text: 'x'.repeat(2001) }, chat[1], {}],
      }),
    ).toEqual(['Message 1: Must not exceed 2000 characters', 'Message 3: Please enter a message']);
    expect(
      errorsOf({
        mood: 'Fine',
        journalType: 'chat',
        chatMessages: Array.from({ length: 101 }, () => chat[0]),
      }),
    ).toEqual(['Messages: Must not exceed 100']);
  });

  it('needs notes in prompt, voice and photo entries', () => {
    for (const journalType of ['prompt', 'voice', 'photo']) {
      expect(errorsOf({ mood: 'Fine', journalType, notes: '' }), journalType).toEqual([
        'Please write some notes before saving',
      ]);
      expect(errorsOf({ mood: 'Fine', journalType, notes: '<p> </p>' })).toEqual([
        'Please write some notes before saving',
      ]);
    }
  });

  it('takes a voice conversation without notes as a conversation', () => {
    expect(errorsOf({ mood: 'Fine', journalType: 'voice', notes: '', chatMessages: chat })).toEqual([]);
    expect(errorsOf({ mood: 'Fine', journalType: 'voice', notes: '', chatMessages: [chat[0]] })).toEqual([
      'Please have a conversation before saving',
    ]);
  });

  it("refuses scripts, javascript: and inline handlers: 'Notes contain invalid content'", () => {
    for (const notes of [
      '<script>alert(1)</script>',
      'go javascript:alert(1)',
      'see <img src=x onerror=alert(1)>',
    ]) {
      expect(errorsOf({ ...prompt, notes }), notes).toEqual(['Notes contain invalid content']);
    }
    expect(
      errorsOf({ mood: 'Fine', journalType: 'chat', chatMessages: chat, notes: '<script>x</script>' }),
    ).toEqual(['Notes contain invalid content']);
  });

  it('bounds notes at 10,000 characters (ruling 5)', () => {
    expect(errorsOf({ ...prompt, notes: 'x'.repeat(10_000) })).toEqual([]);
    expect(errorsOf({ ...prompt, notes: 'x'.repeat(10_001) })).toEqual([
      'Notes: Must not exceed 10000 characters',
    ]);
    expect(errorsOf({ ...prompt, notes: 42 })).toEqual([
      'Please write some notes before saving',
      'Notes: Invalid format',
    ]);
  });

  it('wants an integer intensity from 1 to 10', () => {
    for (const intensity of [0, 11, 99, 7.5, '7', Number.NaN]) {
      expect(
        errorsOf({ ...prompt, emotionData: { primaryEmotion: 'Joy', intensity } }),
        String(intensity),
      ).toEqual(['Intensity must be between 1 and 10']);
    }
    for (const intensity of [1, 5, 10, undefined]) {
      expect(errorsOf({ ...prompt, emotionData: { primaryEmotion: 'Joy', intensity } })).toEqual([]);
    }
  });

  it('bounds emotion names at 100 characters', () => {
    expect(errorsOf({ ...prompt, emotionData: { primaryEmotion: 'x'.repeat(101) } })).toEqual([
      'Primary emotion: Must not exceed 100 characters',
    ]);
  });

  it("prefixes emoji errors with 'Emoji:'", () => {
    expect(errorsOf({ ...prompt, emoji: '🙂' })).toEqual([]);
    expect(errorsOf({ ...prompt, emoji: '👨‍👩‍👧‍👦' })).toEqual([]); // 7 code points, one picture
    expect(errorsOf({ ...prompt, emoji: '🙂'.repeat(11) })).toEqual(['Emoji: Must not exceed 10 characters']);
    expect(errorsOf({ ...prompt, emoji: '<img>' })).toEqual(['Emoji: Invalid format']);
    expect(errorsOf({ ...prompt, emotionData: { primaryEmotion: 'Joy', emoji: '😀'.repeat(11) } })).toEqual([
      'Emoji: Must not exceed 10 characters',
    ]);
  });

  it("refuses a journal type other than prompt, chat, voice or photo: 'Invalid journal type'", () => {
    expect(errorsOf({ ...prompt, journalType: 'video' })).toEqual(['Invalid journal type']);
    expect(errorsOf({ ...prompt, journalType: 7 })).toEqual(['Invalid journal type']);
  });

  it('lists every broken rule', () => {
    expect(errorsOf({ mood: '', journalType: 'prompt', notes: '', emoji: '<' })).toEqual([
      'Please select a mood',
      'Please write some notes before saving',
      'Emoji: Invalid format',
    ]);
  });
});

describe('effectiveJournalType', () => {
  it('uses journalType, else a journalMode that is a type, else chat', () => {
    expect(effectiveJournalType({ journalType: 'photo' })).toBe('photo');
    expect(effectiveJournalType({ journalMode: 'prompt' })).toBe('prompt');
    expect(effectiveJournalType({ journalMode: 'other' })).toBe('chat');
    expect(effectiveJournalType({})).toBe('chat');
    expect(effectiveJournalType({ journalType: 'video' })).toBeNull();
  });
});

describe('emotionPathForSave', () => {
  it('keeps only strings, at most 10', () => {
    expect(emotionPathForSave(['a', 1, 'b', null])).toEqual(['a', 'b']);
    expect(emotionPathForSave(Array.from({ length: 12 }, (_, i) => `L${i}`))).toHaveLength(10);
    expect(emotionPathForSave('a')).toEqual([]);
  });
});

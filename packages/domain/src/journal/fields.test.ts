import { describe, expect, it } from 'vitest';
import {
  validateDate,
  validateLength,
  validateNumber,
  validateOneOf,
  validatePattern,
  validateText,
} from './fields.js';

describe('field validators (Part 1 §5 messages)', () => {
  it('words text checks exactly', () => {
    expect(validateText('', [1, 10], { required: true })).toBe('Text is required');
    expect(validateText(undefined, [1, 10], { required: true, label: 'Mood' })).toBe('Mood is required');
    expect(validateText('ab', [3, 10])).toBe('Must be at least 3 characters');
    expect(validateText('x'.repeat(11), [1, 10])).toBe('Must not exceed 10 characters');
    expect(validateText(5, [1, 10])).toBe('Invalid format');
    expect(validateText('  ok  ', [1, 2])).toBeNull();
  });

  it('lets optional empty fields pass', () => {
    expect(validateText('', [3, 10])).toBeNull();
    expect(validateText(null, [3, 10])).toBeNull();
    expect(validateNumber(undefined, { min: 1 })).toBeNull();
    expect(validateDate('')).toBeNull();
    expect(validateOneOf(undefined, ['a'])).toBeNull();
    expect(validatePattern('', /x/)).toBeNull();
  });

  it('applies the length table', () => {
    const table: [Parameters<typeof validateLength>[0], number][] = [
      ['mood', 50],
      ['journalNotes', 10_000],
      ['chatMessage', 2000],
      ['emoji', 10],
      ['goalTitle', 200],
      ['emotionField', 100],
      ['name', 100],
      ['description', 2000],
    ];
    for (const [field, max] of table) {
      expect(validateLength(field, 'x'.repeat(max)), field).toBeNull();
      expect(validateLength(field, 'x'.repeat(max + 1)), field).toBe(`Must not exceed ${max} characters`);
    }
    expect(validateLength('username', 'ab')).toBe('Must be at least 3 characters');
    expect(validateLength('password', 'x'.repeat(7))).toBe('Must be at least 8 characters');
  });

  it('words number, choice, format and date checks exactly', () => {
    expect(validateNumber('abc')).toBe('Must be a valid number');
    expect(validateNumber(2.5, { integer: true })).toBe('Must be a valid number');
    expect(validateNumber(0, { min: 1 })).toBe('Must be at least 1');
    expect(validateNumber('11', { max: 10 })).toBe('Must not exceed 10');
    expect(validateNumber(5, { min: 1, max: 10, required: true, label: 'Intensity' })).toBeNull();
    expect(validateNumber(null, { required: true, label: 'Intensity' })).toBe('Intensity is required');
    expect(validateOneOf('video', ['prompt', 'chat', 'voice', 'photo'])).toBe(
      'Must be one of: prompt, chat, voice, photo',
    );
    expect(validatePattern('12:5', /^\d{2}:\d{2}$/)).toBe('Invalid format');
    expect(validateDate('2026-03-04')).toBeNull();
    expect(validateDate('2026-03-04T10:00:00.000+05:30')).toBeNull();
    expect(validateDate('tomorrow!!')).toBe('Must be a valid date');
    expect(validateDate('2026-3-4')).toBe('Must be a valid date');
    expect(validateDate('x'.repeat(31))).toBe('Must be a valid date');
    expect(validateDate(new Date(NaN))).toBe('Must be a valid date');
    expect(validateDate(12)).toBe('Must be a valid date');
  });
});

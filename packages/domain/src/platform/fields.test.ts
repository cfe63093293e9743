import { describe, expect, it } from 'vitest';
import {
  emailField,
  isValidEmail,
  isValidPhone,
  nameText,
  optionalName,
  optionalPlainText,
  optionalText,
  plainText,
  requiredText,
} from './fields.js';

describe('isValidEmail', () => {
  it('accepts standard addresses', () => {
    for (const email of ['a@b.co', 'ada.lovelace+notes@example.test', 'x_y-z@sub.domain.org']) {
      expect(isValidEmail(email), email).toBe(true);
    }
  });

  it('refuses malformed addresses', () => {
    for (const email of [
      '',
      'plain',
      'no-at.example.test',
      '@example.test',
      'ada@',
      'ada@example',
      'ada@example.c',
      'ada @example.test',
      'ada@@example.test',
      'ada@exa mple.test',
      '<ada>@example.test',
    ]) {
      expect(isValidEmail(email), email).toBe(false);
    }
  });

  it('keeps the 5 to 255 length bounds', () => {
    expect(isValidEmail(`${'a'.repeat(242)}@example.test`)).toBe(true);
    expect(isValidEmail(`${'a'.repeat(243)}@example.test`)).toBe(false);
  });
});

describe('isValidPhone (at least 10 digits)', () => {
  it('counts digits, whatever the formatting', () => {
    expect(isValidPhone('5551234567')).toBe(true);
    expect(isValidPhone('(555) 123-4567')).toBe(true);
    expect(isValidPhone('+1 555 123 4567')).toBe(true);
    expect(isValidPhone('555-123-456')).toBe(false);
    expect(isValidPhone('phone')).toBe(false);
    expect(isValidPhone('')).toBe(false);
  });
});

describe('requiredText / optionalText / emailField', () => {
  it('words the generic messages of Part 1 §5', () => {
    const title = requiredText('Title', [3, 10]);
    expect(title.safeParse(undefined).error?.issues[0]?.message).toBe('Title is required');
    expect(title.safeParse('   ').error?.issues.map((i) => i.message)).toEqual(['Title is required']);
    expect(title.safeParse('ab').error?.issues[0]?.message).toBe('Must be at least 3 characters');
    expect(title.safeParse('a'.repeat(11)).error?.issues[0]?.message).toBe('Must not exceed 10 characters');
    expect(title.safeParse(12).error?.issues[0]?.message).toBe('Invalid format');
    expect(title.parse('  abc  ')).toBe('abc');
  });

  it('lets optional empty fields pass', () => {
    const notes = optionalText([1, 5]);
    expect(notes.parse(undefined)).toBeUndefined();
    expect(notes.parse('   ')).toBeUndefined();
    expect(notes.parse('hi')).toBe('hi');
    expect(notes.safeParse('toolong').error?.issues[0]?.message).toBe('Must not exceed 5 characters');
  });

  it('lower-cases emails and answers Invalid format for bad ones', () => {
    expect(emailField().parse(' Ada@Example.TEST ')).toBe('ada@example.test');
    expect(emailField().safeParse('ada.example.test').error?.issues[0]?.message).toBe('Invalid format');
  });
});

describe('sanitising fields (Part 2 §5 Text sanitizers)', () => {
  it('plainText strips markup, script schemes and handlers, and keeps the messages', () => {
    const field = plainText('Text', [1, 50]);
    expect(field.parse('<img src=x onerror=alert(1)> Breathe')).toBe('Breathe');
    expect(field.parse('<a href="javascript:alert(1)">Walk</a> daily')).toBe('Walk daily');
    expect(field.safeParse('<script>alert(1)</script>').error?.issues[0]?.message).toBe('Text is required');
    expect(field.safeParse('   ').error?.issues[0]?.message).toBe('Text is required');
  });

  it('optionalPlainText leaves absent what was nothing but markup', () => {
    const field = optionalPlainText([1, 50]);
    expect(field.parse(undefined)).toBeUndefined();
    expect(field.parse('<b></b>')).toBeUndefined();
    expect(field.parse('<i>soon</i>')).toBe('soon');
  });

  it('nameText and optionalName keep word characters, spaces, @, . and - only', () => {
    expect(nameText('First name').parse('<script>x</script>Ada')).toBe('Ada');
    expect(nameText('First name').parse("Mary-Jane O'Neil")).toBe('Mary-Jane ONeil');
    expect(nameText('First name').safeParse('<b></b>').error?.issues[0]?.message).toBe(
      'First name is required',
    );
    expect(optionalName().parse('<img src=x onerror=alert(1)>')).toBeUndefined();
    expect(optionalName().parse('Zoë')).toBe('Zoë');
  });
});

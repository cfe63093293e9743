import { describe, expect, it } from 'vitest';
import { hasInvalidNotesContent, sanitizeNotes } from './notes.js';

describe('hasInvalidNotesContent', () => {
  it('flags script tags, javascript: URLs and inline handlers, also disguised', () => {
    for (const text of [
      '<script>alert(1)</script>',
      'a </SCRIPT> b',
      '<a href="javascript:alert(1)">x</a>',
      'javascript: alert(1)',
      'see <img src=x onerror=alert(1)>',
      '<div onclick = "x()">',
      '&lt;script&gt;',
      'java&#115;cript:alert(1)',
      '<ѕcript>',
    ]) {
      expect(hasInvalidNotesContent(text), text).toBe(true);
    }
  });

  it('accepts ordinary notes, formatting included', () => {
    for (const text of [
      'A steady day with a long walk.',
      '<p>I felt <b>proud</b> of myself.</p>',
      "I'm learning javascript: it is hard.",
      'Someone = me, online = all day, one = enough.',
      '',
    ]) {
      expect(hasInvalidNotesContent(text), text).toBe(false);
    }
    expect(hasInvalidNotesContent(undefined)).toBe(false);
  });
});

describe('sanitizeNotes', () => {
  it('keeps basic formatting and the whitespace as written', () => {
    expect(sanitizeNotes('<p style="x">Line one</p>\n\n  <b>two</b>  ')).toBe(
      '<p>Line one</p>\n\n  <b>two</b>  ',
    );
    expect(sanitizeNotes('a<script>bad()</script>b')).toBe('ab');
  });

  it('cuts to 10,000 characters by default, or to the given maximum', () => {
    expect(sanitizeNotes('x'.repeat(12_000))).toHaveLength(10_000);
    expect(sanitizeNotes('abcdef', 4)).toBe('abcd');
  });

  it('answers blank for blank notes', () => {
    expect(sanitizeNotes('')).toBe('');
    expect(sanitizeNotes(undefined)).toBe('');
  });
});

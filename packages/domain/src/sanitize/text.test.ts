import { describe, expect, it } from 'vitest';
import { invalidContentText, sanitizeName, sanitizeText } from './text.js';
import { isValidEmail, isValidPhone } from './index.js';

describe('sanitizeText', () => {
  it('strips zero-width and bidi control characters', () => {
    expect(sanitizeText('he\u200Bll\u200Co\u2060 wo\uFEFFrld')).toBe('hello world');
    expect(sanitizeText('abc\u202Edef\u202C \u2066x\u2069')).toBe('abcdef x');
    expect(sanitizeText('soft\u00ADhyphen')).toBe('softhyphen');
  });

  it('keeps the joiner inside emoji sequences only', () => {
    expect(sanitizeText('I am a 👩\u200D💻 today')).toBe('I am a 👩\u200D💻 today');
    expect(sanitizeText('a\u200Db')).toBe('ab');
  });

  it('removes control characters', () => {
    expect(sanitizeText('a\u0000b\u0007c\u001Bd\u007Fe\u0085f')).toBe('abcdef');
  });

  it('removes HTML, script and style content included', () => {
    expect(sanitizeText('<b>bold</b> and <a href="x">link</a>')).toBe('bold and link');
    expect(sanitizeText('hi<script>alert(1)</script> there')).toBe('hi there');
    expect(sanitizeText('<style>p{color:red}</style>calm')).toBe('calm');
    expect(sanitizeText('a<!-- hidden -->b')).toBe('ab');
    expect(sanitizeText('line<br>break<p>para</p>')).toBe('line break para');
  });

  it('keeps basic formatting without attributes when asked', () => {
    expect(
      sanitizeText(
        '<p class="x" onclick="evil()">Hi <STRONG style="c">you</STRONG><br/><a href="y">l</a></p>',
        {
          keepFormatting: true,
        },
      ),
    ).toBe('<p>Hi <strong>you</strong><br>l</p>');
    expect(
      sanitizeText('<ul><li>one</li><li>two</li></ul><i>x</i><em>y</em><u>z</u><ol></ol>', {
        keepFormatting: true,
      }),
    ).toBe('<ul><li>one</li><li>two</li></ul><i>x</i><em>y</em><u>z</u><ol></ol>');
    expect(sanitizeText('<img src=x onerror=alert(1)>ok', { keepFormatting: true })).toBe('ok');
  });

  it('sees through character references', () => {
    expect(sanitizeText('&lt;script&gt;alert(1)&lt;/script&gt;fine')).toBe('fine');
    expect(sanitizeText('fish &amp; chips')).toBe('fish & chips');
  });

  it('maps full-width and mixed-script look-alikes to ASCII, leaves other scripts alone', () => {
    expect(sanitizeText('ｈｅｌｌｏ')).toBe('hello');
    expect(sanitizeText('pаypаl')).toBe('paypal'); // Cyrillic а
    expect(sanitizeText('ѕcript')).toBe('script');
    expect(sanitizeText('Привет, как дела?')).toBe('Привет, как дела?');
    expect(sanitizeText('Καλημέρα')).toBe('Καλημέρα');
  });

  it('normalises quotes and dashes', () => {
    expect(sanitizeText('\u201CHi\u201D \u2018you\u2019 \u2014 a\u2013b')).toBe('"Hi" \'you\' - a-b');
  });

  it('removes injection-like fragments', () => {
    expect(sanitizeText('click javascript:alert(1)')).toBe('click alert(1)');
    expect(sanitizeText('x onerror=alert(1)')).toBe('x alert(1)');
    expect(sanitizeText('data:text/html;base64,PHNjcmlwdD4=')).toBe('PHNjcmlwdD4=');
    expect(sanitizeText('javajavascript:script:alert(1)')).toBe('alert(1)');
    expect(sanitizeText('one = two and online = fine')).toBe('one = two and online = fine');
    expect(sanitizeText("I'm learning javascript: it is hard")).toBe("I'm learning javascript: it is hard");
    expect(sanitizeText('javascript: alert(1)')).toBe('alert(1)');
  });

  it('collapses whitespace unless told not to', () => {
    expect(sanitizeText('  a \n\n b\t c  ')).toBe('a b c');
    expect(sanitizeText('a\n\n  b', { normalizeWhitespace: false })).toBe('a\n\n  b');
  });

  it('cuts to maxLength without splitting a surrogate pair or a tag', () => {
    expect(sanitizeText('abcdef', { maxLength: 3 })).toBe('abc');
    expect(sanitizeText('ab😀', { maxLength: 3 })).toBe('ab');
    expect(sanitizeText('<b>ab</b>cd', { keepFormatting: true, maxLength: 7 })).toBe('<b>ab');
  });

  it("turns content that is all removed into '[Invalid content removed]'; blank stays blank", () => {
    expect(invalidContentText).toBe('[Invalid content removed]');
    expect(sanitizeText('<script>alert(1)</script>')).toBe('[Invalid content removed]');
    expect(sanitizeText('\u200B\u200B')).toBe('[Invalid content removed]');
    expect(sanitizeText('<p></p>', { keepFormatting: true })).toBe('[Invalid content removed]');
    expect(sanitizeText('')).toBe('');
    expect(sanitizeText('   ')).toBe('');
    expect(sanitizeText(undefined)).toBe('');
    expect(sanitizeText(null)).toBe('');
  });

  it('keeps ordinary journal prose as written', () => {
    expect(sanitizeText('if a < b and c > d then')).toBe('if a < b and c > d then');
    const prose = "Today was hard, but I'm 100% proud I went for a walk. I <3 my dog & my sister.";
    expect(sanitizeText(prose)).toBe(prose);
  });
});

describe('sanitizeName', () => {
  it('keeps word characters, spaces, @, . and -', () => {
    expect(sanitizeName('Ada Lovelace-King')).toBe('Ada Lovelace-King');
    expect(sanitizeName('ada.l@example.test')).toBe('ada.l@example.test');
    expect(sanitizeName('José Zoë_1')).toBe('José Zoë_1');
    expect(sanitizeName("O'Brien <b>x</b>; DROP")).toBe('OBrien bxb DROP');
    expect(sanitizeName('  a   b  ')).toBe('a b');
    expect(sanitizeName(42)).toBe('');
  });

  it('keeps at most 100 characters', () => {
    expect(sanitizeName('a'.repeat(150))).toHaveLength(100);
  });
});

describe('isValidEmail / isValidPhone (re-exported)', () => {
  it('checks the standard format and at least 10 digits', () => {
    expect(isValidEmail('ada@example.test')).toBe(true);
    expect(isValidEmail('ada@example')).toBe(false);
    expect(isValidPhone('+1 (555) 123-4567')).toBe(true);
    expect(isValidPhone('555-1234')).toBe(false);
  });
});

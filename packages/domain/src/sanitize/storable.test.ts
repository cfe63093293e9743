import { describe, expect, it } from 'vitest';
import { isStorableText, storableText } from './storable.js';

describe('storableText', () => {
  it('drops NUL', () => {
    expect(storableText('a\u0000b\u0000')).toBe('ab');
  });

  it('replaces unpaired surrogates with U+FFFD and keeps pairs', () => {
    expect(storableText('x\ud800y')).toBe('x\ufffdy');
    expect(storableText('\udc00x')).toBe('\ufffdx');
    expect(storableText('end\ud83d')).toBe('end\ufffd');
    expect(storableText('\udc00\ud800')).toBe('\ufffd\ufffd');
    expect(storableText('😀 ok')).toBe('😀 ok');
    expect(storableText('\ud83d\ud83d\ude00')).toBe('\ufffd😀');
  });

  it('leaves ordinary text as it is', () => {
    const text = 'Ein Tag — 日本語, tabs\tand\nlines';
    expect(storableText(text)).toBe(text);
    expect(isStorableText(text)).toBe(true);
    expect(isStorableText('a\u0000')).toBe(false);
  });

  it('matches what the UTF-8 encoder makes of a lone surrogate', () => {
    const text = 'a\ud800b';
    expect(new TextDecoder().decode(new TextEncoder().encode(text))).toBe(storableText(text));
  });
});

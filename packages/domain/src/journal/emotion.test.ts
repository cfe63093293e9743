import { describe, expect, it } from 'vitest';
import { sanitizeEmotionData, sanitizeIntensity } from './emotion.js';

const base = { primaryEmotion: 'Joy', secondaryEmotion: 'Contentment', specificFeeling: 'Pleased' };

describe('sanitizeEmotionData (Part 1 §5)', () => {
  it('keeps a well-formed selection', () => {
    expect(
      sanitizeEmotionData({
        ...base,
        intensity: 7,
        emoji: '😊',
        color: '#FACC15',
        category: 'positive',
        path: ['Joy', 'Contentment', 'Pleased'],
        timestamp: '2026-03-04T10:00:00.000Z',
      }),
    ).toEqual({
      ...base,
      intensity: 7,
      emoji: '😊',
      color: '#FACC15',
      category: 'positive',
      path: ['Joy', 'Contentment', 'Pleased'],
      timestamp: '2026-03-04T10:00:00.000Z',
    });
  });

  it('ignores a selection without a primary emotion', () => {
    expect(sanitizeEmotionData({ secondaryEmotion: 'Contentment', intensity: 5 })).toBeNull();
    expect(sanitizeEmotionData({ primaryEmotion: '   ' })).toBeNull();
    expect(sanitizeEmotionData({ primaryEmotion: '<script>x</script>' })).toBeNull();
    expect(sanitizeEmotionData(null)).toBeNull();
    expect(sanitizeEmotionData('Joy')).toBeNull();
    expect(sanitizeEmotionData([{ primaryEmotion: 'Joy' }])).toBeNull();
  });

  it('cuts names to 50, emoji to 10 and sanitises them', () => {
    const out = sanitizeEmotionData({
      primaryEmotion: 'J'.repeat(80),
      secondaryEmotion: '<b>Calm</b>\u200B',
      specificFeeling: 's'.repeat(51),
      emoji: '😀😀😀😀😀😀😀😀😀😀😀😀<',
    });
    expect(out?.primaryEmotion).toHaveLength(50);
    expect(out?.secondaryEmotion).toBe('Calm');
    expect(out?.specificFeeling).toHaveLength(50);
    expect(Array.from(out?.emoji ?? '')).toHaveLength(10);
  });

  it("maps an unknown category to 'unknown' and keeps the four known ones", () => {
    expect(sanitizeEmotionData({ ...base, category: 'positive' })?.category).toBe('positive');
    expect(sanitizeEmotionData({ ...base, category: 'Negative' })?.category).toBe('negative');
    expect(sanitizeEmotionData({ ...base, category: 'unknown' })?.category).toBe('unknown');
    expect(sanitizeEmotionData({ ...base, category: 'mixed' })?.category).toBe('unknown');
    expect(sanitizeEmotionData({ ...base, category: `positive${'x'.repeat(30)}` })?.category).toBe('unknown');
    expect(sanitizeEmotionData({ ...base })?.category).toBe('unknown');
  });

  it('keeps only strings in the path, at most 5 of 50 characters', () => {
    const out = sanitizeEmotionData({
      ...base,
      path: Array.from({ length: 12 }, (_, i) => `Level${i}`),
    });
    expect(out?.path).toEqual(['Level0', 'Level1', 'Level2', 'Level3', 'Level4']);
    expect(sanitizeEmotionData({ ...base, path: ['Joy', 3, null, { x: 1 }, 'x'.repeat(60)] })?.path).toEqual([
      'Joy',
      'x'.repeat(50),
    ]);
  });

  it('builds the path from the names when none is given', () => {
    expect(sanitizeEmotionData({ ...base })?.path).toEqual(['Joy', 'Contentment', 'Pleased']);
    expect(sanitizeEmotionData({ primaryEmotion: 'Calm', path: 'Calm' })?.path).toEqual(['Calm']);
  });

  it('makes an intensity that is not a number from 1 to 10 a 5, rounding fractions', () => {
    expect(sanitizeEmotionData({ ...base, intensity: 99 })?.intensity).toBe(5);
    expect(sanitizeEmotionData({ ...base })?.intensity).toBe(5);
    expect(sanitizeIntensity(0)).toBe(5);
    expect(sanitizeIntensity(-3)).toBe(5);
    expect(sanitizeIntensity(10.4)).toBe(5);
    expect(sanitizeIntensity('7')).toBe(5);
    expect(sanitizeIntensity(Number.NaN)).toBe(5);
    expect(sanitizeIntensity(Infinity)).toBe(5);
    expect(sanitizeIntensity(1)).toBe(1);
    expect(sanitizeIntensity(10)).toBe(10);
    expect(sanitizeIntensity(7.6)).toBe(8);
    expect(sanitizeIntensity(7.4)).toBe(7);
  });

  it("requires a #RRGGBB colour, else '#9CA3AF'", () => {
    expect(sanitizeEmotionData({ ...base, color: 'red' })?.color).toBe('#9CA3AF');
    expect(sanitizeEmotionData({ ...base, color: '#FFF' })?.color).toBe('#9CA3AF');
    expect(sanitizeEmotionData({ ...base, color: '#12345G' })?.color).toBe('#9CA3AF');
    expect(sanitizeEmotionData({ ...base, color: '#a1b2c3' })?.color).toBe('#a1b2c3');
    expect(sanitizeEmotionData({ ...base })?.color).toBe('#9CA3AF');
  });

  it('drops unknown keys and a bad timestamp', () => {
    const out = sanitizeEmotionData({ ...base, timestamp: 'soon', evil: '<script>' });
    expect(out).not.toHaveProperty('evil');
    expect(out).not.toHaveProperty('timestamp');
  });
});

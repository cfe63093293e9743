import { describe, expect, it } from 'vitest';
import { allEmotionNames, emotionTree } from './catalogue.js';
import {
  coreEmotionForIntensity,
  coreEmotionOf,
  coreMappingMessages,
  emojiEmotionWord,
  mapEmotionData,
  mappingCoverage,
  mapToCoreEmotion,
} from './core-mapping.js';
import { coreEmotionWords, moodEmojiWords } from './core-words.js';
import { legacyMoodLabels, moodOptions } from './moods.js';
import { simpleEmotionKinds } from './simple.js';

const now = new Date('2026-11-22T08:00:00.000Z');

describe('the nuanced-word table', () => {
  it('maps every catalogue name: coverage 100%', () => {
    expect(mappingCoverage(allEmotionNames())).toEqual({
      valid: true,
      percent: 100,
      issues: [],
      unmapped: [],
    });
    for (const name of allEmotionNames()) expect(Object.hasOwn(coreEmotionWords, name), name).toBe(true);
  });

  it('maps the mood labels, legacy labels and simple kinds', () => {
    const labels = [...moodOptions.map((o) => o.label), ...legacyMoodLabels, ...simpleEmotionKinds];
    expect(mappingCoverage(labels).percent).toBe(100);
  });

  it('holds about 150 words with no two differing only in case', () => {
    const words = Object.keys(coreEmotionWords);
    expect(words.length).toBeGreaterThanOrEqual(150);
    expect(new Set(words.map((word) => word.toLowerCase())).size).toBe(words.length);
  });

  it.each([
    ...['Joy', 'Love', 'Pride', 'Excitement', 'Surprise', 'Curiosity'].map((w) => [w, 'Happy']),
    ...['Contentment', 'Serenity', 'Hope', 'Nostalgia'].map((w) => [w, 'Calm']),
    ...['Apathy', 'Neutrality', 'Ambivalence'].map((w) => [w, 'Indifferent']),
    ...['Stress', 'Anxiety', 'Anger', 'Fear', 'Disgust', 'Frustration'].map((w) => [w, 'Uneasy']),
    ...['Grief', 'Shame', 'Loneliness', 'Melancholy', 'Contempt'].map((w) => [w, 'Sad']),
    ['Awesome', 'Happy'],
    ['Fine', 'Calm'],
    ['Not fine', 'Uneasy'],
    ['Very bad', 'Sad'],
  ])('the spec example %s → %s', (word, core) => {
    expect(coreEmotionOf(word)).toBe(core);
  });

  it.each([
    ['AWESOME', 'Happy'],
    ['fine', 'Calm'],
    ['NOT FINE', 'Uneasy'],
    ['very BAD', 'Sad'],
  ])('patient label %s in any case → %s', (word, core) => {
    expect(coreEmotionOf(word)).toBe(core);
  });

  it('does not answer for unknown words or object keys', () => {
    expect(coreEmotionOf('Flustered')).toBeUndefined();
    expect(coreEmotionOf('constructor')).toBeUndefined();
    expect(coreEmotionOf('__proto__')).toBeUndefined();
  });
});

describe('emoji words', () => {
  it('reads every wheel emoji as its name and common mood emoji as words of the table', () => {
    for (const primary of emotionTree) {
      expect(emojiEmotionWord(primary.emoji)).toBe(primary.name);
      for (const leaf of primary.children.flatMap((s) => s.children)) {
        expect(emojiEmotionWord(leaf.emoji)).toBe(leaf.name);
      }
    }
    for (const [emoji, word] of Object.entries(moodEmojiWords)) {
      expect(emojiEmotionWord(emoji)).toBe(word);
      expect(coreEmotionOf(word), word).toBeDefined();
    }
  });

  it('ignores the variation selector and does not shadow the wheel', () => {
    expect(emojiEmotionWord('❤')).toBe('Love');
    expect(emojiEmotionWord('☹️')).toBe('Sad');
    expect(emojiEmotionWord('🦄')).toBeUndefined();
    const wheel = new Set(
      emotionTree
        .flatMap((p) => [p, ...p.children, ...p.children.flatMap((s) => s.children)])
        .map((n) => n.emoji.replace(/\uFE0F/g, '')),
    );
    for (const emoji of Object.keys(moodEmojiWords)) expect(wheel.has(emoji)).toBe(false);
  });
});

describe('coreEmotionForIntensity', () => {
  it.each([
    [10, 'Uneasy'],
    [8, 'Uneasy'],
    [7, 'Indifferent'],
    [5, 'Indifferent'],
    [4, 'Indifferent'],
    [3, 'Sad'],
    [1, 'Sad'],
  ] as const)('%i → %s', (intensity, core) => {
    expect(coreEmotionForIntensity(intensity)).toBe(core);
  });
});

describe('mapToCoreEmotion', () => {
  it('keeps a core value as it is, unmapped', () => {
    expect(mapToCoreEmotion({ emotion: 'Calm', intensity: 6 }, now)).toEqual({
      core: 'Calm',
      nuanced: 'Calm',
      intensity: 6,
      originalCore: 'Calm',
      originalNuanced: 'Calm',
      mapped: false,
      mappedAt: '2026-11-22T08:00:00.000Z',
    });
  });

  it('maps by exact lookup, then ignoring case', () => {
    expect(mapToCoreEmotion({ emotion: 'Anxiety', intensity: 2 }, now)).toMatchObject({
      core: 'Uneasy',
      nuanced: 'Anxiety',
      originalCore: 'Anxiety',
      originalNuanced: 'Anxiety',
      mapped: true,
    });
    expect(mapToCoreEmotion({ emotion: 'nostalgia' }, now)).toMatchObject({
      core: 'Calm',
      nuanced: 'nostalgia',
    });
    // A core name in another case is not a core value: it is looked up and counts as mapped.
    expect(mapToCoreEmotion({ emotion: 'happy' }, now)).toMatchObject({ core: 'Happy', mapped: true });
  });

  it.each([
    [8, 'Uneasy'],
    [9, 'Uneasy'],
    [3, 'Sad'],
    [2, 'Sad'],
    [5, 'Indifferent'],
    [4, 'Indifferent'],
    [7, 'Indifferent'],
    [undefined, 'Indifferent'],
  ])('falls back for an unknown word at intensity %s → %s', (intensity, core) => {
    const mapping = mapToCoreEmotion({ emotion: 'Flustered', intensity, mood: 'Awesome', emoji: '😀' }, now);
    expect(mapping).toMatchObject({ core, nuanced: 'Flustered', originalCore: 'Flustered', mapped: true });
  });

  it('normalises the intensity (default 5, integer 1–10)', () => {
    expect(mapToCoreEmotion({ emotion: 'Joy' }, now).intensity).toBe(5);
    expect(mapToCoreEmotion({ emotion: 'Joy', intensity: 0 }, now).intensity).toBe(5);
    expect(mapToCoreEmotion({ emotion: 'Joy', intensity: 10 }, now).intensity).toBe(10);
    expect(mapToCoreEmotion({ emotion: 'Joy', intensity: 7.6 }, now).intensity).toBe(8);
  });

  it('uses the mood text when there is no emotion', () => {
    expect(mapToCoreEmotion({ emotion: '  ', mood: 'Not fine', emoji: '😀', intensity: 4 }, now)).toEqual({
      core: 'Uneasy',
      nuanced: 'Not fine',
      intensity: 4,
      originalCore: 'Not fine',
      originalNuanced: 'Not fine',
      mapped: true,
      mappedAt: now.toISOString(),
    });
    expect(mapToCoreEmotion({ mood: 'Sad' }, now)).toMatchObject({ core: 'Sad', mapped: false });
  });

  it('uses the emoji when there is no emotion and the mood is missing or unknown', () => {
    expect(mapToCoreEmotion({ emoji: '😣' }, now)).toMatchObject({
      core: 'Sad',
      nuanced: 'Very bad',
      originalCore: '😣',
      originalNuanced: '😣',
      mapped: true,
    });
    expect(mapToCoreEmotion({ mood: 'Reflective-ish', emoji: '🌌' }, now)).toMatchObject({
      core: 'Happy',
      nuanced: 'Awed',
    });
  });

  it('falls back by intensity when neither mood nor emoji is known, keeping the given text', () => {
    expect(mapToCoreEmotion({ mood: 'Meh-ish', emoji: '🦄', intensity: 9 }, now)).toMatchObject({
      core: 'Uneasy',
      nuanced: 'Meh-ish',
      originalCore: 'Meh-ish',
    });
    expect(mapToCoreEmotion({ emoji: '🦄', intensity: 2 }, now)).toMatchObject({
      core: 'Sad',
      nuanced: '🦄',
    });
    expect(mapToCoreEmotion({}, now)).toMatchObject({
      core: 'Indifferent',
      nuanced: 'Indifferent',
      originalCore: '',
      originalNuanced: '',
      mapped: true,
    });
  });

  it('stamps mappedAt with now', () => {
    expect(mapToCoreEmotion({ emotion: 'Joy' }, new Date('2027-01-02T03:04:05.006Z')).mappedAt).toBe(
      '2027-01-02T03:04:05.006Z',
    );
  });
});

describe('mapEmotionData', () => {
  it('uses the deepest level given', () => {
    const data = {
      primaryEmotion: 'Surprise',
      secondaryEmotion: 'Confusion',
      specificFeeling: 'Perplexed',
      intensity: 6,
    };
    expect(mapEmotionData(data, 'Awesome', undefined, now)).toMatchObject({
      core: 'Uneasy',
      nuanced: 'Perplexed',
      intensity: 6,
    });
    expect(
      mapEmotionData({ primaryEmotion: 'Love', secondaryEmotion: 'Gratitude' }, null, null, now),
    ).toMatchObject({
      core: 'Happy',
      nuanced: 'Gratitude',
    });
    expect(mapEmotionData({ primaryEmotion: 'Sadness', specificFeeling: ' ' }, null, null, now).nuanced).toBe(
      'Sadness',
    );
  });

  it('maps simple-mode data by its kind', () => {
    expect(mapEmotionData({ primaryEmotion: 'positive' }, undefined, undefined, now).core).toBe('Happy');
    expect(mapEmotionData({ primaryEmotion: 'neutral' }, undefined, undefined, now).core).toBe('Indifferent');
    expect(mapEmotionData({ primaryEmotion: 'negative' }, undefined, undefined, now).core).toBe('Uneasy');
  });

  it('falls back to the mood, then the selection emoji, when no level is named', () => {
    expect(mapEmotionData({ primaryEmotion: '' }, 'Fine', undefined, now).core).toBe('Calm');
    expect(mapEmotionData({ primaryEmotion: '', emoji: '😢' }, undefined, undefined, now)).toMatchObject({
      core: 'Sad',
      nuanced: 'Sadness',
    });
  });
});

describe('mappingCoverage', () => {
  const words = (known: number, unknown: number): string[] => [
    ...Array.from({ length: known }, () => 'Joy'),
    ...Array.from({ length: unknown }, (_, i) => `Unknown${i}`),
  ];

  it('is valid at exactly 95%', () => {
    expect(mappingCoverage(words(19, 1))).toMatchObject({ valid: true, percent: 95, issues: [] });
  });

  it.each([
    [words(18, 1), 94.7],
    [words(1, 1), 50],
    [words(0, 3), 0],
    [words(188, 11), 94.4],
  ])('is invalid below 95%% with the exact issue', (list, percent) => {
    expect(mappingCoverage(list)).toMatchObject({
      valid: false,
      percent,
      issues: [`Low mapping coverage: ${percent}%`],
    });
  });

  it('rounds down so an invalid list never reads 95%', () => {
    const result = mappingCoverage(words(1899, 101));
    expect(result.valid).toBe(false);
    expect(result.issues).toEqual(['Low mapping coverage: 94.9%']);
  });

  it('lists the unmapped words and treats an empty list as covered', () => {
    expect(mappingCoverage(['Joy', 'Flustered']).unmapped).toEqual(['Flustered']);
    expect(mappingCoverage([])).toEqual({ valid: true, percent: 100, issues: [], unmapped: [] });
    expect(coreMappingMessages.lowCoverage(12.5)).toBe('Low mapping coverage: 12.5%');
  });
});

import { describe, expect, it } from 'vitest';
import { emotionTree } from './catalogue.js';
import { checkInMoodFor } from './check-in-mood.js';
import { legacyMood, legacyMoodLabels, moodOption, moodOptions } from './moods.js';
import { sentimentOfCore } from './sentiment.js';
import { isSimpleEmotionKind, simpleEmotionData, simpleEmotions } from './simple.js';

describe('simple mode', () => {
  it('has positive, neutral and negative with an emoji and a theme colour', () => {
    expect(simpleEmotions).toEqual({
      positive: { kind: 'positive', emoji: '😃', color: '#22C55E' },
      neutral: { kind: 'neutral', emoji: '😐', color: '#EAB308' },
      negative: { kind: 'negative', emoji: '😔', color: '#EF4444' },
    });
  });

  it.each(['positive', 'neutral', 'negative'] as const)('stores %s with a one-element path', (kind) => {
    expect(simpleEmotionData(kind, 8)).toEqual({
      primaryEmotion: kind,
      intensity: 8,
      emoji: simpleEmotions[kind].emoji,
      color: simpleEmotions[kind].color,
      category: kind,
      path: [kind],
    });
  });

  it('defaults an out-of-range intensity to 5', () => {
    expect(simpleEmotionData('neutral', 0).intensity).toBe(5);
    expect(simpleEmotionData('neutral', 12).intensity).toBe(5);
  });

  it('recognises only the three kinds', () => {
    expect(isSimpleEmotionKind('positive')).toBe(true);
    expect(isSimpleEmotionKind('Positive')).toBe(false);
    expect(isSimpleEmotionKind('mixed')).toBe(false);
  });
});

describe('mood options', () => {
  it('are Awesome, Fine, Not fine, Very bad with the spec colours', () => {
    expect(moodOptions.map(({ label, color, core }) => [label, color, core])).toEqual([
      ['Awesome', '#4ade80', 'Happy'],
      ['Fine', '#facc15', 'Calm'],
      ['Not fine', '#fb923c', 'Uneasy'],
      ['Very bad', '#ef4444', 'Sad'],
    ]);
    expect(new Set(moodOptions.map((option) => option.emoji)).size).toBe(4);
  });

  it('use emoji that the wheel does not use', () => {
    const wheel = new Set(
      emotionTree
        .flatMap((p) => [p, ...p.children, ...p.children.flatMap((s) => s.children)])
        .map((n) => n.emoji),
    );
    for (const option of moodOptions) expect(wheel.has(option.emoji)).toBe(false);
  });

  it('are found in any case', () => {
    expect(moodOption('NOT FINE')?.label).toBe('Not fine');
    expect(moodOption(' very bad ')?.label).toBe('Very bad');
    expect(moodOption('Okay')).toBeUndefined();
  });
});

describe('legacyMood', () => {
  it.each([
    ['Awesome', 'Joy', 'Happy', 'positive'],
    ['Happy', 'Joy', 'Happy', 'positive'],
    ['Fine', 'Calm', 'Calm', 'positive'],
    ['Okay', 'Calm', 'Calm', 'positive'],
    ['Not Fine', undefined, 'Uneasy', 'negative'],
    ['Bad', undefined, 'Uneasy', 'negative'],
    ['Very Bad', 'Sadness', 'Sad', 'negative'],
    ['Terrible', 'Sadness', 'Sad', 'negative'],
    ['Uneasy', 'Fear', 'Uneasy', 'negative'],
    ['Sad', 'Sadness', 'Sad', 'negative'],
    ['very_happy', 'Joy', 'Happy', 'positive'],
    ['happy', 'Joy', 'Happy', 'positive'],
    ['neutral', undefined, 'Indifferent', 'neutral'],
    ['sad', 'Sadness', 'Sad', 'negative'],
    ['very_sad', 'Sadness', 'Sad', 'negative'],
  ])('%s → %s / %s / %s', (label, primaryEmotion, core, sentiment) => {
    const mood = legacyMood(label);
    expect(mood?.label).toBe(label);
    expect(mood?.primaryEmotion).toBe(primaryEmotion);
    expect(mood?.core).toBe(core);
    expect(mood?.sentiment).toBe(sentiment);
  });

  it('covers the 15 labels and keeps sentiment in line with the core emotion', () => {
    expect(legacyMoodLabels).toHaveLength(15);
    for (const label of legacyMoodLabels) {
      const mood = legacyMood(label);
      expect(mood).toBeDefined();
      if (mood) expect(mood.sentiment).toBe(sentimentOfCore(mood.core));
    }
  });

  it('ignores case, spaces, hyphens and underscores when the exact label is not listed', () => {
    expect(legacyMood('not fine')?.label).toBe('Not Fine');
    expect(legacyMood('Very-Bad')?.label).toBe('Very Bad');
    expect(legacyMood('VERY HAPPY')?.label).toBe('very_happy');
    expect(legacyMood(' Okay ')?.label).toBe('Okay');
    expect(legacyMood('Great')).toBeUndefined();
  });
});

describe('the mood of a quick check-in with an emotion alone', () => {
  it('is the option of the emotion’s core, Okay for a neutral one, none for an unknown word', () => {
    expect(checkInMoodFor({ primaryEmotion: 'Joy' })).toEqual({ label: 'Awesome', emoji: '😀' });
    expect(checkInMoodFor({ primaryEmotion: 'Calm' })).toEqual({ label: 'Fine', emoji: '🙂' });
    expect(checkInMoodFor({ primaryEmotion: 'Fear' })).toEqual({ label: 'Not fine', emoji: '🙁' });
    expect(checkInMoodFor({ primaryEmotion: 'Sadness' })).toEqual({ label: 'Very bad', emoji: '😣' });
    expect(checkInMoodFor({ primaryEmotion: 'positive' })).toEqual({ label: 'Fine', emoji: '🙂' });
    expect(checkInMoodFor({ primaryEmotion: 'negative' })).toEqual({ label: 'Not fine', emoji: '🙁' });
    expect(checkInMoodFor({ primaryEmotion: 'neutral' })).toEqual({ label: 'Okay', emoji: '😐' });
    expect(checkInMoodFor({ primaryEmotion: 'Not a feeling' })).toBeNull();
  });
});

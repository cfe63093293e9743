import { describe, expect, it } from 'vitest';
import { coreEmotions } from '../journal/types.js';
import { allEmotionNames } from './catalogue.js';
import {
  emotionWordSentiment,
  entrySentiment,
  journalTypeSentiment,
  journalTypeSentiments,
  sentimentOfCore,
} from './sentiment.js';

describe('sentimentOfCore', () => {
  it.each([
    ['Happy', 'positive'],
    ['Calm', 'positive'],
    ['Indifferent', 'neutral'],
    ['Uneasy', 'negative'],
    ['Sad', 'negative'],
  ] as const)('%s → %s', (core, sentiment) => {
    expect(sentimentOfCore(core)).toBe(sentiment);
  });

  it('covers every core emotion', () => {
    for (const core of coreEmotions) expect(sentimentOfCore(core)).toBeDefined();
  });
});

describe('emotionWordSentiment', () => {
  it.each([
    ['Wonder', 'positive'],
    ['amazed', 'positive'],
    ['AWED', 'positive'],
    ['Confusion', 'negative'],
    ['bewildered', 'negative'],
    [' Perplexed ', 'negative'],
    ['Surprise', 'positive'],
    ['Calm', 'positive'],
    ['Serenity', 'positive'],
    ['Apathy', 'neutral'],
    ['Anxiety', 'negative'],
    ['Contempt', 'negative'],
    ['Awesome', 'positive'],
    ['not fine', 'negative'],
    ['neutral', 'neutral'],
  ] as const)('%s → %s', (word, sentiment) => {
    expect(emotionWordSentiment(word)).toBe(sentiment);
  });

  it('knows every catalogue name and nothing unknown', () => {
    for (const name of allEmotionNames()) expect(emotionWordSentiment(name), name).toBeDefined();
    expect(emotionWordSentiment('Flustered')).toBeUndefined();
    expect(emotionWordSentiment('hasOwnProperty')).toBeUndefined();
  });
});

describe('entrySentiment', () => {
  it('checks the specific feeling first', () => {
    expect(
      entrySentiment({
        emotionData: { primaryEmotion: 'Joy', secondaryEmotion: 'Cheerful', specificFeeling: 'Bewildered' },
        emotion: { core: 'Happy', nuanced: 'Joy' },
        mood: 'Awesome',
      }),
    ).toBe('negative');
  });

  it('then the secondary emotion', () => {
    expect(
      entrySentiment({
        emotionData: { primaryEmotion: 'Sadness', secondaryEmotion: 'Wonder' },
        emotion: { core: 'Sad', nuanced: 'Grief' },
        mood: 'Very bad',
      }),
    ).toBe('positive');
  });

  it('then the nuanced emotion', () => {
    expect(entrySentiment({ emotion: { core: 'Happy', nuanced: 'Apathy' }, mood: 'Awesome' })).toBe(
      'neutral',
    );
  });

  it('then the primary, then the core emotion', () => {
    expect(entrySentiment({ emotionData: { primaryEmotion: 'Fear' }, emotion: { core: 'Happy' } })).toBe(
      'negative',
    );
    expect(entrySentiment({ emotion: { core: 'Calm' }, mood: 'Very bad' })).toBe('positive');
  });

  it('then the mood', () => {
    expect(entrySentiment({ mood: 'Not fine' })).toBe('negative');
    expect(entrySentiment({ mood: 'very_happy' })).toBe('positive');
    expect(entrySentiment({ emotionData: null, emotion: null, mood: 'Fine' })).toBe('positive');
  });

  it('applies the Surprise family rule over the Surprise primary', () => {
    const surprise = (secondaryEmotion: string, specificFeeling: string) =>
      entrySentiment({ emotionData: { primaryEmotion: 'Surprise', secondaryEmotion, specificFeeling } });
    expect(surprise('Wonder', 'Amazed')).toBe('positive');
    expect(surprise('Wonder', 'Awed')).toBe('positive');
    expect(surprise('Confusion', 'Bewildered')).toBe('negative');
    expect(surprise('Confusion', 'Perplexed')).toBe('negative');
    expect(
      entrySentiment({ emotionData: { primaryEmotion: 'Surprise', secondaryEmotion: 'Confusion' } }),
    ).toBe('negative');
  });

  it('passes over blank and unknown fields to the next one', () => {
    expect(
      entrySentiment({
        emotionData: { primaryEmotion: 'Anger', secondaryEmotion: ' ', specificFeeling: 'Flustered' },
      }),
    ).toBe('negative');
    expect(entrySentiment({ emotion: { core: 'Mystery', nuanced: 'Something' }, mood: 'Awesome' })).toBe(
      'positive',
    );
  });

  it('is neutral when nothing is known', () => {
    expect(entrySentiment({})).toBe('neutral');
    expect(entrySentiment({ emotionData: { primaryEmotion: 'Flustered' }, mood: 'Reflective-ish' })).toBe(
      'neutral',
    );
  });

  it('treats Calm as positive (ruling 3) and simple-mode kinds by name', () => {
    expect(entrySentiment({ emotionData: { primaryEmotion: 'Calm', secondaryEmotion: 'Peaceful' } })).toBe(
      'positive',
    );
    expect(entrySentiment({ emotionData: { primaryEmotion: 'positive' } })).toBe('positive');
    expect(entrySentiment({ emotionData: { primaryEmotion: 'neutral' } })).toBe('neutral');
    expect(entrySentiment({ emotionData: { primaryEmotion: 'negative' } })).toBe('negative');
  });
});

describe('journalTypeSentiment', () => {
  it.each([
    ['Daily Check-in', 'neutral'],
    ['Gratitude', 'positive'],
    ['Self-Reflection', 'neutral'],
    ['Goal Setting', 'positive'],
    ['Mood Tracking', 'neutral'],
    ['Therapy Notes', 'positive'],
    ['Anxiety Log', 'negative'],
    ['Sleep Journal', 'neutral'],
    ['Medication Log', 'neutral'],
    ['Crisis Plan', 'negative'],
  ] as const)('%s → %s', (name, sentiment) => {
    expect(journalTypeSentiment(name)).toBe(sentiment);
  });

  it('lists the ten spec types', () => {
    expect(journalTypeSentiments).toHaveLength(10);
  });

  it('ignores case and separators, and treats other types as neutral', () => {
    expect(journalTypeSentiment('gratitude')).toBe('positive');
    expect(journalTypeSentiment('anxiety_log')).toBe('negative');
    expect(journalTypeSentiment('crisis-plan')).toBe('negative');
    expect(journalTypeSentiment(' GOAL  SETTING ')).toBe('positive');
    expect(journalTypeSentiment('prompt')).toBe('neutral');
    expect(journalTypeSentiment('Dream Journal')).toBe('neutral');
  });
});

import type { CoreEmotion, EmotionData, Sentiment } from '../journal/types.js';
import { coreEmotionOf } from './core-mapping.js';

const coreSentiments: Readonly<Record<CoreEmotion, Sentiment>> = {
  Happy: 'positive',
  Calm: 'positive',
  Indifferent: 'neutral',
  Uneasy: 'negative',
  Sad: 'negative',
};

/** Part 1 §4: Happy and Calm positive, Indifferent neutral, Uneasy and Sad negative. */
export function sentimentOfCore(core: CoreEmotion): Sentiment {
  return coreSentiments[core];
}

/**
 * The Surprise family's own rule (Part 1 §4): wonder, amazed and awed count positive; confusion,
 * bewildered and perplexed negative, whatever the core table says. The words are unique in the
 * wheel, so the word alone identifies the family.
 */
export const surpriseFamilySentiments: Readonly<Record<string, Sentiment>> = {
  wonder: 'positive',
  amazed: 'positive',
  awed: 'positive',
  confusion: 'negative',
  bewildered: 'negative',
  perplexed: 'negative',
};

/** The sentiment of one emotion or mood word, or undefined when neither rule knows it. */
export function emotionWordSentiment(word: string): Sentiment | undefined {
  const key = word.trim().toLowerCase();
  if (Object.hasOwn(surpriseFamilySentiments, key)) return surpriseFamilySentiments[key];
  const core = coreEmotionOf(word);
  return core ? sentimentOfCore(core) : undefined;
}

export interface SentimentSource {
  emotionData?: Partial<Pick<EmotionData, 'primaryEmotion' | 'secondaryEmotion' | 'specificFeeling'>> | null;
  emotion?: { core?: string | null; nuanced?: string | null } | null;
  mood?: string | null;
}

/**
 * The sentiment of an entry (Part 1 §4, spec ruling 3), checked in order: specific feeling, secondary
 * emotion, nuanced emotion, primary emotion then core emotion, mood. The first field that is present
 * AND known decides; a field that is absent, blank or unknown passes on to the next one, so a
 * free-text feeling the tables do not know never hides a known primary or mood. Nothing known: neutral.
 */
export function entrySentiment(source: SentimentSource): Sentiment {
  const fields = [
    source.emotionData?.specificFeeling,
    source.emotionData?.secondaryEmotion,
    source.emotion?.nuanced,
    source.emotionData?.primaryEmotion,
    source.emotion?.core,
    source.mood,
  ];
  for (const field of fields) {
    if (typeof field !== 'string' || field.trim() === '') continue;
    const sentiment = emotionWordSentiment(field);
    if (sentiment) return sentiment;
  }
  return 'neutral';
}

/** Journal types that carry a sentiment (Part 1 §3); every other type is neutral. */
export const journalTypeSentiments: readonly { name: string; sentiment: Sentiment }[] = [
  { name: 'Daily Check-in', sentiment: 'neutral' },
  { name: 'Gratitude', sentiment: 'positive' },
  { name: 'Self-Reflection', sentiment: 'neutral' },
  { name: 'Goal Setting', sentiment: 'positive' },
  { name: 'Mood Tracking', sentiment: 'neutral' },
  { name: 'Therapy Notes', sentiment: 'positive' },
  { name: 'Anxiety Log', sentiment: 'negative' },
  { name: 'Sleep Journal', sentiment: 'neutral' },
  { name: 'Medication Log', sentiment: 'neutral' },
  { name: 'Crisis Plan', sentiment: 'negative' },
];

const journalTypeKey = (name: string): string =>
  name
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');

/** The sentiment of a journal type, ignoring case, spaces, hyphens and underscores; others neutral. */
export function journalTypeSentiment(name: string): Sentiment {
  const key = journalTypeKey(name);
  return journalTypeSentiments.find((type) => journalTypeKey(type.name) === key)?.sentiment ?? 'neutral';
}

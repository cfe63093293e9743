import {
  coreEmotions,
  type CoreEmotion,
  type CoreEmotionMapping,
  type EmotionData,
} from '../journal/types.js';
import { allEmotionNodes } from './catalogue.js';
import { coreEmotionWords, moodEmojiWords } from './core-words.js';
import { toEmotionIntensity } from './intensity.js';

/** Below this share of mapped words a mapping is invalid (Part 1 §4). */
export const minMappingCoveragePercent = 95;

export const coreMappingMessages = {
  lowCoverage: (percent: number) => `Low mapping coverage: ${percent}%`,
} as const;

export interface CoreEmotionInput {
  emotion?: string | null;
  intensity?: number | null;
  mood?: string | null;
  emoji?: string | null;
}

export interface MappingCoverage {
  /** True when at least 95% of the words map. */
  valid: boolean;
  /** Share of words that map, rounded down to one decimal. */
  percent: number;
  issues: string[];
  /** The words that do not map, as given. */
  unmapped: string[];
}

// Maps, not the record itself, so that words such as 'constructor' never hit Object.prototype.
const wordsExact: ReadonlyMap<string, CoreEmotion> = new Map(Object.entries(coreEmotionWords));
const wordsByLowerCase: ReadonlyMap<string, CoreEmotion> = new Map(
  Object.entries(coreEmotionWords).map(([word, core]) => [word.toLowerCase(), core] as const),
);

const emojiKey = (emoji: string): string => emoji.trim().replace(/\uFE0F/g, '');

// The wheel's own emoji come last so that they win over any common-emoji entry.
const emojiToWord: ReadonlyMap<string, string> = new Map([
  ...Object.entries(moodEmojiWords),
  ...allEmotionNodes().map((node) => [emojiKey(node.emoji), node.name] as const),
]);

export function isCoreEmotion(value: string): value is CoreEmotion {
  return (coreEmotions as readonly string[]).includes(value);
}

/**
 * The core emotion a word counts as: a core value as is, else an exact table hit, else a hit ignoring
 * case and surrounding spaces; undefined for a word the table does not know.
 */
export function coreEmotionOf(word: string): CoreEmotion | undefined {
  if (isCoreEmotion(word)) return word;
  return wordsExact.get(word) ?? wordsByLowerCase.get(word.trim().toLowerCase());
}

/** The word a mood emoji stands for (the catalogue's emoji first, then the common mood emoji). */
export function emojiEmotionWord(emoji: string): string | undefined {
  return emojiToWord.get(emojiKey(emoji));
}

/** The core emotion when nothing names one (Part 1 §4): 8 or more Uneasy, 3 or less Sad, else Indifferent. */
export function coreEmotionForIntensity(intensity: number): CoreEmotion {
  if (intensity >= 8) return 'Uneasy';
  if (intensity <= 3) return 'Sad';
  return 'Indifferent';
}

const present = (value: string | null | undefined): string | undefined => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
};

interface Resolution {
  core: CoreEmotion;
  nuanced: string;
  original: string;
}

/**
 * Which input decides (Part 1 §4). A given emotion always decides: a word the table does not know
 * falls back by intensity. Without an emotion, the mood text decides if the table knows it, then the
 * emoji; when neither is known the intensity decides and the mood (or emoji) text stays the nuanced
 * word.
 */
function resolve(input: CoreEmotionInput, intensity: number): Resolution {
  const emotion = present(input.emotion);
  if (emotion) {
    return {
      core: coreEmotionOf(emotion) ?? coreEmotionForIntensity(intensity),
      nuanced: emotion,
      original: emotion,
    };
  }
  const mood = present(input.mood);
  const moodCore = mood ? coreEmotionOf(mood) : undefined;
  if (mood && moodCore) return { core: moodCore, nuanced: mood, original: mood };
  const emoji = present(input.emoji);
  const emojiWord = emoji ? emojiEmotionWord(emoji) : undefined;
  const emojiCore = emojiWord ? coreEmotionOf(emojiWord) : undefined;
  if (emoji && emojiWord && emojiCore) return { core: emojiCore, nuanced: emojiWord, original: emoji };
  const core = coreEmotionForIntensity(intensity);
  const given = mood ?? emoji;
  return { core, nuanced: given ?? core, original: given ?? '' };
}

/** The `emotion` of an entry (Part 1 §3, §4): its core emotion and what it was mapped from. */
export function mapToCoreEmotion(input: CoreEmotionInput, now: Date = new Date()): CoreEmotionMapping {
  const intensity = toEmotionIntensity(input.intensity);
  const { core, nuanced, original } = resolve(input, intensity);
  return {
    core,
    nuanced,
    intensity,
    originalCore: original,
    originalNuanced: original,
    mapped: original !== core,
    mappedAt: now.toISOString(),
  };
}

export type MappableEmotionData = Pick<
  EmotionData,
  'primaryEmotion' | 'secondaryEmotion' | 'specificFeeling'
> &
  Partial<Pick<EmotionData, 'intensity' | 'emoji'>>;

/** Maps a selector choice by its deepest level (specific feeling, else secondary, else primary). */
export function mapEmotionData(
  data: MappableEmotionData,
  mood?: string | null,
  emoji?: string | null,
  now: Date = new Date(),
): CoreEmotionMapping {
  const nuanced =
    present(data.specificFeeling) ?? present(data.secondaryEmotion) ?? present(data.primaryEmotion);
  return mapToCoreEmotion(
    { emotion: nuanced, intensity: data.intensity, mood, emoji: emoji ?? data.emoji },
    now,
  );
}

/** How many of these words the table maps (Part 1 §4: invalid below 95%, issue 'Low mapping coverage: {percent}%'). */
export function mappingCoverage(words: readonly string[]): MappingCoverage {
  const unmapped = words.filter((word) => coreEmotionOf(word) === undefined);
  const mapped = words.length - unmapped.length;
  // Integer arithmetic, rounded down, so an invalid mapping never reads as 95%.
  const percent = words.length === 0 ? 100 : Math.floor((mapped * 1000) / words.length) / 10;
  const valid = mapped * 100 >= minMappingCoveragePercent * words.length;
  return { valid, percent, issues: valid ? [] : [coreMappingMessages.lowCoverage(percent)], unmapped };
}

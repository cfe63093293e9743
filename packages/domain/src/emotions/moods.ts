import type { CoreEmotion, MoodLabel, Sentiment } from '../journal/types.js';
import type { PrimaryEmotionName } from './catalogue.js';

export interface MoodOption {
  label: MoodLabel;
  emoji: string;
  /** #RRGGBB as the spec gives it (Part 1 §3). */
  color: string;
  core: CoreEmotion;
}

/** The four mood options shown to patients (Part 1 §2, §3), best first. */
export const moodOptions: readonly MoodOption[] = [
  { label: 'Awesome', emoji: '😀', color: '#4ade80', core: 'Happy' },
  { label: 'Fine', emoji: '🙂', color: '#facc15', core: 'Calm' },
  { label: 'Not fine', emoji: '🙁', color: '#fb923c', core: 'Uneasy' },
  { label: 'Very bad', emoji: '😣', color: '#ef4444', core: 'Sad' },
];

/** The mood option with this label, ignoring case and surrounding spaces. */
export function moodOption(label: string): MoodOption | undefined {
  const key = label.trim().toLowerCase();
  return moodOptions.find((option) => option.label.toLowerCase() === key);
}

export const legacyMoodLabels = [
  'Awesome',
  'Happy',
  'Fine',
  'Okay',
  'Not Fine',
  'Bad',
  'Very Bad',
  'Terrible',
  'Uneasy',
  'Sad',
  'very_happy',
  'happy',
  'neutral',
  'sad',
  'very_sad',
] as const;
export type LegacyMoodLabel = (typeof legacyMoodLabels)[number];

export interface LegacyMood {
  /** The label as listed in the spec. */
  label: LegacyMoodLabel;
  /** The wheel primary it stands for; absent for labels that only carry a sentiment. */
  primaryEmotion?: PrimaryEmotionName;
  core: CoreEmotion;
  /** Always sentimentOfCore(core), so legacy and current entries count alike. */
  sentiment: Sentiment;
}

const legacyMoodTable: readonly LegacyMood[] = [
  { label: 'Awesome', primaryEmotion: 'Joy', core: 'Happy', sentiment: 'positive' },
  { label: 'Happy', primaryEmotion: 'Joy', core: 'Happy', sentiment: 'positive' },
  { label: 'Fine', primaryEmotion: 'Calm', core: 'Calm', sentiment: 'positive' },
  { label: 'Okay', primaryEmotion: 'Calm', core: 'Calm', sentiment: 'positive' },
  { label: 'Not Fine', core: 'Uneasy', sentiment: 'negative' },
  { label: 'Bad', core: 'Uneasy', sentiment: 'negative' },
  { label: 'Very Bad', primaryEmotion: 'Sadness', core: 'Sad', sentiment: 'negative' },
  { label: 'Terrible', primaryEmotion: 'Sadness', core: 'Sad', sentiment: 'negative' },
  { label: 'Uneasy', primaryEmotion: 'Fear', core: 'Uneasy', sentiment: 'negative' },
  { label: 'Sad', primaryEmotion: 'Sadness', core: 'Sad', sentiment: 'negative' },
  { label: 'very_happy', primaryEmotion: 'Joy', core: 'Happy', sentiment: 'positive' },
  { label: 'happy', primaryEmotion: 'Joy', core: 'Happy', sentiment: 'positive' },
  { label: 'neutral', core: 'Indifferent', sentiment: 'neutral' },
  { label: 'sad', primaryEmotion: 'Sadness', core: 'Sad', sentiment: 'negative' },
  { label: 'very_sad', primaryEmotion: 'Sadness', core: 'Sad', sentiment: 'negative' },
];

/**
 * What an old entry's mood label means today (Part 1 §3 legacy moods). The exact label wins; otherwise
 * case, spaces, hyphens and underscores are ignored ('Very bad', 'very-bad' and 'very_bad' are alike).
 */
export function legacyMood(label: string): LegacyMood | undefined {
  const exact = legacyMoodTable.find((mood) => mood.label === label);
  if (exact) return exact;
  const key = legacyKey(label);
  return legacyMoodTable.find((mood) => legacyKey(mood.label) === key);
}

function legacyKey(label: string): string {
  return label
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');
}

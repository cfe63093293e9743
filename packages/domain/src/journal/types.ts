/**
 * Shared vocabulary of journal entries (Part 1 §3). The catalogue (emotions/), the sanitisers and
 * validators (journal/, sanitize/) and the server all speak these types.
 */

export const journalTypes = ['prompt', 'chat', 'voice', 'photo'] as const;
export type JournalType = (typeof journalTypes)[number];

/** Selector category of a primary emotion (spec ruling 3, Reading A), 'unknown' when not in the catalogue. */
export const emotionCategories = ['positive', 'neutral', 'negative', 'unknown'] as const;
export type EmotionCategory = (typeof emotionCategories)[number];

export const sentiments = ['positive', 'neutral', 'negative'] as const;
export type Sentiment = (typeof sentiments)[number];

export const coreEmotions = ['Happy', 'Calm', 'Indifferent', 'Uneasy', 'Sad'] as const;
export type CoreEmotion = (typeof coreEmotions)[number];

/** The four mood options shown to patients (Part 1 §2, §3). */
export const moodLabels = ['Awesome', 'Fine', 'Not fine', 'Very bad'] as const;
export type MoodLabel = (typeof moodLabels)[number];

export const selectorModes = ['simple', 'detailed'] as const;
export type SelectorMode = (typeof selectorModes)[number];

/** An emotion selection as stored on an entry (emotionData, originalEmotionData). */
export interface EmotionData {
  primaryEmotion: string;
  secondaryEmotion?: string;
  specificFeeling?: string;
  /** Integer 1–10, default 5. */
  intensity: number;
  emoji?: string;
  /** #RRGGBB, default #9CA3AF. */
  color: string;
  category: EmotionCategory;
  /** Names from primary to the deepest chosen level; at most 5 kept. */
  path: string[];
  timestamp?: string;
}

/** The core-emotion mapping stored on an entry (Part 1 §3 'emotion'). */
export interface CoreEmotionMapping {
  core: CoreEmotion;
  nuanced: string;
  intensity: number;
  originalCore: string;
  originalNuanced: string;
  mapped: boolean;
  mappedAt: string;
}

export interface ChatMessage {
  role: 'user' | 'assistant';
  text: string;
  createdAt?: string;
}

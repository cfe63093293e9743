import type { ChatMessage, CoreEmotionMapping, EmotionData, JournalType, Sentiment } from './types.js';

/** A photo of an entry as answered: each image with a URL signed for the reader. */
export interface EntryPhotoResponse {
  images: { fileId: string; url?: string }[];
  extractedText?: string;
}

/** A goal an entry mentions, as the entry answers it. */
export interface EntryGoalResponse {
  goalData: { _id: string; id: string; text: string; emoji: string; type: 'personal' | 'therapist' };
}

/**
 * A journal entry as the API answers it (docs/API-moods.md, Entry): the server's presenter returns
 * exactly this and the web app reads it. Text is data, never HTML; instants are ISO strings. The
 * deletion markers of Part 1 §3 are answered for a live entry so clients that read any of them agree.
 */
export interface EntryResponse {
  _id: string;
  id: string;
  patientId: string;
  mood: string;
  emoji: string;
  notes: string;
  journalType: JournalType;
  journalMode: string;
  chatMessages: ChatMessage[];
  isAIGenerated: boolean;
  emotionData: EmotionData | null;
  originalEmotionData: EmotionData | null;
  emotion: CoreEmotionMapping;
  sentiment: Sentiment;
  aiMetadata: Record<string, unknown> | null;
  conversationInsights: Record<string, unknown> | null;
  photoData: EntryPhotoResponse | null;
  activities: string[];
  sleepRoutine: Record<string, unknown> | null;
  productivity: Record<string, unknown> | null;
  betterme: Record<string, unknown> | null;
  therapyProcess: Record<string, unknown> | null;
  goal: { selectedGoals: EntryGoalResponse[] };
  isPrivate: boolean;
  /** The entry's local day when it was written for a chosen day, else null. */
  customDate: string | null;
  userLocalTimestamp: string | null;
  userTimezone: string;
  /** The entry's local day (YYYY-MM-DD) in the author's time zone. */
  date: string;
  entryAt: string;
  createdAt: string;
  updatedAt: string;
  deleted: false;
  isDeleted: false;
  deletedAt: null;
  status: 'active';
  active: true;
  /**
   * What the risk check finds in the entry's own words (ruling 12), answered to a provider only
   * (issue 18): a level, never the phrases.
   */
  riskLevel?: 'none' | 'concern' | 'crisis';
}

/**
 * The body of create-mood and update-mood as a client sends it (docs/API-moods.md); the server
 * re-checks every rule (`createMoodSchema`).
 */
export interface EntryRequest {
  mood: string;
  emoji?: string;
  notes?: string;
  journalType: JournalType;
  journalMode?: string;
  chatMessages?: { role: 'user' | 'assistant'; text: string }[];
  isAIGenerated?: boolean;
  emotionData?: EmotionData | null;
  originalEmotionData?: EmotionData | null;
  goal?: { selectedGoals: string[] };
  customDate?: string;
  userTimezone?: string;
  userLocalTimestamp?: string;
  isPrivate?: boolean;
  photoData?: EntryPhotoResponse;
  aiMetadata?: Record<string, unknown>;
}

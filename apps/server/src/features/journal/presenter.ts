import type { EntryResponse } from '@mindledger/domain';
import type { journalEntries } from '../../db/schema/index.js';

export type EntryRow = typeof journalEntries.$inferSelect;

/** A goal an entry mentions, as the entry answers it (`goal.selectedGoals[].goalData`). */
export interface LinkedGoal {
  goalId: string;
  text: string;
  emoji: string;
  type: 'personal' | 'therapist';
}

/** An entry as the reads answer it: the row and the goals it mentions (repo.ts). */
/** What the reads select of an entry: everything but its search text (only the search reads it). */
export type ReadEntry = Omit<EntryRow, 'searchText'>;
export type StoredEntry = ReadEntry & { goals: LinkedGoal[] };

/**
 * A journal entry as the API answers it (docs/API-moods.md, Entry). Text is data, never HTML. The
 * deletion markers of Part 1 §3 are answered for a live entry so clients that read any of them agree.
 */
export function presentEntry(row: StoredEntry): EntryResponse {
  const goals = row.goals;
  const details = row.dayDetails ?? {};
  return {
    _id: row.id,
    id: row.id,
    patientId: row.patientId,
    mood: row.mood,
    emoji: row.emoji ?? '',
    notes: row.notes,
    journalType: row.journalType,
    journalMode: row.journalMode ?? row.journalType,
    chatMessages: row.chatMessages,
    isAIGenerated: row.isAiGenerated,
    emotionData: row.emotionData,
    originalEmotionData: row.originalEmotionData,
    emotion: row.emotion,
    sentiment: row.sentiment,
    aiMetadata: row.aiMetadata,
    conversationInsights: row.conversationInsights,
    photoData: row.photoData,
    activities: row.activities,
    sleepRoutine: details.sleepRoutine ?? null,
    productivity: details.productivity ?? null,
    betterme: details.betterme ?? null,
    therapyProcess: details.therapyProcess ?? null,
    goal: {
      selectedGoals: goals.map((g) => ({
        goalData: { _id: g.goalId, id: g.goalId, text: g.text, emoji: g.emoji, type: g.type },
      })),
    },
    isPrivate: row.isPrivate,
    customDate: row.customDate ? row.localDay : null,
    userLocalTimestamp: row.userLocalTimestamp,
    userTimezone: row.userTimezone,
    date: row.localDay,
    entryAt: row.entryAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    deleted: false,
    isDeleted: false,
    deletedAt: null,
    status: 'active',
    active: true,
  };
}

export type Entry = EntryResponse;

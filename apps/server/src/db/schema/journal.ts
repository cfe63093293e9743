import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  ChatMessage,
  CoreEmotionMapping,
  EmotionData,
  JournalType,
  Sentiment,
} from '@mindledger/domain';
import { users } from './users.js';

/** The draft blocks saved by PUT update-mood-swp (shape: domain `updateDayDetailsSchema`). */
export interface DayDetailBlocks {
  sleepRoutine?: Record<string, unknown>;
  productivity?: Record<string, unknown>;
  betterme?: Record<string, unknown>;
  therapyProcess?: Record<string, unknown>;
}

export interface PhotoData {
  images: { fileId: string; url?: string }[];
  extractedText?: string;
}

/**
 * A journal entry ("mood" in the spec's calls, Part 1 §3). `entryAt` is the moment the entry is for
 * (customDate, else the creation time); `localDay` is that moment's calendar day in the author's
 * time zone (ruling 9), so weeks, streaks and analytics read a day range through one index and their
 * cost does not grow with a user's history. `searchText` is the lowercased text the ledger search
 * reads (mood, notes, emotion names, chat messages, text read from photos; goal texts are matched
 * live, not stored here), indexed by trigram and by the word keys of `journal_search_keys`
 * (migrations 0004 and 0005, outside this file). Deletion is soft (`deleted`, `deletedAt`).
 * `isPrivate` entries never reach a provider.
 */
export const journalEntries = pgTable(
  'journal_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mood: text('mood').notNull(),
    emoji: text('emoji'),
    notes: text('notes').notNull().default(''),
    journalType: text('journal_type').$type<JournalType>().notNull().default('chat'),
    journalMode: text('journal_mode'),
    chatMessages: jsonb('chat_messages').$type<ChatMessage[]>().notNull().default([]),
    isAiGenerated: boolean('is_ai_generated').notNull().default(false),
    emotionData: jsonb('emotion_data').$type<EmotionData | null>(),
    originalEmotionData: jsonb('original_emotion_data').$type<EmotionData | null>(),
    emotion: jsonb('emotion').$type<CoreEmotionMapping>().notNull(),
    coreEmotion: text('core_emotion').notNull(),
    primaryEmotion: text('primary_emotion'),
    intensity: integer('intensity'),
    sentiment: text('sentiment').$type<Sentiment>().notNull(),
    aiMetadata: jsonb('ai_metadata').$type<Record<string, unknown> | null>(),
    conversationInsights: jsonb('conversation_insights').$type<Record<string, unknown> | null>(),
    photoData: jsonb('photo_data').$type<PhotoData | null>(),
    activities: text('activities')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    dayDetails: jsonb('day_details').$type<DayDetailBlocks>().notNull().default({}),
    isPrivate: boolean('is_private').notNull().default(false),
    entryAt: timestamp('entry_at', { withTimezone: true }).notNull(),
    localDay: date('local_day', { mode: 'string' }).notNull(),
    userTimezone: text('user_timezone').notNull(),
    userLocalTimestamp: text('user_local_timestamp'),
    customDate: boolean('custom_date').notNull().default(false),
    searchText: text('search_text').notNull().default(''),
    deleted: boolean('deleted').notNull().default(false),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Where an imported entry came from (decision 095): the same row imported again is found by it. */
    importKey: text('import_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('journal_entries_import_key_idx')
      .on(t.patientId, t.importKey)
      .where(sql`${t.importKey} is not null`),
    // The ledger (newest first) and the day-range reads (week, streak, analytics), live rows only.
    index('journal_entries_ledger_idx')
      .on(t.patientId, t.entryAt.desc(), t.id.desc())
      .where(sql`not ${t.deleted}`),
    index('journal_entries_day_idx')
      .on(t.patientId, t.localDay)
      .where(sql`not ${t.deleted}`),
  ],
);

/**
 * How many live entries each client has (`entries`) and how many of them a provider may see
 * (`shared`: not private). Kept by statement-level triggers on `journal_entries` (migration 0010) in
 * the transaction of every insert, update and delete, whatever writes them (the API, the demo seed,
 * an import), so the ledger's total is one row read, whatever the client's history.
 */
export const journalCounts = pgTable('journal_counts', {
  patientId: uuid('patient_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  entries: integer('entries').notNull().default(0),
  shared: integer('shared').notNull().default(0),
});

import type { GoalCategory } from '@mindledger/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { journalEntries } from './journal.js';
import { users } from './users.js';

/**
 * A client's goal (Part 1 §3). `patientId` is the owner; a therapist goal also records the
 * provider who set it (`createdBy`). Active = not completed, not abandoned, not deleted; deletion is
 * soft (`deleted`). `textKey` is the normalised text (domain `goalTextKey`) that keeps active texts
 * unique per client.
 */
export const goals = pgTable(
  'goals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['personal', 'therapist'] }).notNull(),
    text: text('text').notNull(),
    textKey: text('text_key').notNull(),
    notes: text('notes'),
    emoji: text('emoji').notNull().default('🎯'),
    priority: integer('priority').notNull().default(3),
    categories: text('categories')
      .array()
      .$type<GoalCategory[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    targetDate: timestamp('target_date', { withTimezone: true }),
    homePageVisible: boolean('home_page_visible').notNull().default(false),
    isPreset: boolean('is_preset').notNull().default(false),
    presetId: text('preset_id'),
    mentionCount: integer('mention_count').notNull().default(0),
    lastMentionDate: timestamp('last_mention_date', { withTimezone: true }),
    completed: boolean('completed').notNull().default(false),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    abandoned: boolean('abandoned').notNull().default(false),
    abandonedAt: timestamp('abandoned_at', { withTimezone: true }),
    deleted: boolean('deleted').notNull().default(false),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Where an imported goal came from (decision 095). */
    importKey: text('import_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('goals_patient_idx').on(t.patientId, t.deleted, t.createdAt),
    uniqueIndex('goals_import_key_idx')
      .on(t.patientId, t.importKey)
      .where(sql`${t.importKey} is not null`),
    uniqueIndex('goals_active_text_key')
      .on(t.patientId, t.textKey)
      .where(sql`not ${t.completed} and not ${t.abandoned} and not ${t.deleted}`),
  ],
);

/**
 * Which journal entry mentions which goal (decision 026). The primary key (goal_id, entry_id) makes
 * a link idempotent.
 */
export const goalEntryLinks = pgTable(
  'goal_entry_links',
  {
    goalId: uuid('goal_id')
      .notNull()
      .references(() => goals.id, { onDelete: 'cascade' }),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => journalEntries.id, { onDelete: 'cascade' }),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.goalId, t.entryId] }),
    index('goal_entry_links_entry_idx').on(t.entryId),
    index('goal_entry_links_patient_idx').on(t.patientId, t.createdAt),
  ],
);

/** One row per mention (history with date and mood type); `entryId` is set when it came from an entry. */
export const goalMentions = pgTable(
  'goal_mentions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    goalId: uuid('goal_id')
      .notNull()
      .references(() => goals.id, { onDelete: 'cascade' }),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    entryId: uuid('entry_id').references(() => journalEntries.id, { onDelete: 'cascade' }),
    moodType: text('mood_type', { enum: ['positive', 'negative', 'neutral'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('goal_mentions_goal_idx').on(t.goalId, t.createdAt),
    index('goal_mentions_entry_idx').on(t.entryId),
  ],
);

/** The client's goal reminder preference (POST goal-notification). */
export const goalNotificationSettings = pgTable('goal_notification_settings', {
  patientId: uuid('patient_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  reminderPeriod: text('reminder_period', { enum: ['daily', 'weekly', 'monthly', 'never'] })
    .notNull()
    .default('daily'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

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
import type { ClinicalPriority, NoteCategory } from '@mindledger/domain';
import { users } from './users.js';

/**
 * A provider's note about a client (Part 2 §3 Progress note draft, §5 Note; decision 088). The note
 * is the provider's record: it stays when the connection ends (the provider just cannot reach the
 * client's records any more) and goes only with either account. A signed note is locked; a
 * correction is an addendum (`note_addenda`). `time_minutes` is the session time (minutes after
 * local midnight) so lists sort by session date and time.
 */
export const providerNotes = pgTable(
  'provider_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    notes: text('notes').notNull(),
    additionalNotes: text('additional_notes'),
    category: text('category').$type<NoteCategory>(),
    priority: text('priority').$type<ClinicalPriority>().notNull().default('normal'),
    sessionDate: date('session_date', { mode: 'string' }).notNull(),
    timeMinutes: integer('time_minutes').notNull(),
    duration: integer('duration').notNull(),
    service: text('service').notNull(),
    aiSummary: text('ai_summary'),
    recommendations: jsonb('recommendations').$type<string[]>().notNull().default([]),
    frequency: text('frequency').notNull(),
    isSigned: boolean('is_signed').notNull().default(false),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    signedBy: uuid('signed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('provider_notes_client_idx').on(
      t.providerId,
      t.patientId,
      t.sessionDate.desc(),
      t.timeMinutes.desc(),
      t.createdAt.desc(),
    ),
    index('provider_notes_provider_idx').on(
      t.providerId,
      t.sessionDate.desc(),
      t.timeMinutes.desc(),
      t.createdAt.desc(),
    ),
    index('provider_notes_signed_idx')
      .on(t.providerId, t.signedAt)
      .where(sql`${t.isSigned}`),
  ],
);

/** A correction or addition to a signed note: who, when, what. Never changed or removed. */
export const noteAddenda = pgTable(
  'note_addenda',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    noteId: uuid('note_id')
      .notNull()
      .references(() => providerNotes.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('note_addenda_note_idx').on(t.noteId, t.createdAt)],
);

/** A provider's to-do for a client (Part 2 §5 Todo). */
export const providerTodos = pgTable(
  'provider_todos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    notes: text('notes'),
    prescription: text('prescription'),
    materials: text('materials'),
    research: text('research'),
    dueDate: date('due_date', { mode: 'string' }),
    priority: text('priority').$type<ClinicalPriority>().notNull().default('normal'),
    done: boolean('done').notNull().default(false),
    doneAt: timestamp('done_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('provider_todos_client_idx').on(t.providerId, t.patientId, t.done, t.createdAt.desc())],
);

/**
 * An AI summary of a client's notes over a range (Part 2 §7 generate-notes-summary). Its text lives
 * in versions: generated, edited by hand or refined, every one kept; `current_version` is the one
 * shown.
 */
export const notesSummaries = pgTable(
  'notes_summaries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rangeStart: date('range_start', { mode: 'string' }).notNull(),
    rangeEnd: date('range_end', { mode: 'string' }).notNull(),
    currentVersion: integer('current_version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('notes_summaries_client_idx').on(t.providerId, t.patientId, t.createdAt.desc())],
);

export const notesSummaryVersions = pgTable(
  'notes_summary_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    summaryId: uuid('summary_id')
      .notNull()
      .references(() => notesSummaries.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    noteSum: text('note_sum').notNull(),
    jsonSummary: jsonb('json_summary').$type<Record<string, unknown>>().notNull(),
    editMode: text('edit_mode').$type<'generated' | 'manual' | 'refine'>().notNull(),
    refinementDetails: text('refinement_details'),
    model: text('model').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('notes_summary_versions_idx').on(t.summaryId, t.version)],
);

/**
 * A treatment plan (Part 2 §3, §7 generate-careplan, update-careplan). The document lives in
 * versions; signing marks the current version signed; editing a signed plan (editSigned) adds a new
 * unsigned version and keeps the signed one in the history.
 */
export const carePlans = pgTable(
  'care_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    currentVersion: integer('current_version').notNull().default(1),
    isSigned: boolean('is_signed').notNull().default(false),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    signedBy: uuid('signed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('care_plans_client_idx').on(t.providerId, t.patientId, t.createdAt.desc())],
);

export const carePlanVersions = pgTable(
  'care_plan_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    carePlanId: uuid('care_plan_id')
      .notNull()
      .references(() => carePlans.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    content: jsonb('content').$type<Record<string, unknown>>().notNull(),
    editMode: text('edit_mode').$type<'generated' | 'manual' | 'refine'>().notNull(),
    refinementDetails: text('refinement_details'),
    isSigned: boolean('is_signed').notNull().default(false),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    model: text('model').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('care_plan_versions_idx').on(t.carePlanId, t.version)],
);

/**
 * What a provider shares with the client (Part 2 §7 share-summary by a provider, shared-summaries):
 * one version of a notes summary or care plan, frozen at sharing, so the client reads exactly what
 * was shared. Withdrawing sets `withdrawn_at`.
 */
export const providerShares = pgTable(
  'provider_shares',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'notesSummary' | 'carePlan'>().notNull(),
    itemId: uuid('item_id').notNull(),
    version: integer('version').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (t) => [
    index('provider_shares_patient_idx').on(t.patientId, t.createdAt.desc()),
    uniqueIndex('provider_shares_live_idx')
      .on(t.kind, t.itemId, t.version)
      .where(sql`${t.withdrawnAt} is null`),
  ],
);

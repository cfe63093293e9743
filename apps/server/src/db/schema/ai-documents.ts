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
import type { AiDocumentKind, SharedSummaryKind } from '@mindledger/domain';
import { users } from './users.js';

/**
 * The Initial Journey conversation (Part 2 §7 `initial-journey`, `get-conversation`): one running
 * conversation per client, in order of `seq`; `reset-self-reflection-journey` deletes it together
 * with the Initial Journey documents generated from it.
 */
export const initialJourneyMessages = pgTable(
  'initial_journey_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    role: text('role').$type<'user' | 'assistant'>().notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('initial_journey_messages_seq_idx').on(t.patientId, t.seq)],
);

/**
 * Generated documents (Part 2 §3): the four Initial Journey documents and the weekly reports. The
 * content is the domain's zod shape for `kind`, validated before it is stored. A weekly report
 * covers `period_start`..`period_end` (local days); one per client and period, so an automation
 * night run twice, or a manual regeneration, replaces rather than adds.
 */
export const aiDocuments = pgTable(
  'ai_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<AiDocumentKind>().notNull(),
    content: jsonb('content').$type<Record<string, unknown>>().notNull(),
    model: text('model').notNull(),
    promptVersion: text('prompt_version').notNull(),
    source: text('source').$type<'manual' | 'automation'>().notNull().default('manual'),
    periodStart: date('period_start', { mode: 'string' }),
    periodEnd: date('period_end', { mode: 'string' }),
    generatedAt: timestamp('generated_at', { withTimezone: true }).notNull(),
    /**
     * How many of the client's private entries the generator was given (decision 103): a document
     * that drew on any reaches a provider only through a share the client consented to
     * (`document_shares.private_entries_consented`). Weekly reports never read private entries (0).
     */
    privateEntriesUsed: integer('private_entries_used').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ai_documents_patient_kind_idx').on(t.patientId, t.kind, t.generatedAt.desc()),
    uniqueIndex('ai_documents_weekly_period_idx')
      .on(t.patientId, t.periodStart)
      .where(sql`${t.kind} = 'weeklyReport'`),
  ],
);

/**
 * A client's share of a document with a connected provider (Part 2 §2 Share, §7 share-summary,
 * share-weekly-report). `document_id` is null for the chat history, which is shared as the live
 * conversation. Withdrawing sets `withdrawn_at`; the provider loses it at once. One live share per
 * document (or chat history) and provider.
 */
export const documentShares = pgTable(
  'document_shares',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<SharedSummaryKind | 'weeklyReport'>().notNull(),
    documentId: uuid('document_id').references(() => aiDocuments.id, { onDelete: 'cascade' }),
    /**
     * How many private entries the client agreed, when sharing, that the provider may read what the
     * document says of (decision 103). A provider reads the document only while it drew on no more
     * than this (`sharedDocumentReadable` in platform/read-scope.ts).
     */
    privateEntriesConsented: integer('private_entries_consented').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('document_shares_live_idx')
      .on(
        t.patientId,
        t.providerId,
        t.kind,
        sql`coalesce(${t.documentId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      )
      .where(sql`${t.withdrawnAt} is null`),
    index('document_shares_provider_idx').on(t.providerId, t.patientId, t.createdAt.desc()),
  ],
);

/**
 * Weekly insight generation jobs (Part 2 §3 "Generation job", §4): generating → completed |
 * failed, or cancelled. Completed rows are purged an hour after they complete.
 */
export const weeklyGenerationJobs = pgTable(
  'weekly_generation_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    status: text('status').$type<'generating' | 'completed' | 'failed' | 'cancelled'>().notNull(),
    documentId: uuid('document_id').references(() => aiDocuments.id, { onDelete: 'set null' }),
    error: text('error'),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    completedTime: timestamp('completed_time', { withTimezone: true }),
    failedTime: timestamp('failed_time', { withTimezone: true }),
  },
  (t) => [
    index('weekly_generation_jobs_patient_idx').on(t.patientId, t.startTime.desc()),
    // one running generation per client and week
    uniqueIndex('weekly_generation_jobs_running_idx')
      .on(t.patientId, t.startDate)
      .where(sql`${t.status} = 'generating'`),
  ],
);

/** Weekly automation settings (Part 2 §3): a row once the client saves or the defaults are kept. */
export const weeklyAutomationSettings = pgTable('weekly_automation_settings', {
  patientId: uuid('patient_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  automaticGeneration: boolean('automatic_generation').notNull().default(true),
  automationDay: integer('automation_day').notNull().default(0),
  timezone: text('timezone').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Dashboard snapshots a client shares with a provider (Part 2 §7 "Dashboard sharing"): the data the
 * client's dashboard showed, validated and bounded, read by the provider at `dashboard/shared/{id}`.
 */
export const dashboardShares = pgTable(
  'dashboard_shares',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (t) => [index('dashboard_shares_provider_idx').on(t.providerId, t.createdAt.desc())],
);

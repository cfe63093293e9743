import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Jobs asked for and not yet handed to the queue (pg-boss): written in the caller's transaction, so
 * a write and the job it implies commit together or not at all. A relay hands each row to pg-boss
 * under the row's id (a second hand-over of the same row is a no-op) and marks it sent. `key`, when
 * given, makes the enqueue itself idempotent: a second send with the same key is dropped.
 */
export const jobOutbox = pgTable(
  'job_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    data: jsonb('data').$type<object>().notNull(),
    key: text('key').unique('job_outbox_key_unique'),
    startAfter: timestamp('start_after', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** A relay working on the row holds it until then; after that another relay may take it. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('job_outbox_unsent_idx')
      .on(t.createdAt)
      .where(sql`${t.sentAt} is null`),
    index('job_outbox_sent_idx').on(t.sentAt),
  ],
);

/** Recurring ticks: the next time each one is due; a tick is claimed by moving `due_at` on. */
export const jobTicks = pgTable('job_ticks', {
  name: text('name').primaryKey(),
  dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
});

/**
 * Per-user schedules in the user's time zone (reminders, weekly automation): the next local day it
 * falls on (`next_slot`) and its instant (`due_at`). A tick claims due rows in batches and moves
 * each to its next slot in the same transaction as the delivery job it enqueues.
 */
export const userSchedules = pgTable(
  'user_schedules',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    timeZone: text('time_zone').notNull(),
    /** Local time of day, HH:MM (24 h). */
    localTime: text('local_time').notNull(),
    /** ISO weekdays it falls on (1 = Monday … 7 = Sunday). */
    weekdays: jsonb('weekdays').$type<number[]>().notNull(),
    data: jsonb('data').$type<object>().notNull().default({}),
    nextSlot: text('next_slot').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] }), index('user_schedules_due_idx').on(t.kind, t.dueAt)],
);

import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { MeasureKind } from '@mindledger/domain';
import { users } from './users.js';

/**
 * A measure a provider asked a client to complete (issue 16; decision 092): once, or every 1, 2
 * or 4 weeks. `due_at` is the current cycle's start: the assignment is pending for the client while
 * it is past and the assignment is not stopped. Completing it moves `due_at` to the next cycle (or
 * stops a one-off); `notified_at` says the client was told of the current cycle.
 */
export const measureAssignments = pgTable(
  'measure_assignments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<MeasureKind>().notNull(),
    everyWeeks: integer('every_weeks'),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('measure_assignments_patient_idx').on(t.patientId, t.dueAt),
    // the tick's scan: live assignments by due time
    index('measure_assignments_due_idx')
      .on(t.dueAt)
      .where(sql`${t.stoppedAt} is null`),
  ],
);

/**
 * A completed PHQ-9 or GAD-7: the answers (item linkId → score), scored when saved. An assigned one
 * keeps its assignment and cycle (`cycle_due_at`), answered once; a client's own has neither.
 */
export const measureResponses = pgTable(
  'measure_responses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<MeasureKind>().notNull(),
    assignmentId: uuid('assignment_id').references(() => measureAssignments.id, { onDelete: 'set null' }),
    cycleDueAt: timestamp('cycle_due_at', { withTimezone: true }),
    answers: jsonb('answers').$type<Record<string, number>>().notNull(),
    total: integer('total').notNull(),
    safetyAlert: boolean('safety_alert').notNull().default(false),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('measure_responses_patient_idx').on(t.patientId, t.kind, t.completedAt),
    uniqueIndex('measure_responses_cycle_idx').on(t.assignmentId, t.cycleDueAt),
  ],
);

import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ImportSource } from '@mindledger/domain';
import { users } from './users.js';

export type BackupExportStatus = 'queued' | 'processing' | 'completed' | 'failed' | 'expired';
export type BackupImportStatus = 'uploaded' | 'importing' | 'completed' | 'failed' | 'cancelled';

/**
 * A backup a user asked for (Part 2 §7 export/initiate; decision 095): a job writes one ZIP (the
 * backup document and the user's photos and avatar) through the files port under the user's folder
 * (`backups/<user id>/<id>.zip`); it is kept until `expires_at`, then deleted and marked expired.
 */
export const backupExports = pgTable(
  'backup_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<BackupExportStatus>().notNull(),
    progress: integer('progress').notNull().default(0),
    fileKey: text('file_key'),
    fileName: text('file_name'),
    size: integer('size'),
    counts: jsonb('counts').$type<Record<string, number>>().notNull().default({}),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    index('backup_exports_user_idx').on(t.userId, t.createdAt.desc()),
    index('backup_exports_expiry_idx').on(t.expiresAt),
  ],
);

/**
 * An import (Part 2 §7 import/*): the uploaded file kept under the user's folder
 * (`backups/<user id>/imports/<id>`) while it is checked, previewed and confirmed; `summary` is
 * what the last check found (counts, problems, conflicts), `result` what the confirmation did.
 * A confirmation writes everything in one transaction: a cancel or a crash leaves nothing.
 */
export const backupImports = pgTable(
  'backup_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    source: text('source').$type<ImportSource>(),
    status: text('status').$type<BackupImportStatus>().notNull(),
    fileKey: text('file_key'),
    fileName: text('file_name').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    options: jsonb('options').$type<Record<string, unknown>>().notNull().default({}),
    summary: jsonb('summary').$type<Record<string, unknown>>(),
    result: jsonb('result').$type<Record<string, unknown>>(),
    progress: integer('progress').notNull().default(0),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('backup_imports_user_idx').on(t.userId, t.createdAt.desc())],
);

import { date, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type {
  ClinicalExportFormat,
  ClinicalExportPart,
  ClinicalExportStatus,
  ClinicalFileFormat,
} from '@mindledger/domain';
import { users } from './users.js';

/** A built file of an export, kept through the files port until the export expires. */
export interface ClinicalExportFile {
  format: ClinicalFileFormat;
  key: string;
  fileName: string;
  contentType: string;
  size: number;
}

/**
 * A clinical export a provider asked for (issue 16; decision 093): one client, a period of the
 * client's days, what to include and the formats. A job builds the files (`queued` → `processing` →
 * `completed` | `failed`); they are kept until `expires_at`, then deleted and the row marked
 * `expired`. The files live under the client's folder (`exports/<patient id>/<export id>/`), so
 * either account's deletion removes them.
 */
export const clinicalExports = pgTable(
  'clinical_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    include: jsonb('include').$type<Record<ClinicalExportPart, boolean>>().notNull(),
    format: text('format').$type<ClinicalExportFormat>().notNull(),
    status: text('status').$type<ClinicalExportStatus>().notNull(),
    progress: integer('progress').notNull().default(0),
    files: jsonb('files').$type<ClinicalExportFile[]>().notNull().default([]),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    index('clinical_exports_list_idx').on(t.requestedBy, t.patientId, t.createdAt.desc()),
    index('clinical_exports_expiry_idx').on(t.expiresAt),
  ],
);

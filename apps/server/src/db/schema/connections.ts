import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * A provider–client connection. The access policy reads it: a provider reaches a client's data
 * only while status is 'accepted' and connectionStatus is 'active'. The invitations feature
 * (its own issue) owns the transitions; the foundation only reads it.
 */
export const connections = pgTable(
  'connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'accepted', 'rejected', 'deleted'] })
      .notNull()
      .default('pending'),
    connectionStatus: text('connection_status', { enum: ['active', 'inactive', 'disconnected'] })
      .notNull()
      .default('active'),
    invitedBy: text('invited_by', { enum: ['provider', 'patient'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('connections_pair_key').on(t.providerId, t.patientId),
    index('connections_patient_idx').on(t.patientId),
  ],
);

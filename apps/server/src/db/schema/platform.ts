import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Who touched whose data, and security events, as the server saw them. Never the data itself (no
 * PHI). Only the server writes here; what the web app reports goes to client_audit_events.
 */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    /** Plain ids, no foreign keys: the trail outlives deleted accounts. */
    actorId: uuid('actor_id'),
    actorRole: text('actor_role'),
    action: text('action').notNull(),
    resourceType: text('resource_type'),
    resourceId: text('resource_id'),
    patientId: uuid('patient_id'),
    metadata: jsonb('metadata').$type<Record<string, string | number | boolean | null>>(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    requestId: text('request_id'),
  },
  (t) => [
    index('audit_logs_actor_idx').on(t.actorId, t.occurredAt),
    index('audit_logs_patient_idx').on(t.patientId, t.occurredAt),
    index('audit_logs_action_idx').on(t.action, t.occurredAt),
  ],
);

/**
 * What the web app reports of its own user's actions (POST /api/audit-logs), kept apart from the
 * server's trail (decision 047): bound to the caller, stamped with the server's clock, with no
 * subject of its own, and never read as a fact about anyone else (the access history reads only
 * audit_logs).
 */
export const clientAuditEvents = pgTable(
  'client_audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    /** Plain ids, no foreign keys: like audit_logs, the trail outlives deleted accounts. */
    actorId: uuid('actor_id').notNull(),
    actorRole: text('actor_role').notNull(),
    action: text('action').notNull(),
    resourceType: text('resource_type'),
    resourceId: text('resource_id'),
    metadata: jsonb('metadata').$type<Record<string, string | number | boolean | null>>(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    requestId: text('request_id'),
  },
  (t) => [index('client_audit_events_actor_idx').on(t.actorId, t.receivedAt)],
);

/** The local mail outbox used when SMTP_URL is not set. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_sent_idx').on(t.sentAt)],
);

/**
 * The first answer to a create call sent with an Idempotency-Key (decision 049): a retry with the
 * same key and request within 24 hours gets this answer again instead of a second write. The answer
 * is a copy of what was created, so it goes with the account, with the resource it names, and after
 * 24 hours.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256 of method, path and body: the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    /** Null while the first request runs. */
    status: integer('status'),
    response: text('response'),
    /** The id of what the call created, so deleting it deletes its copy here. */
    resourceId: text('resource_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
    index('idempotency_keys_resource_idx').on(t.resourceId),
  ],
);

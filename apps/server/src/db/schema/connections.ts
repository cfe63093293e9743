import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

export const connectionStatuses = ['pending', 'accepted', 'rejected', 'deleted'] as const;
export const connectionStates = ['active', 'inactive', 'disconnected'] as const;

/**
 * A provider–client connection. The access policy reads it: a provider reaches a client's data
 * only while status is 'accepted' and connectionStatus is 'active'. The connections feature
 * (features/connections) owns the transitions.
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
    status: text('status', { enum: connectionStatuses }).notNull().default('pending'),
    connectionStatus: text('connection_status', { enum: connectionStates }).notNull().default('active'),
    invitedBy: text('invited_by', { enum: ['provider', 'patient'] }).notNull(),
    /** 'none' once disconnected; a new invitation restores 'full'. */
    accessLevel: text('access_level', { enum: ['full', 'none'] })
      .notNull()
      .default('full'),
    inactiveReason: text('inactive_reason'),
    /**
     * The address a provider typed to invite the client: all the provider sees of the client until
     * the client accepts (their current address may differ).
     */
    inviteeEmail: text('invitee_email'),
    statusChangedBy: uuid('status_changed_by').references(() => users.id, { onDelete: 'cascade' }),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('connections_pair_key').on(t.providerId, t.patientId),
    index('connections_patient_idx').on(t.patientId, t.status, t.updatedAt),
    index('connections_provider_list_idx').on(t.providerId, t.status, t.updatedAt),
    index('connections_provider_state_idx').on(t.providerId, t.connectionStatus, t.updatedAt),
  ],
);

export const connectionEventKinds = [
  'invited',
  'accepted',
  'rejected',
  'deleted',
  'marked_inactive',
  'reactivation_requested',
  'reactivated',
  'disconnected',
] as const;

/** The status history of a connection: one row per transition. */
export const connectionEvents = pgTable(
  'connection_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => connections.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'cascade' }),
    actorRole: text('actor_role', { enum: ['provider', 'patient', 'system'] }).notNull(),
    kind: text('kind', { enum: connectionEventKinds }).notNull(),
    fromStatus: text('from_status', { enum: connectionStatuses }),
    toStatus: text('to_status', { enum: connectionStatuses }).notNull(),
    fromConnectionStatus: text('from_connection_status', { enum: connectionStates }),
    toConnectionStatus: text('to_connection_status', { enum: connectionStates }).notNull(),
    reason: text('reason'),
    /** The provider's own note on an inactivation (never mailed). */
    notes: text('notes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('connection_events_connection_idx').on(t.connectionId, t.createdAt)],
);

/** An invitation to an address that has no account yet; claimed when that account activates. */
export const emailInvitations = pgTable(
  'email_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    inviterId: uuid('inviter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    inviterRole: text('inviter_role', { enum: ['provider', 'patient'] }).notNull(),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('email_invitations_inviter_email_key').on(t.inviterId, t.email),
    uniqueIndex('email_invitations_token_key').on(t.tokenHash),
    index('email_invitations_open_email_idx')
      .on(t.email)
      .where(sql`claimed_at is null`),
  ],
);

/** A one-time token mailed to an inactive client; their consent reactivates the connection. */
export const reactivationTokens = pgTable(
  'reactivation_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => connections.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reactivation_tokens_hash_key').on(t.tokenHash),
    index('reactivation_tokens_connection_idx').on(t.connectionId),
  ],
);

import { bigserial, boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { AcceptanceDocumentId, ConsentEventKind } from '@mindledger/domain';
import { users } from './users.js';

/**
 * Which version of the Terms of Service and of the Privacy Policy each user accepted, and when
 * (issue 17; decision 094). One row per version accepted, never changed: a new version adds a row.
 * `sha256` is the accepted text's (packages/domain/src/legal/documents.ts); `context` says where it
 * was accepted. Where from (address, browser) is in the audit row written with it.
 */
export const legalAcceptances = pgTable(
  'legal_acceptances',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    document: text('document').$type<AcceptanceDocumentId>().notNull(),
    version: text('version').notNull(),
    sha256: text('sha256').notNull(),
    context: text('context', { enum: ['registration', 'update', 'demo'] }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('legal_acceptances_user_version_key').on(t.userId, t.document, t.version)],
);

/**
 * A client's consents as they stand: research use of de-identified data (used unless opted out,
 * as the Terms say) and the HIPAA marketing authorization (signed, valid three years unless
 * revoked first). No row means never changed: research allowed, no authorization.
 */
export const userConsents = pgTable('user_consents', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  researchOptOut: boolean('research_opt_out').notNull().default(false),
  researchUpdatedAt: timestamp('research_updated_at', { withTimezone: true }),
  marketingVersion: text('marketing_version'),
  /** The typed full name the authorization was signed with. */
  marketingSignature: text('marketing_signature'),
  marketingGrantedAt: timestamp('marketing_granted_at', { withTimezone: true }),
  marketingExpiresAt: timestamp('marketing_expires_at', { withTimezone: true }),
  marketingRevokedAt: timestamp('marketing_revoked_at', { withTimezone: true }),
});

/** Every change of a client's consents, in order, never changed (the history the page shows). */
export const consentEvents = pgTable(
  'consent_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ConsentEventKind>().notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    /** The marketing authorization's version (grants). */
    version: text('version'),
    /** When a grant ends by itself. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [index('consent_events_user_idx').on(t.userId, t.occurredAt)],
);

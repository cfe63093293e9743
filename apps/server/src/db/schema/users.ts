import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    role: text('role', { enum: ['patient', 'provider', 'admin'] })
      .notNull()
      .default('patient'),
    activated: boolean('activated').notNull().default(false),
    /** Providers start unapproved until an admin approves them; others are approved. */
    approved: boolean('approved').notNull().default(true),
    timezone: text('timezone').notNull().default('America/Denver'),
    phone: text('phone'),
    avatarKey: text('avatar_key'),
    twoFactorMethod: text('two_factor_method', { enum: ['email', 'totp'] }),
    /** AES-GCM sealed TOTP secret (see platform/crypto.ts). */
    totpSecret: text('totp_secret'),
    pendingTotpSecret: text('pending_totp_secret'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_role_created_idx').on(t.role, t.createdAt),
    index('users_pending_approval_idx')
      .on(t.role)
      .where(sql`approved = false`),
  ],
);

export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', {
      enum: ['activation', 'password_reset', 'email_change', 'two_factor'],
    }).notNull(),
    codeHash: text('code_hash').notNull(),
    newEmail: text('new_email'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verification_codes_user_idx').on(t.userId, t.purpose)],
);

/** Why a session ended (kept for the trail; the session's tokens are refused either way). */
export const sessionEndReasons = [
  'logout',
  'password_changed',
  'password_reset',
  'token_reuse',
  'idle',
  'absolute',
  'access_withdrawn',
  'account_deleted',
  'two_factor_changed',
] as const;
export type SessionEndReason = (typeof sessionEndReasons)[number];

/**
 * One login: its refresh tokens form a family named by the session's id, and its access tokens
 * carry that id (`sid`). Every authenticated request checks the session (platform/sessions/).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Last request seen on the session; written at most every 30 s (activity is kept in memory). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    /** No refresh past this, however active (12 h for providers and admins, 24 h for clients). */
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
    /** The web app reported payment pages: the longer idle limit applies. */
    paymentIdle: boolean('payment_idle').notNull().default(false),
    /** A hash of the browser's user agent: a sign-in from one never seen for the user is a new device. */
    deviceKey: text('device_key'),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endedReason: text('ended_reason', { enum: sessionEndReasons }),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    index('sessions_user_device_idx').on(t.userId, t.deviceKey),
  ],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** All tokens issued from one login share a family (the session); reuse of a rotated token ends it. */
    familyId: uuid('family_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
);

import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { NotificationData, NotificationPriority, NotificationType } from '@mindledger/domain';
import { users } from './users.js';

/**
 * Admin "important updates" (docs/API-notifications.md): written once, published now or at
 * `publish_at`, fanned out to their audience by a job in batches; withdrawing removes the unread
 * notifications it made.
 */
export const importantUpdates = pgTable(
  'important_updates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    link: text('link'),
    audience: text('audience').$type<'all' | 'patients' | 'providers'>().notNull(),
    status: text('status').$type<'scheduled' | 'publishing' | 'published' | 'withdrawn'>().notNull(),
    publishAt: timestamp('publish_at', { withTimezone: true }).notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('important_updates_created_idx').on(t.createdAt)],
);

/**
 * In-app notifications. `seq` orders them and is the live stream's event id. `source_key` makes a
 * notify idempotent per user (a retried job or a second worker inserts nothing). The partial index
 * on unread rows answers the unread count without reading the history.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').$type<NotificationType>().notNull(),
    priority: text('priority').$type<NotificationPriority>().notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    data: jsonb('data').$type<NotificationData>().notNull().default({}),
    sourceKey: text('source_key'),
    updateId: uuid('update_id').references(() => importantUpdates.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('notifications_seq_idx').on(t.seq),
    index('notifications_user_seq_idx').on(t.userId, t.seq),
    index('notifications_unread_idx')
      .on(t.userId, t.seq)
      .where(sql`${t.readAt} is null`),
    uniqueIndex('notifications_source_key_idx').on(t.userId, t.sourceKey),
    index('notifications_update_idx').on(t.updateId),
  ],
);

/** A user's notification settings and security notification settings (JSON over the defaults). */
export const notificationSettings = pgTable('notification_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').$type<object>().notNull().default({}),
  security: jsonb('security').$type<object>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Web Push subscriptions (one per browser endpoint; the newest user to register it holds it). */
export const deviceTokens = pgTable(
  'device_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    platform: text('platform').notNull(),
    failures: integer('failures').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('device_tokens_endpoint_idx').on(t.endpoint),
    index('device_tokens_user_idx').on(t.userId),
  ],
);

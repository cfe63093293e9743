import type { PlanId, PromoDiscountType, PromoDuration, SubscriptionStatus } from '@mindledger/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Promo codes (Part 2 §3 Promo code (admin)). `discount_value` is the percent for a percentage code
 * and cents for a fixed one. `current_uses` only moves in the transaction that records a redemption,
 * under the row's lock, so `max_uses` holds however many redeem at once.
 */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    discountType: text('discount_type').$type<PromoDiscountType>().notNull(),
    discountValue: integer('discount_value').notNull(),
    description: text('description').notNull(),
    maxUses: integer('max_uses'),
    currentUses: integer('current_uses').notNull().default(0),
    oneTimeUse: boolean('one_time_use').notNull().default(true),
    active: boolean('active').notNull().default(true),
    duration: text('duration').$type<PromoDuration>().notNull(),
    durationInMonths: integer('duration_in_months'),
    expiresAt: date('expires_at', { mode: 'string' }).notNull(),
    /** The card provider's coupon and promotion code kept in step (Stripe only). */
    externalCouponId: text('external_coupon_id'),
    externalPromotionId: text('external_promotion_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('promo_codes_code_key').on(t.code), index('promo_codes_created_idx').on(t.createdAt)],
);

/** Each use of a code; a one-time code's use is unique per user. */
export const promoRedemptions = pgTable(
  'promo_redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    promoCodeId: uuid('promo_code_id')
      .notNull()
      .references(() => promoCodes.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    oneTime: boolean('one_time').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('promo_redemptions_one_time_key')
      .on(t.promoCodeId, t.userId)
      .where(sql`one_time`),
    index('promo_redemptions_user_idx').on(t.userId),
  ],
);

/**
 * First-time trials of accounts that no longer hold the address they used it under (deleted, or
 * moved to another address): the address's trial mailbox (the domain's `trialMailbox`) as a keyed
 * hash only (HMAC-SHA-256 under a key derived from the server secret), no id, no address, no date,
 * kept for this purpose only, so that the address does not get the trial again (decision 106; the
 * Privacy Policy says so).
 */
export const usedTrials = pgTable('used_trials', {
  mailboxHash: text('mailbox_hash').primaryKey(),
});

/**
 * A user's subscription: one row per user, written only from the billing provider's confirmed
 * events (decision 078). It stays after a drop to free (plan free-tier) so that `trial_used_at`
 * keeps the first-time trial to one per person. `last_event_at` orders the provider's events: an
 * older event never rolls a newer state back.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<'local' | 'stripe'>().notNull(),
    planType: text('plan_type').$type<PlanId>().notNull(),
    status: text('status').$type<SubscriptionStatus>().notNull(),
    /** Cents per interval of the plan held (before promo). */
    amount: integer('amount').notNull().default(0),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    trialEnd: timestamp('trial_end', { withTimezone: true }),
    trialUsedAt: timestamp('trial_used_at', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    cancelAt: timestamp('cancel_at', { withTimezone: true }),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    scheduledPlan: text('scheduled_plan').$type<PlanId>(),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    promoCodeId: uuid('promo_code_id').references(() => promoCodes.id, { onDelete: 'set null' }),
    promoRedeemedAt: timestamp('promo_redeemed_at', { withTimezone: true }),
    /** Paid invoices since the promo was redeemed (a 'once' promo discounts the first only). */
    promoPaidInvoices: integer('promo_paid_invoices').notNull().default(0),
    /** The local provider's card on file (brand and last four digits only). */
    cardLast4: text('card_last4'),
    cardFailsRenewal: boolean('card_fails_renewal').notNull().default(false),
    /** Provider Connect: the connected provider who covers it. */
    sponsorId: uuid('sponsor_id').references(() => users.id, { onDelete: 'set null' }),
    externalCustomerId: text('external_customer_id'),
    externalSubscriptionId: text('external_subscription_id'),
    latestInvoiceId: uuid('latest_invoice_id'),
    lastEventAt: timestamp('last_event_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscriptions_user_key').on(t.userId),
    uniqueIndex('subscriptions_external_key').on(t.externalSubscriptionId),
    index('subscriptions_customer_idx').on(t.externalCustomerId),
    index('subscriptions_status_plan_idx').on(t.status, t.planType, t.createdAt),
    // The local provider's renewals: rows whose period (or trial) ends, in due order.
    index('subscriptions_local_due_idx')
      .on(t.currentPeriodEnd)
      .where(
        sql`provider = 'local' and plan_type in ('standard-monthly', 'standard-annual') and status in ('trialing', 'active', 'past_due')`,
      ),
  ],
);

export interface InvoiceLine {
  description: string;
  amount: number;
  proration: boolean;
}

/**
 * Invoices with their line items. A local renewal's invoice is unique per subscription and period
 * start, so two workers (or a retry) renewing the same period write it once; a card provider's
 * invoice is unique by its id there.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    status: text('status').$type<'paid' | 'open' | 'void' | 'uncollectible'>().notNull(),
    reason: text('reason')
      .$type<'subscription_create' | 'subscription_cycle' | 'subscription_update'>()
      .notNull(),
    planType: text('plan_type').$type<PlanId>().notNull(),
    subtotal: integer('subtotal').notNull(),
    discount: integer('discount').notNull().default(0),
    total: integer('total').notNull(),
    currency: text('currency').$type<'usd'>().notNull().default('usd'),
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    promoCode: text('promo_code'),
    lines: jsonb('lines').$type<InvoiceLine[]>().notNull(),
    externalId: text('external_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('invoices_user_created_idx').on(t.userId, t.createdAt),
    uniqueIndex('invoices_number_key').on(t.number),
    uniqueIndex('invoices_external_key').on(t.externalId),
    uniqueIndex('invoices_cycle_key')
      .on(t.subscriptionId, t.periodStart)
      .where(sql`reason = 'subscription_cycle' and external_id is null`),
  ],
);

/** Checkout sessions: the local provider's hosted checkout, and Stripe's sessions we started. */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<'local' | 'stripe'>().notNull(),
    planType: text('plan_type').$type<PlanId>().notNull(),
    promoCodeId: uuid('promo_code_id').references(() => promoCodes.id, { onDelete: 'set null' }),
    withTrial: boolean('with_trial').notNull(),
    isSignup: boolean('is_signup').notNull().default(false),
    kind: text('kind').$type<'new' | 'upgrade' | 'downgrade'>().notNull(),
    status: text('status').$type<'open' | 'complete' | 'expired'>().notNull().default('open'),
    successUrl: text('success_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('checkout_sessions_user_idx').on(t.userId, t.createdAt)],
);

/** The card provider's events already applied (webhook ids): a replay changes nothing. */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  provider: text('provider').$type<'local' | 'stripe'>().notNull(),
  type: text('type').notNull(),
  occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** track-usage: uses of a feature per user and (UTC) month. */
export const featureUsage = pgTable(
  'feature_usage',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    feature: text('feature').notNull(),
    month: text('month').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.feature, t.month] })],
);

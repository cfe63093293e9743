import type { PlanId, SubscriptionStatus } from '@mindledger/domain';
import type { Tx } from '../../db/client.js';
import type { InvoiceLine } from '../../db/schema/index.js';
import type { PromoCodeRow, SubscriptionRow } from './repo.js';

/** The state of a user's subscription as the card provider confirms it (decision 078). */
export interface SubscriptionState {
  planType: PlanId;
  status: SubscriptionStatus;
  amount: number;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  trialEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  cancelAt: Date | null;
  canceledAt: Date | null;
  scheduledPlan: PlanId | null;
  scheduledAt: Date | null;
  externalCustomerId?: string | null;
  externalSubscriptionId?: string | null;
  cardLast4?: string | null;
  cardFailsRenewal?: boolean;
  promoCodeId?: string | null;
  promoRedeemedAt?: Date | null;
  /** Set once, when a first-time trial starts. */
  trialUsedAt?: Date;
}

export interface InvoiceRecord {
  number: string;
  status: 'paid' | 'open' | 'void' | 'uncollectible';
  reason: 'subscription_create' | 'subscription_cycle' | 'subscription_update';
  planType: PlanId;
  subtotal: number;
  discount: number;
  total: number;
  periodStart: Date | null;
  periodEnd: Date | null;
  promoCode: string | null;
  lines: InvoiceLine[];
  externalId: string | null;
}

/**
 * One confirmed event from the card provider: the subscription state it leaves and, when it bills,
 * its invoice. Applied once (its id is kept) and never over a newer state (`occurredAt`).
 */
export interface BillingEvent {
  id: string;
  type: string;
  occurredAt: Date;
  userId: string;
  state: SubscriptionState;
  invoice?: InvoiceRecord;
  /** A promo code redeemed by this event (counted atomically when applied). */
  redeemPromoId?: string;
}

export interface CheckoutRequest {
  userId: string;
  email: string;
  planType: PlanId;
  withTrial: boolean;
  promo: { id: string; code: string; externalPromotionId: string | null } | null;
  isSignup: boolean;
  kind: 'new' | 'upgrade' | 'downgrade';
  successUrl: string;
  cancelUrl: string;
  /** The customer already known to the provider (Stripe), if any. */
  externalCustomerId: string | null;
}

export interface ChangeRequest {
  current: SubscriptionRow;
  planType: PlanId;
  promo: PromoCodeRow | null;
  now: Date;
}

/**
 * The card provider (Part 2 §1, ruling 11): the local provider (default) or Stripe. Each call
 * answers the events the provider confirmed; the service applies them through one path, so both
 * providers leave the same state in `subscriptions`.
 */
export interface BillingPort {
  readonly name: 'local' | 'stripe';
  /** Starts a hosted checkout; the user goes to `url`. */
  startCheckout(tx: Tx, request: CheckoutRequest, now: Date): Promise<{ id: string; url: string }>;
  /** What a checkout the user came back from confirmed (empty while unpaid). */
  confirmCheckout(
    tx: Tx,
    sessionId: string,
    userId: string,
    now: Date,
  ): Promise<{ paid: boolean; events: BillingEvent[] }>;
  /** An upgrade, applied at once with proration (Part 2 §4). */
  upgrade(tx: Tx, change: ChangeRequest): Promise<BillingEvent[]>;
  /** The amount an upgrade would bill now (cents). */
  previewUpgrade(change: ChangeRequest): Promise<number>;
  /** A downgrade (or drop to free) at the end of the period. */
  scheduleChange(tx: Tx, change: ChangeRequest): Promise<BillingEvent[]>;
  cancelScheduledChange(tx: Tx, current: SubscriptionRow, now: Date): Promise<BillingEvent[]>;
  cancelAtPeriodEnd(tx: Tx, current: SubscriptionRow, now: Date): Promise<BillingEvent[]>;
  resume(tx: Tx, current: SubscriptionRow, now: Date): Promise<BillingEvent[]>;
  /** Where the user manages cards and invoices. */
  portalUrl(current: SubscriptionRow, returnUrl: string): Promise<string>;
  /**
   * Keeps the provider's coupon and promotion code in step with a promo code (Stripe only): made on
   * first sync, then the code's active flag and expiry follow ours. Answers the ids to store on the
   * row (`external_coupon_id`, `external_promotion_id`).
   */
  syncPromo?(promo: PromoCodeRow): Promise<{ couponId: string; promotionId: string }>;
  /** A deleted promo code: its promotion code is deactivated and its coupon deleted (Stripe only). */
  removePromo?(promo: PromoCodeRow): Promise<void>;
}

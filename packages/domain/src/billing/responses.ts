import type { PromoDiscountType, PromoDuration } from './promo.js';
import type { Plan, PlanId, PlanInterval } from './plans.js';
import type { SubscriptionStatus } from './schemas.js';

/** A plan as GET subscription/plans answers it (Part 2 §3 Plan catalogue entry). */
export type PlanResponse = Omit<Plan, 'trial' | 'unlocks' | 'rank'> & {
  rank: number | null;
  /** Human text of the first-time trial ('14-day free trial'), null without one. */
  trial: string | null;
};

export interface InvoiceResponse {
  id: string;
  number: string;
  status: 'paid' | 'open' | 'void' | 'uncollectible';
  reason: 'subscription_create' | 'subscription_cycle' | 'subscription_update';
  planType: PlanId;
  /** Cents. */
  subtotal: number;
  discount: number;
  total: number;
  currency: 'usd';
  periodStart: string | null;
  periodEnd: string | null;
  promoCode: string | null;
  lines: { description: string; amount: number; proration: boolean }[];
  createdAt: string;
}

/**
 * A subscription (Part 2 §3): both spellings where the spec shows both. `plan_type` is the plan held
 * now; a scheduled downgrade waits in `scheduled_change`.
 */
export interface SubscriptionResponse {
  id: string;
  subscriptionId: string;
  userId: string;
  provider: 'local' | 'stripe';
  plan: { id: PlanId; name: string; interval: PlanInterval; amount: number };
  plan_type: PlanId;
  planType: PlanId;
  status: SubscriptionStatus;
  current_period_end: string | null;
  currentPeriodEnd: string | null;
  currentPeriodStart: string | null;
  trialEnd: string | null;
  cancel_at_period_end: boolean;
  cancelAtPeriodEnd: boolean;
  cancelAt: string | null;
  canceledAt: string | null;
  createdAt: string;
  latest_invoice: InvoiceResponse | null;
  scheduled_change: { new_plan: PlanId; effective_date: string } | null;
  promoCode: string | null;
}

export interface CurrentSubscriptionResponse {
  success: true;
  hasSubscription: boolean;
  subscription: SubscriptionResponse | null;
}

export interface ProrationResponse {
  success: true;
  currentPlan: PlanId;
  newPlan: PlanId;
  remainingDays: number;
  willProrate: boolean;
  /** Cents due now. */
  prorationAmount: number;
}

export interface PromoResultResponse {
  success: boolean;
  valid: boolean;
  code: string;
  discount: number;
  discountType: PromoDiscountType;
  /** Cents. */
  newPrice: number;
  description: string;
  message: string;
}

/** A promo code as the admin screens read it (Part 2 §3 Promo code (admin)). */
export interface PromoCodeResponse {
  _id: string;
  id: string;
  code: string;
  discountType: PromoDiscountType;
  /** Percent, or dollars for a fixed discount. */
  discount: number;
  description: string;
  maxUses: number | null;
  currentUses: number;
  oneTimeUse: boolean;
  active: boolean;
  duration: PromoDuration;
  durationInMonths: number | null;
  /** A calendar day (YYYY-MM-DD): valid through that day in the redeemer's time zone. */
  expiresAt: string;
  createdAt: string;
}

/** A row of the admin's Subscriptions list. */
export interface AdminSubscriptionRowResponse extends SubscriptionResponse {
  user: { id: string; email: string; firstName: string; lastName: string; role: string };
}

export interface CheckFeatureResponse {
  success: true;
  feature: string;
  allowed: boolean;
  planType: PlanId;
  message: string | null;
}

import {
  isPaidPlan,
  isPlanId,
  plans,
  type PaidPlanId,
  type PlanId,
  type SubscriptionStatus,
} from '@mindledger/domain';
import type Stripe from 'stripe';
import type { StripeConfig } from '../../../config.js';
import type { InvoiceLine } from '../../../db/schema/index.js';
import { freeState } from '../local/adapter.js';
import type { InvoiceRecord, SubscriptionState } from '../port.js';

/**
 * Stripe objects → our records, in one place (pure: no calls). Field placement follows the API
 * version of the SDK (stripe v23): a subscription's period is on its items, an invoice's
 * subscription under `parent.subscription_details`, a line's price under `pricing.price_details`
 * and its proration flag under `parent.subscription_item_details`; the older placements are read
 * too, so an account pinned to an older version maps the same.
 */

export type PlanPrices = StripeConfig['prices'];

type Ref = string | { id: string } | null | undefined;

export function idOf(ref: Ref): string | null {
  if (ref === null || ref === undefined) return null;
  return typeof ref === 'string' ? ref : ref.id;
}

export function dateOf(unixSeconds: number | null | undefined): Date | null {
  return typeof unixSeconds === 'number' ? new Date(unixSeconds * 1000) : null;
}

export function unixOf(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

/** The paid plan a price id stands for (the configured prices), or null. */
export function planOfPrice(prices: PlanPrices, priceId: string | null | undefined): PaidPlanId | null {
  if (!priceId) return null;
  if (priceId === prices['standard-monthly']) return 'standard-monthly';
  if (priceId === prices['standard-annual']) return 'standard-annual';
  return null;
}

/** Our status for Stripe's; 'ended' for a subscription that no longer exists for the customer. */
export function statusOf(status: Stripe.Subscription.Status): SubscriptionStatus | 'ended' {
  switch (status) {
    case 'trialing':
      return 'trialing';
    case 'active':
      return 'active';
    case 'past_due':
      return 'past_due';
    case 'incomplete':
      return 'incomplete';
    case 'canceled':
    case 'incomplete_expired':
      return 'ended';
    // Retries exhausted (unpaid) or a trial that ended without a card (paused): no access until paid.
    default:
      return 'incomplete';
  }
}

/** Older API versions kept the period on the subscription itself. */
interface LegacySubscriptionFields {
  current_period_start?: number;
  current_period_end?: number;
}

export function firstItem(sub: Stripe.Subscription): Stripe.SubscriptionItem | null {
  return sub.items?.data?.[0] ?? null;
}

/** The current period: the item's (API versions of stripe v23), else the subscription's (older). */
export function periodOf(sub: Stripe.Subscription): { start: Date | null; end: Date | null } {
  const item = firstItem(sub) as (Stripe.SubscriptionItem & LegacySubscriptionFields) | null;
  const legacy = sub as Stripe.Subscription & LegacySubscriptionFields;
  return {
    start: dateOf(item?.current_period_start ?? legacy.current_period_start),
    end: dateOf(item?.current_period_end ?? legacy.current_period_end),
  };
}

export function priceIdOf(sub: Stripe.Subscription): string | null {
  return idOf(firstItem(sub)?.price);
}

/** The paid plan a subscription holds: its price, else the plan we wrote in its metadata. */
export function planOfSubscription(prices: PlanPrices, sub: Stripe.Subscription): PaidPlanId | null {
  const byPrice = planOfPrice(prices, priceIdOf(sub));
  if (byPrice) return byPrice;
  const named = sub.metadata?.planType;
  return isPlanId(named) && isPaidPlan(named) ? named : null;
}

/**
 * The change a subscription schedule holds for the end of the current phase: the next phase's plan
 * (a downgrade), or the free plan when the schedule ends by cancelling. Null when none.
 */
export function scheduledChangeOf(
  prices: PlanPrices,
  schedule: Stripe.SubscriptionSchedule | null,
  heldPlan: PlanId,
): { plan: PlanId; at: Date } | null {
  if (!schedule || (schedule.status !== 'active' && schedule.status !== 'not_started')) return null;
  const phases = [...schedule.phases].sort((a, b) => a.start_date - b.start_date);
  const currentEnd = schedule.current_phase?.end_date ?? phases[0]?.end_date;
  if (currentEnd === undefined) return null;
  const next = phases.find((phase) => phase.start_date >= currentEnd);
  if (next) {
    const plan = planOfPrice(prices, idOf(next.items[0]?.price));
    return plan && plan !== heldPlan ? { plan, at: new Date(next.start_date * 1000) } : null;
  }
  return schedule.end_behavior === 'cancel' ? { plan: 'free-tier', at: new Date(currentEnd * 1000) } : null;
}

export interface StateContext {
  prices: PlanPrices;
  /** The subscription's schedule, when it has one (expanded or retrieved). */
  schedule: Stripe.SubscriptionSchedule | null;
  /** Our promo code the subscription was discounted with (checked to exist), or null. */
  promoCodeId: string | null;
  /** When (a missing state time falls back to this). */
  at: Date;
}

/**
 * The one mapping of a Stripe subscription to our state. A subscription that ended (canceled,
 * incomplete_expired) leaves the free plan, as the local provider's end of a period does; the
 * customer and subscription ids stay for the customer's next checkout. Null when the subscription
 * is for a price that is none of our plans.
 */
export function subscriptionState(sub: Stripe.Subscription, context: StateContext): SubscriptionState | null {
  const external = { externalCustomerId: idOf(sub.customer), externalSubscriptionId: sub.id };
  const trialUsed = sub.trial_start ? { trialUsedAt: new Date(sub.trial_start * 1000) } : {};
  const status = statusOf(sub.status);
  if (status === 'ended') {
    const endedAt = dateOf(sub.ended_at) ?? dateOf(sub.canceled_at) ?? context.at;
    return { ...freeState(endedAt, dateOf(sub.canceled_at) ?? endedAt), ...external, ...trialUsed };
  }
  const planType = planOfSubscription(context.prices, sub);
  if (!planType) return null;
  const period = periodOf(sub);
  const scheduled = scheduledChangeOf(context.prices, context.schedule, planType);
  const unitAmount = firstItem(sub)?.price?.unit_amount;
  const promoRedeemedAt = context.promoCodeId
    ? (dateOf(Number(sub.metadata?.promoRedeemedAt) || null) ?? dateOf(sub.start_date))
    : null;
  return {
    planType,
    status,
    amount: typeof unitAmount === 'number' ? unitAmount : plans[planType].price,
    currentPeriodStart: period.start,
    currentPeriodEnd: period.end,
    trialEnd: dateOf(sub.trial_end),
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    cancelAt: dateOf(sub.cancel_at),
    canceledAt: dateOf(sub.canceled_at),
    scheduledPlan: scheduled?.plan ?? null,
    scheduledAt: scheduled?.at ?? null,
    cardFailsRenewal: false,
    promoCodeId: context.promoCodeId,
    promoRedeemedAt,
    ...external,
    ...trialUsed,
  };
}

/** The invoice's subscription id (`parent.subscription_details`, or the older `subscription`). */
export function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  const parent = idOf(invoice.parent?.subscription_details?.subscription);
  if (parent) return parent;
  return idOf((invoice as Stripe.Invoice & { subscription?: Ref }).subscription);
}

interface LegacyLineFields {
  proration?: boolean;
  price?: Ref;
}

function lineProration(line: Stripe.InvoiceLineItem): boolean {
  const details = line.parent?.subscription_item_details;
  if (details) return details.proration;
  return (line as Stripe.InvoiceLineItem & LegacyLineFields).proration ?? false;
}

function linePrice(line: Stripe.InvoiceLineItem): string | null {
  const price = idOf(line.pricing?.price_details?.price);
  return price ?? idOf((line as Stripe.InvoiceLineItem & LegacyLineFields).price);
}

function invoiceReason(reason: Stripe.Invoice.BillingReason | null): InvoiceRecord['reason'] {
  if (reason === 'subscription_create') return 'subscription_create';
  if (reason === 'subscription_cycle' || reason === 'subscription' || reason === 'subscription_threshold')
    return 'subscription_cycle';
  return 'subscription_update';
}

function invoiceStatus(status: Stripe.Invoice.Status | null): InvoiceRecord['status'] {
  if (status === 'paid') return 'paid';
  if (status === 'void') return 'void';
  return status === 'uncollectible' ? 'uncollectible' : 'open';
}

/**
 * A Stripe invoice as our record: its id is `externalId` (the unique index keeps one row however
 * many events carry it), its plan is its plan line's price, its period that line's.
 */
export function invoiceRecord(
  invoice: Stripe.Invoice,
  context: { prices: PlanPrices; fallbackPlan: PlanId; promoCode: string | null },
): InvoiceRecord {
  const lines = invoice.lines?.data ?? [];
  const planLine =
    lines.find((line) => !lineProration(line) && planOfPrice(context.prices, linePrice(line))) ??
    lines.find((line) => planOfPrice(context.prices, linePrice(line))) ??
    null;
  const planType = (planLine && planOfPrice(context.prices, linePrice(planLine))) ?? context.fallbackPlan;
  const discount = (invoice.total_discount_amounts ?? []).reduce((sum, d) => sum + d.amount, 0);
  const records: InvoiceLine[] = lines.map((line) => ({
    description: line.description ?? plans[planType].name,
    amount: line.amount,
    proration: lineProration(line),
  }));
  return {
    number: invoice.number ?? invoice.id,
    status: invoiceStatus(invoice.status),
    reason: invoiceReason(invoice.billing_reason),
    planType,
    subtotal: invoice.subtotal,
    discount,
    total: invoice.total,
    periodStart: dateOf(planLine?.period?.start ?? invoice.period_start),
    periodEnd: dateOf(planLine?.period?.end ?? invoice.period_end),
    promoCode: discount > 0 ? context.promoCode : null,
    lines: records,
    externalId: invoice.id,
  };
}

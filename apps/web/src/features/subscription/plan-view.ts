import {
  choosablePlanIds,
  formatBillingDate,
  formatCents,
  isPaidPlan,
  planButton,
  plans,
  type ChoosablePlanId,
  type CurrentSubscriptionResponse,
  type PlanButton,
  type PlanId,
  type PlanInterval,
  type PromoResultResponse,
  type SubscriptionResponse,
} from '@mindledger/domain';

/** The plan whose features the client holds now, or null without a subscription. */
export function heldPlan(current: CurrentSubscriptionResponse | undefined): PlanId | null {
  if (!current?.hasSubscription || !current.subscription) return null;
  return current.subscription.planType;
}

export function isChoosable(id: PlanId): id is ChoosablePlanId {
  return (choosablePlanIds as readonly string[]).includes(id);
}

/**
 * What a plan card's button does (Part 2 §4 Plan ranking and buttons, lifecycle):
 * - none: the plan held ('Current Plan', disabled);
 * - free: the free plan is activated at once;
 * - checkout: a first paid plan: the plan modal, then the hosted checkout;
 * - upgrade: a higher paid plan over a paid one: the proration preview, applied at once;
 * - downgrade: a lower plan, scheduled for the end of the billing period.
 */
export type PlanAction = 'none' | 'free' | 'checkout' | 'upgrade' | 'downgrade';

export function planAction(card: ChoosablePlanId, held: PlanId | null): PlanAction {
  const label: PlanButton = planButton(card, held);
  if (label === 'Current Plan') return 'none';
  if (label === 'Downgrade Plan' || label === 'Downgrade to Free') return 'downgrade';
  if (card === 'free-tier') return 'free';
  if (label === 'Upgrade Plan' && held !== null && isPaidPlan(held)) return 'upgrade';
  return 'checkout';
}

/** '/month', '/year', or nothing for a plan without a billing interval. */
export function intervalSuffix(interval: PlanInterval): string {
  if (interval === 'month') return '/month';
  if (interval === 'year') return '/year';
  return '';
}

/** A plan's price as a card shows it: 'Free', or '$12.99' and '/month'. */
export function priceParts(price: number, interval: PlanInterval): { amount: string; suffix: string } {
  if (price <= 0) return { amount: 'Free', suffix: '' };
  return { amount: formatCents(price), suffix: intervalSuffix(interval) };
}

/** '$12.99/month', or 'Free'. */
export function priceLabel(price: number, interval: PlanInterval): string {
  const { amount, suffix } = priceParts(price, interval);
  return `${amount}${suffix}`;
}

/** The first-time trial of a plan in words: 'Free for 14 days, then $12.99/month' (null: no trial). */
export function trialSummary(planId: PlanId, price: number, interval: PlanInterval): string | null {
  const trial = plans[planId]?.trial;
  if (!trial) return null;
  const span =
    'days' in trial
      ? `${trial.days} ${trial.days === 1 ? 'day' : 'days'}`
      : `${trial.months} ${trial.months === 1 ? 'month' : 'months'}`;
  return `Free for ${span}, then ${priceLabel(price, interval)}`;
}

/** A promo's discount in words: '20% off' or '$5.00 off'. */
export function promoDiscountText(promo: Pick<PromoResultResponse, 'discount' | 'discountType'>): string {
  return promo.discountType === 'percentage'
    ? `${promo.discount}% off`
    : `${formatCents(Math.round(promo.discount * 100))} off`;
}

export type StatusTone = 'green' | 'blue' | 'orange' | 'red' | 'gray';

export interface SubscriptionStatusView {
  /** The status badge: 'Trial', 'Active', 'Canceling', 'Past due', 'Canceled', 'Incomplete'. */
  label: string;
  tone: StatusTone;
  /** One line on what happens next, with its date. */
  detail: string | null;
}

/** The banner's reading of a subscription (Part 2 §4 lifecycle: trial, renewal, 'Canceling'). */
export function statusView(sub: SubscriptionResponse): SubscriptionStatusView {
  const paid = isPaidPlan(sub.planType);
  const price = priceLabel(sub.plan.amount, sub.plan.interval);
  if (sub.cancelAtPeriodEnd) {
    const end = formatBillingDate(sub.cancelAt ?? sub.currentPeriodEnd);
    return {
      label: 'Canceling',
      tone: 'orange',
      detail: `Your subscription ends on ${end}. You keep ${sub.plan.name} until then, then move to the Free plan.`,
    };
  }
  const next = sub.scheduled_change ? plans[sub.scheduled_change.new_plan] : null;
  const then = next ? (next.price > 0 ? priceLabel(next.price, next.interval) : 'the Free plan') : price;
  switch (sub.status) {
    case 'trialing':
      return {
        label: 'Trial',
        tone: 'blue',
        detail: `Free trial ends on ${formatBillingDate(sub.trialEnd ?? sub.currentPeriodEnd)}. Then ${then}.`,
      };
    case 'active':
      return {
        label: 'Active',
        tone: 'green',
        detail:
          paid && sub.currentPeriodEnd
            ? next
              ? `${sub.plan.name} runs until ${formatBillingDate(sub.currentPeriodEnd)}. Then ${then}.`
              : `Renews on ${formatBillingDate(sub.currentPeriodEnd)} at ${price}.`
            : null,
      };
    case 'past_due':
      return {
        label: 'Past due',
        tone: 'red',
        detail: 'We could not charge your card for the last renewal. Please update your payment method.',
      };
    case 'canceled':
      return { label: 'Canceled', tone: 'gray', detail: null };
    default:
      return { label: 'Incomplete', tone: 'gray', detail: null };
  }
}

/** The scheduled change as its badge reads: 'Changes to Standard Monthly on Mar 5, 2026'. */
export function scheduledChangeText(sub: SubscriptionResponse): string | null {
  const change = sub.scheduled_change;
  if (!change) return null;
  const name = plans[change.new_plan]?.name ?? change.new_plan;
  return `Changes to ${name} on ${formatBillingDate(change.effective_date)}`;
}

/** A path inside this app (never another site): answers null for anything else. */
export function appPath(target: string | null | undefined): string | null {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return null;
  return target;
}

/** Whether a hosted-checkout url leaves the app (Stripe) rather than opening our own page. */
export function isExternalUrl(target: string): boolean {
  return /^https:\/\//i.test(target);
}

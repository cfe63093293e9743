import {
  plans,
  type AdminSubscriptionRowResponse,
  type InvoiceResponse,
  type Plan,
  type PlanResponse,
  type SubscriptionResponse,
} from '@mindledger/domain';
import type { InvoiceRow, SubscriptionRow } from './repo.js';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

function trialText(plan: Plan): string | null {
  if (!plan.trial) return null;
  return 'days' in plan.trial ? `${plan.trial.days}-day free trial` : `${plan.trial.months} months free`;
}

export function presentPlan(plan: Plan): PlanResponse {
  const { trial: _trial, unlocks: _unlocks, ...rest } = plan;
  return { ...rest, trial: trialText(plan) } satisfies PlanResponse;
}

export function presentInvoice(row: InvoiceRow): InvoiceResponse {
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    reason: row.reason,
    planType: row.planType,
    subtotal: row.subtotal,
    discount: row.discount,
    total: row.total,
    currency: row.currency,
    periodStart: iso(row.periodStart),
    periodEnd: iso(row.periodEnd),
    promoCode: row.promoCode,
    lines: row.lines,
    createdAt: row.createdAt.toISOString(),
  } satisfies InvoiceResponse;
}

export function presentSubscription(
  row: SubscriptionRow,
  latestInvoice: InvoiceRow | null,
  promoCode: string | null,
): SubscriptionResponse {
  const plan = plans[row.planType];
  const periodEnd = iso(row.currentPeriodEnd);
  return {
    id: row.id,
    subscriptionId: row.id,
    userId: row.userId,
    provider: row.provider,
    plan: { id: plan.id, name: plan.name, interval: plan.interval, amount: row.amount },
    plan_type: row.planType,
    planType: row.planType,
    status: row.status,
    current_period_end: periodEnd,
    currentPeriodEnd: periodEnd,
    currentPeriodStart: iso(row.currentPeriodStart),
    trialEnd: iso(row.trialEnd),
    cancel_at_period_end: row.cancelAtPeriodEnd,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    cancelAt: iso(row.cancelAt),
    canceledAt: iso(row.canceledAt),
    createdAt: row.createdAt.toISOString(),
    latest_invoice: latestInvoice ? presentInvoice(latestInvoice) : null,
    scheduled_change:
      row.scheduledPlan && row.scheduledAt
        ? { new_plan: row.scheduledPlan, effective_date: row.scheduledAt.toISOString() }
        : null,
    promoCode,
  } satisfies SubscriptionResponse;
}

export function presentAdminRow(
  row: SubscriptionRow,
  user: AdminSubscriptionRowResponse['user'],
): AdminSubscriptionRowResponse {
  return { ...presentSubscription(row, null, null), user } satisfies AdminSubscriptionRowResponse;
}

import {
  choosablePlanIds,
  plans,
  type PlanId,
  type PlanResponse,
  type SubscriptionResponse,
} from '@mindledger/domain';

/** A plan as GET subscription/plans answers it. */
export function planResponse(id: PlanId): PlanResponse {
  const { trial, unlocks: _unlocks, ...rest } = plans[id];
  const text = !trial
    ? null
    : 'days' in trial
      ? `${trial.days}-day free trial`
      : `${trial.months} months free`;
  return { ...rest, trial: text };
}

export const planList: PlanResponse[] = choosablePlanIds.map(planResponse);

export function makeSubscription(overrides: Partial<SubscriptionResponse> = {}): SubscriptionResponse {
  const planType = overrides.planType ?? 'standard-monthly';
  const plan = plans[planType];
  const end = overrides.currentPeriodEnd ?? '2026-03-15T12:00:00.000Z';
  return {
    id: 'sub-1',
    subscriptionId: 'sub-1',
    userId: '00000000-0000-4000-8000-000000000001',
    provider: 'local',
    plan: { id: plan.id, name: plan.name, interval: plan.interval, amount: plan.price },
    plan_type: planType,
    planType,
    status: 'active',
    current_period_end: end,
    currentPeriodEnd: end,
    currentPeriodStart: '2026-02-15T12:00:00.000Z',
    trialEnd: null,
    cancel_at_period_end: false,
    cancelAtPeriodEnd: false,
    cancelAt: null,
    canceledAt: null,
    createdAt: '2026-02-01T12:00:00.000Z',
    latest_invoice: null,
    scheduled_change: null,
    promoCode: null,
    ...overrides,
  };
}

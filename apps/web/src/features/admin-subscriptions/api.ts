import {
  adminSubscriptionsQuery,
  formatBillingDate,
  formatCents,
  plans,
  type AdminSubscriptionRowResponse,
  type PlanInterval,
  type SubscriptionResponse,
  type SubscriptionStatus,
} from '@mindledger/domain';
import type { z } from 'zod';
import { api, ApiError } from '../../api/client';

/** The subscriptions query, as the shared schema outputs it. */
export type SubscriptionListParams = z.output<typeof adminSubscriptionsQuery>;

export interface SubscriptionsPage {
  success: boolean;
  subscriptions: AdminSubscriptionRowResponse[];
  total: number;
  page: number;
  limit: number;
  pages: number;
  hasNext: boolean;
}

export interface SubscriptionStatusAnswer {
  success: boolean;
  message?: string;
  subscription: SubscriptionResponse;
}

/** Rows per page; 0 is All. */
export const pageSizes = [10, 25, 50, 0] as const;

/** 'All' asks for the most rows the server gives on one page (its limit is 1 to 1000). */
export const allRowsLimit = 1000;

export const subscriptionKeys = {
  all: ['admin', 'subscriptions'] as const,
  list: (query: SubscriptionListParams) => ['admin', 'subscriptions', 'list', query] as const,
};

export const subscriptionsApi = {
  list: (params: SubscriptionListParams, signal?: AbortSignal) => {
    const query = adminSubscriptionsQuery.parse(params);
    return api.get<SubscriptionsPage>('subscriptions', { signal, query });
  },
  setStatus: (id: string, status: SubscriptionStatus) =>
    api.patch<SubscriptionStatusAnswer>(`subscriptions/${encodeURIComponent(id)}/status`, { status }),
};

export const failedMessage = 'Something went wrong';

/** The toast of a failed status change: the server's message when it sent one, else 'Something went wrong'. */
export function statusFailureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status > 0) {
    const message = error.body.message;
    if (typeof message === 'string' && message.trim()) return message;
  }
  return failedMessage;
}

export const statusLabels: Record<SubscriptionStatus, string> = {
  trialing: 'Trialing',
  active: 'Active',
  past_due: 'Past due',
  canceled: 'Canceled',
  incomplete: 'Incomplete',
};

const statusColors: Record<SubscriptionStatus, string> = {
  trialing: 'blue',
  active: 'green',
  past_due: 'red',
  canceled: 'gray',
  incomplete: 'yellow',
};

/** The status badge: the status, or 'Canceling' while a live subscription ends at its period's end. */
export function statusBadge(sub: SubscriptionResponse): { label: string; color: string } {
  if (sub.cancel_at_period_end && sub.status !== 'canceled') return { label: 'Canceling', color: 'orange' };
  return { label: statusLabels[sub.status] ?? sub.status, color: statusColors[sub.status] ?? 'gray' };
}

function intervalSuffix(interval: PlanInterval): string {
  if (interval === 'month') return ' / month';
  if (interval === 'year') return ' / year';
  return '';
}

/** '$12.99 / month', '$119.99 / year'; a plan without an interval shows the amount alone. */
export function amountLabel(sub: SubscriptionResponse): string {
  return `${formatCents(sub.plan.amount)}${intervalSuffix(sub.plan.interval)}`;
}

/** The date the current period (or, in a trial, the trial) ends, and which of the two it is. */
export function periodEnd(sub: SubscriptionResponse): { date: string; trial: boolean } {
  if (sub.status === 'trialing' && sub.trialEnd)
    return { date: formatBillingDate(sub.trialEnd), trial: true };
  return { date: formatBillingDate(sub.current_period_end), trial: false };
}

export function planName(id: string): string {
  return plans[id as keyof typeof plans]?.name ?? id;
}

/** The scheduled change as its badge reads: 'Changes to Free on Mar 5, 2026'; null without one. */
export function scheduledChangeText(sub: SubscriptionResponse): string | null {
  const change = sub.scheduled_change;
  if (!change) return null;
  return `Changes to ${planName(change.new_plan)} on ${formatBillingDate(change.effective_date)}`;
}

/** The question asked before a status change. */
export function confirmQuestion(status: SubscriptionStatus): string {
  return `Change this subscription's status to ${statusLabels[status]}?`;
}

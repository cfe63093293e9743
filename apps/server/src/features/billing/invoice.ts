import { randomBytes } from 'node:crypto';
import { discountedCents, plans, promoAppliesTo, type PlanId } from '@mindledger/domain';
import type { InvoiceLine } from '../../db/schema/index.js';
import type { InvoiceRecord } from './port.js';
import type { PromoCodeRow, SubscriptionRow } from './repo.js';

/**
 * A unique invoice number (ML-YYYYMMDD-16 hex digits). 64 random bits: 100,000 invoices on one day
 * collide with a chance of about 3 in 10^10 (32 bits lost about one in 30,000 in the renewal bench,
 * as an invoice dropped by the insert's conflict clause).
 */
export function invoiceNumber(now: Date): string {
  return `ML-${now.toISOString().slice(0, 10).replace(/-/g, '')}-${randomBytes(8).toString('hex').toUpperCase()}`;
}

export interface PromoTerms {
  code: string;
  discountType: PromoCodeRow['discountType'];
  /** Percent, or cents for a fixed code. */
  discountValue: number;
  duration: PromoCodeRow['duration'];
  durationInMonths: number | null;
  redeemedAt: Date;
  paidInvoicesSince: number;
}

export function promoTerms(promo: PromoCodeRow, redeemedAt: Date, paidInvoicesSince: number): PromoTerms {
  return {
    code: promo.code,
    discountType: promo.discountType,
    discountValue: promo.discountValue,
    duration: promo.duration,
    durationInMonths: promo.durationInMonths,
    redeemedAt,
    paidInvoicesSince,
  };
}

/** The promo's discount on `amount` cents (fixed codes hold cents, `discountedCents` takes dollars). */
export function promoDiscount(amount: number, promo: PromoTerms): number {
  const value = promo.discountType === 'fixed' ? promo.discountValue / 100 : promo.discountValue;
  return amount - discountedCents(amount, promo.discountType, value);
}

/** An invoice for a plan's period, with the promo applied where its duration still covers it. */
export function planInvoice(input: {
  planType: PlanId;
  reason: InvoiceRecord['reason'];
  periodStart: Date;
  periodEnd: Date | null;
  promo: PromoTerms | null;
  now: Date;
  /** Lines before the plan's own (a proration credit). */
  credit?: InvoiceLine;
  paid: boolean;
  externalId?: string | null;
}): InvoiceRecord {
  const plan = plans[input.planType];
  const lines: InvoiceLine[] = [];
  if (input.credit) lines.push(input.credit);
  lines.push({
    description: `${plan.name} (${plan.interval === 'year' ? 'yearly' : 'monthly'})`,
    amount: plan.price,
    proration: false,
  });
  const subtotal = Math.max(
    0,
    lines.reduce((sum, line) => sum + line.amount, 0),
  );
  const applies = input.promo !== null && promoAppliesTo(input.promo, input.periodStart);
  const discount = applies && input.promo ? promoDiscount(subtotal, input.promo) : 0;
  return {
    number: invoiceNumber(input.now),
    status: input.paid ? 'paid' : 'open',
    reason: input.reason,
    planType: input.planType,
    subtotal,
    discount,
    total: subtotal - discount,
    periodStart: input.periodStart,
    periodEnd: input.periodEnd,
    promoCode: applies && input.promo ? input.promo.code : null,
    lines,
    externalId: input.externalId ?? null,
  };
}

/** A trial's opening invoice: nothing due. */
export function trialInvoice(planType: PlanId, start: Date, end: Date, now: Date): InvoiceRecord {
  const plan = plans[planType];
  return {
    number: invoiceNumber(now),
    status: 'paid',
    reason: 'subscription_create',
    planType,
    subtotal: 0,
    discount: 0,
    total: 0,
    periodStart: start,
    periodEnd: end,
    promoCode: null,
    lines: [{ description: `Free trial of ${plan.name}`, amount: 0, proration: false }],
    externalId: null,
  };
}

/** The state fields a row carries over unchanged. */
export function stateOf(row: SubscriptionRow) {
  return {
    planType: row.planType,
    status: row.status,
    amount: row.amount,
    currentPeriodStart: row.currentPeriodStart,
    currentPeriodEnd: row.currentPeriodEnd,
    trialEnd: row.trialEnd,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    cancelAt: row.cancelAt,
    canceledAt: row.canceledAt,
    scheduledPlan: row.scheduledPlan,
    scheduledAt: row.scheduledAt,
  };
}

import { randomBytes, randomUUID } from 'node:crypto';
import {
  billingMessages,
  isPaidPlan,
  localTestCards,
  periodEnd,
  plans,
  prorationAmount,
  trialEnd,
  type PlanId,
} from '@mindledger/domain';
import type { Tx } from '../../../db/client.js';
import { AppError, badRequest, conflict, notFound } from '../../../platform/errors.js';
import { planInvoice, promoTerms, stateOf, trialInvoice, type PromoTerms } from '../invoice.js';
import type {
  BillingEvent,
  BillingPort,
  ChangeRequest,
  CheckoutRequest,
  SubscriptionState,
} from '../port.js';
import {
  completeCheckout,
  findCheckout,
  findPromoById,
  insertCheckout,
  lockCheckout,
  PAST_DUE_GRACE_DAYS,
  type CheckoutSessionRow,
  type SubscriptionRow,
} from '../repo.js';

const CHECKOUT_TTL_MS = 24 * 3600_000;
const DAY_MS = 86_400_000;

function eventId(): string {
  return `evt_local_${randomUUID()}`;
}

export interface CardInput {
  cardNumber: string;
  expiry: string;
  cvc: string;
  name: string;
}

/** The test cards the local checkout takes (decision 078); anything else is refused clearly. */
export function checkCard(card: CardInput, now: Date): { last4: string; failsRenewal: boolean } {
  const digits = card.cardNumber.replace(/[\s-]/g, '');
  const expiry = /^(\d{2})\s*\/\s*(\d{2}|\d{4})$/.exec(card.expiry);
  if (!expiry)
    throw badRequest('Expiry date must be MM/YY.', {
      errors: [{ path: 'expiry', message: 'Expiry date must be MM/YY.' }],
    });
  const month = Number(expiry[1]);
  const year = Number(expiry[2]!.length === 2 ? `20${expiry[2]}` : expiry[2]);
  if (month < 1 || month > 12 || new Date(Date.UTC(year, month, 1)) <= now)
    throw badRequest('Your card has expired.', {
      errors: [{ path: 'expiry', message: 'Your card has expired.' }],
    });
  if (!/^\d{3,4}$/.test(card.cvc))
    throw badRequest('CVC must be 3 or 4 digits.', {
      errors: [{ path: 'cvc', message: 'CVC must be 3 or 4 digits.' }],
    });
  if (digits === localTestCards.declined) throw new AppError('CARD_DECLINED', billingMessages.cardDeclined);
  if (digits !== localTestCards.success && digits !== localTestCards.failsLater)
    throw badRequest(billingMessages.notTestCard, {
      errors: [{ path: 'cardNumber', message: billingMessages.notTestCard }],
    });
  return { last4: digits.slice(-4), failsRenewal: digits === localTestCards.failsLater };
}

/**
 * The built-in card provider (ruling 11): hosted checkout of our own (`/checkout/{id}` in the web
 * app), trials, invoices with line items, proration, downgrades at period end, cancel and resume,
 * and renewals on the clock (`renew`, called by the renewal tick). Its records are our tables.
 */
export class LocalBilling implements BillingPort {
  readonly name = 'local' as const;

  async startCheckout(tx: Tx, request: CheckoutRequest, now: Date) {
    const id = `cs_local_${randomBytes(18).toString('base64url')}`;
    await insertCheckout(tx, {
      id,
      userId: request.userId,
      provider: 'local',
      planType: request.planType,
      promoCodeId: request.promo?.id ?? null,
      withTrial: request.withTrial,
      isSignup: request.isSignup,
      kind: request.kind,
      successUrl: request.successUrl.replace('{CHECKOUT_SESSION_ID}', id),
      cancelUrl: request.cancelUrl,
      expiresAt: new Date(now.getTime() + CHECKOUT_TTL_MS),
      createdAt: now,
    });
    return { id, url: `/checkout/${encodeURIComponent(id)}` };
  }

  /** The hosted page's session (its owner only). */
  async session(tx: Tx, id: string, userId: string): Promise<CheckoutSessionRow> {
    const session = await findCheckout(tx, id);
    if (!session || session.userId !== userId) throw notFound('Checkout not found');
    return session;
  }

  /**
   * Pays an open checkout with a test card: the subscription starts (in trial or paid at once) and
   * its first invoice is written. A paid session answers its redirect again.
   */
  async pay(
    tx: Tx,
    id: string,
    userId: string,
    card: CardInput,
    now: Date,
    current: SubscriptionRow | undefined,
  ) {
    const session = await lockCheckout(tx, id);
    if (!session || session.userId !== userId) throw notFound('Checkout not found');
    if (session.status === 'complete') return { session, events: [] as BillingEvent[] };
    if (session.expiresAt <= now) throw badRequest(billingMessages.checkoutExpired);
    if (
      current &&
      ['trialing', 'active', 'past_due'].includes(current.status) &&
      isPaidPlan(current.planType)
    )
      throw conflict(billingMessages.alreadySubscribed);
    const { last4, failsRenewal } = checkCard(card, now);
    const plan = plans[session.planType];
    const promoRow = session.promoCodeId ? await findPromoById(tx, session.promoCodeId) : undefined;
    const promo = promoRow ? promoTerms(promoRow, now, 0) : null;
    const trialEndsAt = session.withTrial ? trialEnd(plan, now) : null;
    const end = trialEndsAt ?? periodEnd(now, plan.interval);
    const state: SubscriptionState = {
      planType: plan.id,
      status: trialEndsAt ? 'trialing' : 'active',
      amount: plan.price,
      currentPeriodStart: now,
      currentPeriodEnd: end,
      trialEnd: trialEndsAt,
      cancelAtPeriodEnd: false,
      cancelAt: null,
      canceledAt: null,
      scheduledPlan: null,
      scheduledAt: null,
      cardLast4: last4,
      cardFailsRenewal: failsRenewal,
      promoCodeId: promoRow?.id ?? null,
      promoRedeemedAt: promoRow ? now : null,
      ...(trialEndsAt ? { trialUsedAt: now } : {}),
    };
    const invoice = trialEndsAt
      ? trialInvoice(plan.id, now, trialEndsAt, now)
      : planInvoice({
          planType: plan.id,
          reason: 'subscription_create',
          periodStart: now,
          periodEnd: end,
          promo,
          now,
          paid: true,
        });
    await completeCheckout(tx, id, now);
    const event: BillingEvent = {
      id: eventId(),
      type: 'checkout.session.completed',
      occurredAt: now,
      userId,
      state:
        current?.promoCodeId && !promoRow
          ? { ...state, promoCodeId: current.promoCodeId, promoRedeemedAt: current.promoRedeemedAt }
          : state,
      invoice,
      ...(promoRow ? { redeemPromoId: promoRow.id } : {}),
    };
    return { session: { ...session, status: 'complete' as const }, events: [event] };
  }

  async confirmCheckout(tx: Tx, sessionId: string, userId: string) {
    const session = await findCheckout(tx, sessionId);
    if (!session || session.userId !== userId) throw notFound('Checkout not found');
    return { paid: session.status === 'complete', events: [] };
  }

  private async promoOf(tx: Tx, change: ChangeRequest): Promise<PromoTerms | null> {
    if (change.promo) return promoTerms(change.promo, change.now, 0);
    const current = change.current;
    if (!current.promoCodeId || !current.promoRedeemedAt) return null;
    const row = await findPromoById(tx, current.promoCodeId);
    return row ? promoTerms(row, current.promoRedeemedAt, current.promoPaidInvoices) : null;
  }

  async previewUpgrade(change: ChangeRequest): Promise<number> {
    const { current } = change;
    if (current.status === 'trialing' || !current.currentPeriodStart || !current.currentPeriodEnd) return 0;
    return prorationAmount({
      paidCents: current.amount,
      periodStart: current.currentPeriodStart,
      periodEnd: current.currentPeriodEnd,
      newPriceCents: plans[change.planType].price,
      now: change.now,
    });
  }

  async upgrade(tx: Tx, change: ChangeRequest): Promise<BillingEvent[]> {
    const { current, now } = change;
    const plan = plans[change.planType];
    const promo = await this.promoOf(tx, change);
    const base = {
      ...stateOf(current),
      planType: plan.id,
      amount: plan.price,
      scheduledPlan: null,
      scheduledAt: null,
      cancelAtPeriodEnd: false,
      cancelAt: null,
    };
    const promoFields = change.promo ? { promoCodeId: change.promo.id, promoRedeemedAt: now } : {};
    if (current.status === 'trialing') {
      // A plan change in the trial keeps the trial; the first charge is the new plan's, at its end.
      return [
        {
          id: eventId(),
          type: 'customer.subscription.updated',
          occurredAt: now,
          userId: current.userId,
          state: { ...base, ...promoFields },
          ...(change.promo ? { redeemPromoId: change.promo.id } : {}),
        },
      ];
    }
    const credit = plan.price - (await this.previewUpgrade(change));
    const end = periodEnd(now, plan.interval);
    const invoice = planInvoice({
      planType: plan.id,
      reason: 'subscription_update',
      periodStart: now,
      periodEnd: end,
      promo,
      now,
      paid: true,
      ...(credit > 0
        ? {
            credit: {
              description: `Unused time on ${plans[current.planType].name}`,
              amount: -credit,
              proration: true,
            },
          }
        : {}),
    });
    if (invoice.lines.length > 1) invoice.lines[1]!.proration = true;
    return [
      {
        id: eventId(),
        type: 'customer.subscription.updated',
        occurredAt: now,
        userId: current.userId,
        state: { ...base, status: 'active', currentPeriodStart: now, currentPeriodEnd: end, ...promoFields },
        invoice,
        ...(change.promo ? { redeemPromoId: change.promo.id } : {}),
      },
    ];
  }

  async scheduleChange(_tx: Tx, change: ChangeRequest): Promise<BillingEvent[]> {
    const { current, now } = change;
    return [
      {
        id: eventId(),
        type: 'subscription_schedule.updated',
        occurredAt: now,
        userId: current.userId,
        state: {
          ...stateOf(current),
          scheduledPlan: change.planType,
          scheduledAt: current.currentPeriodEnd,
          cancelAtPeriodEnd: false,
          cancelAt: null,
        },
      },
    ];
  }

  async cancelScheduledChange(_tx: Tx, current: SubscriptionRow, now: Date): Promise<BillingEvent[]> {
    return [
      {
        id: eventId(),
        type: 'subscription_schedule.canceled',
        occurredAt: now,
        userId: current.userId,
        state: { ...stateOf(current), scheduledPlan: null, scheduledAt: null },
      },
    ];
  }

  async cancelAtPeriodEnd(_tx: Tx, current: SubscriptionRow, now: Date): Promise<BillingEvent[]> {
    return [
      {
        id: eventId(),
        type: 'customer.subscription.updated',
        occurredAt: now,
        userId: current.userId,
        state: {
          ...stateOf(current),
          cancelAtPeriodEnd: true,
          cancelAt: current.currentPeriodEnd,
          canceledAt: now,
          scheduledPlan: null,
          scheduledAt: null,
        },
      },
    ];
  }

  async resume(_tx: Tx, current: SubscriptionRow, now: Date): Promise<BillingEvent[]> {
    return [
      {
        id: eventId(),
        type: 'customer.subscription.updated',
        occurredAt: now,
        userId: current.userId,
        state: { ...stateOf(current), cancelAtPeriodEnd: false, cancelAt: null, canceledAt: null },
      },
    ];
  }

  async portalUrl(current: SubscriptionRow, returnUrl: string): Promise<string> {
    // The local provider's portal is the plan page's billing section (invoices, cancel, resume).
    return `${returnUrl}${returnUrl.includes('?') ? '&' : '?'}portal=1&id=${encodeURIComponent(current.userId)}`;
  }

  /**
   * The period end of a claimed subscription (the renewal tick): drop to free when cancelled or
   * downgraded to free, start the scheduled plan, end the trial with the first charge, or renew.
   * The event id is the period's, so a retry of the same period is the same event.
   */
  async renew(tx: Tx, current: SubscriptionRow, now: Date): Promise<BillingEvent[]> {
    const ends = current.currentPeriodEnd ?? now;
    const id = `evt_local_period_${current.id}_${ends.getTime()}`;
    const base = { id, occurredAt: ends, userId: current.userId };
    if (current.status === 'past_due') {
      if (ends.getTime() + PAST_DUE_GRACE_DAYS * DAY_MS > now.getTime()) return [];
      return [
        {
          ...base,
          id: `${id}_unpaid`,
          type: 'customer.subscription.deleted',
          state: freeState(now, current.canceledAt ?? now),
        },
      ];
    }
    if (current.cancelAtPeriodEnd || current.scheduledPlan === 'free-tier') {
      return [
        {
          ...base,
          type: 'customer.subscription.deleted',
          state: freeState(ends, current.canceledAt ?? ends),
        },
      ];
    }
    const planType: PlanId = current.scheduledPlan ?? current.planType;
    const plan = plans[planType];
    const end = periodEnd(ends, plan.interval);
    const promoRow = current.promoCodeId ? await findPromoById(tx, current.promoCodeId) : undefined;
    const promo =
      promoRow && current.promoRedeemedAt
        ? promoTerms(promoRow, current.promoRedeemedAt, current.promoPaidInvoices)
        : null;
    const paid = !current.cardFailsRenewal;
    const invoice = planInvoice({
      planType,
      reason: 'subscription_cycle',
      periodStart: ends,
      periodEnd: end,
      promo,
      now: ends,
      paid,
    });
    const state: SubscriptionState = paid
      ? {
          ...stateOf(current),
          planType,
          amount: plan.price,
          status: 'active',
          currentPeriodStart: ends,
          currentPeriodEnd: end,
          scheduledPlan: null,
          scheduledAt: null,
        }
      : { ...stateOf(current), status: 'past_due' };
    return [{ ...base, type: paid ? 'invoice.paid' : 'invoice.payment_failed', state, invoice }];
  }
}

/** The row after a drop to free: the free plan held, the paid one ended. */
export function freeState(at: Date, canceledAt: Date | null): SubscriptionState {
  return {
    planType: 'free-tier',
    status: 'active',
    amount: 0,
    currentPeriodStart: at,
    currentPeriodEnd: null,
    trialEnd: null,
    cancelAtPeriodEnd: false,
    cancelAt: null,
    canceledAt,
    scheduledPlan: null,
    scheduledAt: null,
    promoCodeId: null,
    promoRedeemedAt: null,
  };
}

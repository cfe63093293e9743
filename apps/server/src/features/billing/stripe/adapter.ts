import { randomUUID } from 'node:crypto';
import {
  billingMessages,
  isPaidPlan,
  plans,
  trialEnd,
  type PaidPlanId,
  type PlanId,
} from '@mindledger/domain';
import Stripe from 'stripe';
import type { StripeConfig } from '../../../config.js';
import type { AppContext } from '../../../context.js';
import type { Executor, Tx } from '../../../db/client.js';
import { AppError, badRequest, notFound } from '../../../platform/errors.js';
import { findUserById } from '../../../platform/users.js';
import { stateOf } from '../invoice.js';
import type {
  BillingEvent,
  BillingPort,
  ChangeRequest,
  CheckoutRequest,
  SubscriptionState,
} from '../port.js';
import {
  completeCheckout,
  findByExternalId,
  findCheckout,
  findPromoById,
  findSubscription,
  insertCheckout,
  type PromoCodeRow,
  type SubscriptionRow,
} from '../repo.js';
import { holdsPlan } from '../service.js';
import { createStripeClient } from './client.js';
import {
  firstItem,
  idOf,
  invoiceRecord,
  invoiceSubscriptionId,
  planOfSubscription,
  subscriptionState,
  unixOf,
  type PlanPrices,
} from './mapping.js';
import { storePromoIds } from './repo.js';

const DAY_MS = 86_400_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The confirmation of a checkout session: one id for the success page and the webhook alike. */
export function checkoutEventId(sessionId: string): string {
  return `stripe_cs_${sessionId}`;
}

/** What a webhook event comes to: the events to apply (none when ignored). */
export interface WebhookOutcome {
  events: BillingEvent[];
  /** A checkout session the event completed (marked complete in our table). */
  checkoutSessionId?: string;
}

/** A Stripe answer: its raw response carries the `Date` header (Stripe's clock). */
type Answered = { lastResponse?: { headers?: Record<string, string | string[] | undefined> } };

/**
 * Trial days of a first-time trial for a checkout started `now`: the plan's days, or its months
 * counted as calendar months from now (the domain's `trialEnd`, i.e. `addMonths`) in whole days.
 */
export function trialDays(planType: PlanId, now: Date): number | null {
  const end = trialEnd(plans[planType], now);
  return end ? Math.round((end.getTime() - now.getTime()) / DAY_MS) : null;
}

/**
 * The last instant a promo code is valid (Stripe's `expires_at`): the end of its expiry day in the
 * last zone to reach it (UTC−12), since ours is checked in the redeemer's zone.
 */
export function promoExpiry(expiresAt: string): number {
  return Math.floor(Date.parse(`${expiresAt}T00:00:00Z`) / 1000) + 36 * 3600;
}

/**
 * Stripe as the card provider (issue 12, decision 078): Checkout Sessions in subscription mode,
 * upgrades with proration, downgrades through subscription schedules, cancel at period end, the
 * Billing Portal, coupons and promotion codes in step with our promo codes. Every action answers
 * the state Stripe confirmed, stamped with Stripe's clock (the response's `Date`), and webhooks
 * (`fromWebhook`) bring the same states through the same path (`BillingService.applyEvents`).
 */
export class StripeBilling implements BillingPort {
  readonly name = 'stripe' as const;
  readonly stripe: Stripe;
  private readonly prices: PlanPrices;

  constructor(
    private readonly ctx: AppContext,
    private readonly config: StripeConfig,
    stripe?: Stripe,
  ) {
    this.stripe = stripe ?? createStripeClient(config);
    this.prices = config.prices;
  }

  // ── helpers ───────────────────────────────────────────────────────────────────────────────

  /** A Stripe failure as our error: a refused card is 402, anything else 503 (logged). */
  private async call<T>(what: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError)
        throw new AppError('CARD_DECLINED', billingMessages.cardDeclined);
      if (error instanceof Stripe.errors.StripeError) {
        this.ctx.log.warn(
          {
            stripe: {
              call: what,
              type: error.type,
              code: error.code,
              status: error.statusCode,
              requestId: error.requestId,
            },
          },
          'stripe call failed',
        );
        throw new AppError('UNAVAILABLE', billingMessages.processFailed);
      }
      throw error;
    }
  }

  /** The object, or null when Stripe has no such object (deleted or never made). */
  private async maybe<T>(what: string, run: () => Promise<T>): Promise<T | null> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing')
        return null;
      return this.call(what, () => Promise.reject(error));
    }
  }

  /** Stripe's clock when it answered (the response's Date header, to the second), else `fallback`. */
  private stripeTime(answer: object, fallback: Date): Date {
    const header = (answer as Answered).lastResponse?.headers?.date;
    const value = Array.isArray(header) ? header[0] : header;
    const at = value ? Date.parse(value) : Number.NaN;
    return Number.isNaN(at) ? fallback : new Date(at);
  }

  private absolute(path: string): string {
    if (/^https?:\/\//i.test(path)) return path;
    return `${this.ctx.config.publicUrl}${path.startsWith('/') ? '' : '/'}${path}`;
  }

  private priceOf(planType: PlanId): string {
    if (!isPaidPlan(planType)) throw badRequest('This plan is not billed.');
    return this.prices[planType as PaidPlanId];
  }

  /** Our promo code id when it is one and still exists (metadata can outlive a deleted code). */
  private async knownPromo(db: Executor, id: string | null | undefined): Promise<string | null> {
    if (!id || !UUID.test(id)) return null;
    return (await findPromoById(db, id)) ? id : null;
  }

  /** The user a subscription belongs to: its metadata (written by us), else our row for it. */
  private async userOf(sub: Stripe.Subscription): Promise<string | null> {
    const named = sub.metadata?.userId;
    if (named && UUID.test(named) && (await findUserById(this.ctx.db, named))) return named;
    return (await findByExternalId(this.ctx.db, sub.id))?.userId ?? null;
  }

  private async subscriptionOf(current: SubscriptionRow): Promise<Stripe.Subscription> {
    if (!current.externalSubscriptionId) throw badRequest(billingMessages.noSubscription);
    const id = current.externalSubscriptionId;
    return this.call('subscriptions.retrieve', () =>
      this.stripe.subscriptions.retrieve(id, { expand: ['schedule'] }),
    );
  }

  private async scheduleOf(sub: Stripe.Subscription): Promise<Stripe.SubscriptionSchedule | null> {
    if (!sub.schedule) return null;
    if (typeof sub.schedule !== 'string') return sub.schedule;
    const id = sub.schedule;
    return this.maybe('subscriptionSchedules.retrieve', () => this.stripe.subscriptionSchedules.retrieve(id));
  }

  private async release(scheduleId: string): Promise<void> {
    await this.call('subscriptionSchedules.release', () =>
      this.stripe.subscriptionSchedules.release(scheduleId),
    );
  }

  /** The state of a subscription (its schedule fetched when not given); null for a foreign price. */
  private async stateFor(
    db: Executor,
    sub: Stripe.Subscription,
    at: Date,
    schedule?: Stripe.SubscriptionSchedule | null,
  ): Promise<SubscriptionState | null> {
    return subscriptionState(sub, {
      prices: this.prices,
      schedule: schedule === undefined ? await this.scheduleOf(sub) : schedule,
      promoCodeId: await this.knownPromo(db, sub.metadata?.promoCodeId),
      at,
    });
  }

  private async requireState(
    db: Executor,
    sub: Stripe.Subscription,
    at: Date,
    schedule?: Stripe.SubscriptionSchedule | null,
  ) {
    const state = await this.stateFor(db, sub, at, schedule);
    if (!state) throw new AppError('UNAVAILABLE', billingMessages.processFailed);
    return state;
  }

  private async promoCodeText(db: Executor, promoCodeId: string | null | undefined): Promise<string | null> {
    return promoCodeId ? ((await findPromoById(db, promoCodeId))?.code ?? null) : null;
  }

  private async invoiceOf(db: Executor, invoice: Stripe.Invoice, state: SubscriptionState) {
    return invoiceRecord(invoice, {
      prices: this.prices,
      fallbackPlan: state.planType,
      promoCode: await this.promoCodeText(db, state.promoCodeId),
    });
  }

  /** The promotion code for one of our promo codes, synced first when it never was. */
  private async promotionCodeFor(
    tx: Tx,
    promo: { id: string; externalPromotionId: string | null },
  ): Promise<string> {
    if (promo.externalPromotionId) return promo.externalPromotionId;
    const row = await findPromoById(tx, promo.id);
    if (!row) throw notFound('Promo code not found');
    const ids = await this.syncPromo(row);
    await storePromoIds(tx, row.id, ids);
    return ids.promotionId;
  }

  // ── checkout ──────────────────────────────────────────────────────────────────────────────

  async startCheckout(tx: Tx, request: CheckoutRequest, now: Date) {
    const price = this.priceOf(request.planType);
    const promotionCode = request.promo ? await this.promotionCodeFor(tx, request.promo) : null;
    const days = request.withTrial ? trialDays(request.planType, now) : null;
    const metadata: Record<string, string> = {
      userId: request.userId,
      planType: request.planType,
      ...(request.promo ? { promoCodeId: request.promo.id } : {}),
    };
    const session = await this.call('checkout.sessions.create', () =>
      this.stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price, quantity: 1 }],
        // Stripe fills in {CHECKOUT_SESSION_ID} itself.
        success_url: this.absolute(request.successUrl),
        cancel_url: this.absolute(request.cancelUrl),
        client_reference_id: request.userId,
        ...(request.externalCustomerId
          ? { customer: request.externalCustomerId }
          : { customer_email: request.email }),
        // A trial starts only with a payment method on file.
        payment_method_collection: 'always',
        metadata,
        subscription_data: {
          metadata,
          ...(days
            ? {
                trial_period_days: days,
                trial_settings: { end_behavior: { missing_payment_method: 'cancel' } },
              }
            : {}),
        },
        ...(promotionCode ? { discounts: [{ promotion_code: promotionCode }] } : {}),
      }),
    );
    if (!session.url) throw new AppError('UNAVAILABLE', billingMessages.processFailed);
    await insertCheckout(tx, {
      id: session.id,
      userId: request.userId,
      provider: 'stripe',
      planType: request.planType,
      promoCodeId: request.promo?.id ?? null,
      withTrial: days !== null,
      isSignup: request.isSignup,
      kind: request.kind,
      successUrl: session.success_url ?? this.absolute(request.successUrl),
      cancelUrl: session.cancel_url ?? this.absolute(request.cancelUrl),
      expiresAt: new Date(session.expires_at * 1000),
      createdAt: now,
    });
    return { id: session.id, url: session.url };
  }

  /**
   * A session as confirmed by Stripe now: paid or not, whose it is, and its one event. The event id
   * is the session's (`stripe_cs_<id>`), not a webhook's: the success page and the
   * checkout.session.completed webhook confirm the same change, so whichever comes first applies it
   * (and redeems its promo code) and the other finds the id kept and changes nothing.
   */
  async checkoutEvents(
    db: Executor,
    sessionId: string,
    now: Date,
  ): Promise<{ paid: boolean; userId: string | null; events: BillingEvent[] }> {
    const session = await this.call('checkout.sessions.retrieve', () =>
      this.stripe.checkout.sessions.retrieve(sessionId, {
        expand: ['subscription', 'subscription.latest_invoice'],
      }),
    );
    const at = this.stripeTime(session, now);
    const userId = session.client_reference_id ?? session.metadata?.userId ?? null;
    const paid =
      session.mode === 'subscription' && session.status === 'complete' && session.payment_status !== 'unpaid';
    if (!paid || !userId || !session.subscription) return { paid, userId, events: [] };
    const sub =
      typeof session.subscription === 'string'
        ? await this.call('subscriptions.retrieve', () =>
            this.stripe.subscriptions.retrieve(session.subscription as string, {
              expand: ['latest_invoice'],
            }),
          )
        : session.subscription;
    const state = await this.stateFor(db, sub, at, null);
    if (!state) {
      this.ctx.log.warn(
        { stripe: { session: session.id, subscription: sub.id } },
        'stripe checkout for an unknown price',
      );
      return { paid, userId, events: [] };
    }
    const latest = sub.latest_invoice && typeof sub.latest_invoice !== 'string' ? sub.latest_invoice : null;
    const discounted =
      (session.discounts?.length ?? 0) > 0 || (session.total_details?.amount_discount ?? 0) > 0;
    const redeem = state.promoCodeId && discounted ? state.promoCodeId : null;
    const event: BillingEvent = {
      id: checkoutEventId(session.id),
      type: 'checkout.session.completed',
      occurredAt: at,
      userId,
      state,
      ...(latest ? { invoice: await this.invoiceOf(db, latest, state) } : {}),
      ...(redeem ? { redeemPromoId: redeem } : {}),
    };
    return { paid, userId, events: [event] };
  }

  async confirmCheckout(tx: Tx, sessionId: string, userId: string, now: Date) {
    const row = await findCheckout(tx, sessionId);
    if (!row || row.userId !== userId || row.provider !== 'stripe') throw notFound('Checkout not found');
    const result = await this.checkoutEvents(tx, sessionId, now);
    if (result.userId !== userId) throw notFound('Checkout not found');
    // Paid for a price that is none of our plans (a misconfigured price id): nothing to activate.
    if (result.paid && result.events.length === 0)
      throw new AppError('UNAVAILABLE', billingMessages.activationError);
    if (result.paid && row.status !== 'complete') await completeCheckout(tx, sessionId, now);
    return { paid: result.paid, events: result.events };
  }

  // ── changes ───────────────────────────────────────────────────────────────────────────────

  /** The amount the upgrade would bill now: the upcoming invoice with the new price, prorated. */
  async previewUpgrade(change: ChangeRequest): Promise<number> {
    if (change.current.status === 'trialing') return 0;
    const sub = await this.subscriptionOf(change.current);
    const item = firstItem(sub);
    if (!item) throw badRequest(billingMessages.noSubscription);
    const price = this.priceOf(change.planType);
    const preview = await this.call('invoices.createPreview', () =>
      this.stripe.invoices.createPreview({
        customer: idOf(sub.customer) ?? undefined,
        subscription: sub.id,
        subscription_details: { items: [{ id: item.id, price }], proration_behavior: 'always_invoice' },
      }),
    );
    return preview.amount_due;
  }

  /**
   * The new price at once: the unused time is credited and the difference invoiced and paid now
   * (`always_invoice`; a refused card leaves the plan as it was). In a trial the plan changes and
   * the trial runs on, billed at its end. A scheduled downgrade is dropped first.
   */
  async upgrade(tx: Tx, change: ChangeRequest): Promise<BillingEvent[]> {
    const { current } = change;
    const sub = await this.subscriptionOf(current);
    const scheduleId = idOf(sub.schedule);
    if (scheduleId) await this.release(scheduleId);
    const item = firstItem(sub);
    if (!item) throw badRequest(billingMessages.noSubscription);
    const trialing = sub.status === 'trialing';
    const promotionCode = change.promo ? await this.promotionCodeFor(tx, change.promo) : null;
    const before = idOf(sub.latest_invoice);
    const updated = await this.call('subscriptions.update', () =>
      this.stripe.subscriptions.update(sub.id, {
        items: [{ id: item.id, price: this.priceOf(change.planType) }],
        proration_behavior: trialing ? 'none' : 'always_invoice',
        payment_behavior: 'error_if_incomplete',
        ...(sub.cancel_at_period_end ? { cancel_at_period_end: false } : {}),
        metadata: {
          userId: current.userId,
          planType: change.planType,
          ...(change.promo
            ? { promoCodeId: change.promo.id, promoRedeemedAt: String(unixOf(change.now)) }
            : {}),
        },
        ...(promotionCode ? { discounts: [{ promotion_code: promotionCode }] } : {}),
        expand: ['latest_invoice'],
      }),
    );
    const at = this.stripeTime(updated, change.now);
    const state = await this.requireState(tx, updated, at, null);
    const latest =
      updated.latest_invoice && typeof updated.latest_invoice !== 'string' ? updated.latest_invoice : null;
    const billed = !trialing && latest && latest.id !== before ? latest : null;
    return [
      {
        id: `stripe_upgrade_${randomUUID()}`,
        type: 'customer.subscription.updated',
        occurredAt: at,
        userId: current.userId,
        state,
        ...(billed ? { invoice: await this.invoiceOf(tx, billed, state) } : {}),
        ...(change.promo ? { redeemPromoId: change.promo.id } : {}),
      },
    ];
  }

  /**
   * A downgrade at the period's end through a subscription schedule: the current phase as it is,
   * then the new plan (released after one period), or, for the free plan, the schedule ends by
   * cancelling the subscription.
   */
  async scheduleChange(tx: Tx, change: ChangeRequest): Promise<BillingEvent[]> {
    const { current } = change;
    let sub = await this.subscriptionOf(current);
    if (sub.cancel_at_period_end && !sub.schedule) {
      const id = sub.id;
      sub = await this.call('subscriptions.update', () =>
        this.stripe.subscriptions.update(id, { cancel_at_period_end: false, expand: ['schedule'] }),
      );
    }
    const schedule =
      (await this.scheduleOf(sub)) ??
      (await this.call('subscriptionSchedules.create', () =>
        this.stripe.subscriptionSchedules.create({ from_subscription: sub.id }),
      ));
    const now = unixOf(change.now);
    const phase =
      schedule.phases.find((p) => p.start_date === schedule.current_phase?.start_date) ??
      schedule.phases.find((p) => p.start_date <= now && now < p.end_date) ??
      schedule.phases[0];
    if (!phase) throw new AppError('UNAVAILABLE', billingMessages.processFailed);
    const discounts = phase.discounts
      .map((d) =>
        d.discount
          ? { discount: idOf(d.discount)! }
          : d.promotion_code
            ? { promotion_code: idOf(d.promotion_code)! }
            : d.coupon
              ? { coupon: idOf(d.coupon)! }
              : null,
      )
      .filter((d) => d !== null);
    const carried = discounts.length > 0 ? { discounts } : {};
    const toFree = change.planType === 'free-tier';
    const interval = plans[change.planType].interval === 'year' ? 'year' : 'month';
    const updated = await this.call('subscriptionSchedules.update', () =>
      this.stripe.subscriptionSchedules.update(schedule.id, {
        end_behavior: toFree ? 'cancel' : 'release',
        proration_behavior: 'none',
        phases: [
          {
            items: phase.items.map((i) => ({ price: idOf(i.price)!, quantity: i.quantity ?? 1 })),
            start_date: phase.start_date,
            end_date: phase.end_date,
            ...(phase.trial_end ? { trial_end: phase.trial_end } : {}),
            ...carried,
          },
          ...(toFree
            ? []
            : [
                {
                  items: [{ price: this.priceOf(change.planType), quantity: 1 }],
                  duration: { interval, interval_count: 1 },
                  ...carried,
                },
              ]),
        ],
      }),
    );
    const at = this.stripeTime(updated, change.now);
    return [
      {
        id: `stripe_schedule_${randomUUID()}`,
        type: 'subscription_schedule.updated',
        occurredAt: at,
        userId: current.userId,
        state: await this.requireState(tx, sub, at, updated),
      },
    ];
  }

  async cancelScheduledChange(tx: Tx, current: SubscriptionRow, now: Date): Promise<BillingEvent[]> {
    const sub = await this.subscriptionOf(current);
    const scheduleId = idOf(sub.schedule);
    const at = scheduleId
      ? this.stripeTime(
          await this.call('subscriptionSchedules.release', () =>
            this.stripe.subscriptionSchedules.release(scheduleId),
          ),
          now,
        )
      : this.stripeTime(sub, now);
    const state = await this.requireState(tx, { ...sub, schedule: null }, at, null);
    return [
      {
        id: `stripe_unschedule_${randomUUID()}`,
        type: 'subscription_schedule.released',
        occurredAt: at,
        userId: current.userId,
        state,
      },
    ];
  }

  /** Cancel at the period's end (a scheduled change is dropped: Stripe cancels through the schedule otherwise). */
  async cancelAtPeriodEnd(tx: Tx, current: SubscriptionRow, now: Date): Promise<BillingEvent[]> {
    return this.setCancelAtPeriodEnd(tx, current, true, now);
  }

  async resume(tx: Tx, current: SubscriptionRow, now: Date): Promise<BillingEvent[]> {
    return this.setCancelAtPeriodEnd(tx, current, false, now);
  }

  /** Reads go through the caller's transaction (PGlite has one connection: another would wait on it). */
  private async setCancelAtPeriodEnd(
    tx: Tx,
    current: SubscriptionRow,
    cancel: boolean,
    now: Date,
  ): Promise<BillingEvent[]> {
    const sub = await this.subscriptionOf(current);
    const scheduleId = idOf(sub.schedule);
    if (cancel && scheduleId) await this.release(scheduleId);
    const updated = await this.call('subscriptions.update', () =>
      this.stripe.subscriptions.update(sub.id, { cancel_at_period_end: cancel, expand: ['schedule'] }),
    );
    const at = this.stripeTime(updated, now);
    return [
      {
        id: `stripe_${cancel ? 'cancel' : 'resume'}_${randomUUID()}`,
        type: 'customer.subscription.updated',
        occurredAt: at,
        userId: current.userId,
        state: await this.requireState(tx, updated, at),
      },
    ];
  }

  async portalUrl(current: SubscriptionRow, returnUrl: string): Promise<string> {
    const customer = current.externalCustomerId;
    if (!customer || current.provider !== 'stripe') throw badRequest(billingMessages.noSubscription);
    const session = await this.call('billingPortal.sessions.create', () =>
      this.stripe.billingPortal.sessions.create({ customer, return_url: this.absolute(returnUrl) }),
    );
    return session.url;
  }

  // ── promo codes ───────────────────────────────────────────────────────────────────────────

  /**
   * A coupon with the promo's terms (made once: a promo's terms cannot change) and a promotion code
   * with its code, expiry and active flag. Stripe's promotion codes keep their code and expiry, so
   * a changed expiry (or a lost code) gets a new promotion code, the old one deactivated first.
   */
  async syncPromo(promo: PromoCodeRow): Promise<{ couponId: string; promotionId: string }> {
    const metadata = { promoCodeId: promo.id };
    const existing = promo.externalCouponId;
    const coupon = existing
      ? await this.maybe('coupons.retrieve', () => this.stripe.coupons.retrieve(existing))
      : null;
    let couponId: string;
    if (coupon) {
      couponId = coupon.id;
    } else {
      const terms =
        promo.discountType === 'percentage'
          ? { percent_off: promo.discountValue }
          : { amount_off: promo.discountValue, currency: 'usd' };
      const duration =
        promo.duration === 'multipleMonths'
          ? { duration: 'repeating' as const, duration_in_months: promo.durationInMonths ?? 1 }
          : { duration: promo.duration };
      couponId = (
        await this.call('coupons.create', () =>
          this.stripe.coupons.create({ ...terms, ...duration, name: promo.code, metadata }),
        )
      ).id;
    }
    const now = unixOf(this.ctx.clock.now());
    const expiry = promoExpiry(promo.expiresAt);
    const wantExpiry = expiry > now ? expiry : null;
    const live = promo.active && wantExpiry !== null;
    const knownId = promo.externalPromotionId;
    const code = knownId
      ? await this.maybe('promotionCodes.retrieve', () => this.stripe.promotionCodes.retrieve(knownId))
      : null;
    if (code) {
      const same =
        idOf(code.promotion?.coupon) === couponId &&
        code.code.toUpperCase() === promo.code &&
        (wantExpiry === null || code.expires_at === wantExpiry);
      if (same) {
        if (code.active !== live) {
          const id = code.id;
          await this.call('promotionCodes.update', () =>
            this.stripe.promotionCodes.update(id, { active: live }),
          );
        }
        return { couponId, promotionId: code.id };
      }
      if (code.active) {
        const id = code.id;
        await this.call('promotionCodes.update', () =>
          this.stripe.promotionCodes.update(id, { active: false }),
        );
      }
    }
    const created = await this.call('promotionCodes.create', () =>
      this.stripe.promotionCodes.create({
        promotion: { type: 'coupon', coupon: couponId },
        code: promo.code,
        active: live,
        ...(wantExpiry !== null ? { expires_at: wantExpiry } : {}),
        metadata,
      }),
    );
    return { couponId, promotionId: created.id };
  }

  /** A deleted promo: its promotion code stops working and its coupon goes (subscriptions keep theirs). */
  async removePromo(promo: PromoCodeRow): Promise<void> {
    const promotionId = promo.externalPromotionId;
    if (promotionId)
      await this.maybe('promotionCodes.update', () =>
        this.stripe.promotionCodes.update(promotionId, { active: false }),
      );
    const couponId = promo.externalCouponId;
    if (couponId) await this.maybe('coupons.del', () => this.stripe.coupons.del(couponId));
  }

  // ── webhooks ──────────────────────────────────────────────────────────────────────────────

  /** The event, if the signature is Stripe's (our endpoint secret) and recent; else 400. */
  verifyWebhook(payload: Buffer, signature: string | undefined): Stripe.Event {
    if (!signature) throw badRequest('Missing Stripe signature.');
    try {
      return this.stripe.webhooks.constructEvent(payload, signature, this.config.webhookSecret);
    } catch {
      throw badRequest('Invalid Stripe signature.');
    }
  }

  /**
   * The events a webhook brings. A subscription event carries its state at `created` (the
   * `last_event_at` guard keeps an older one from rolling a newer state back); an invoice or
   * schedule event carries the subscription as Stripe answers it now, stamped with Stripe's clock;
   * a completed checkout is the confirmation's own event. Other types: nothing (ignored).
   */
  async fromWebhook(event: Stripe.Event, now: Date): Promise<WebhookOutcome> {
    const created = new Date(event.created * 1000);
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded': {
        const session = event.data.object;
        if (session.mode !== 'subscription') return { events: [] };
        const result = await this.checkoutEvents(this.ctx.db, session.id, created);
        if (!result.userId || !UUID.test(result.userId) || !(await findUserById(this.ctx.db, result.userId)))
          return { events: [] };
        return { events: result.events, checkoutSessionId: session.id };
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
      case 'customer.subscription.paused':
      case 'customer.subscription.resumed':
        return {
          events: await this.subscriptionEvent(event.id, event.type, event.data.object, created, null),
        };
      case 'invoice.paid':
      case 'invoice.payment_failed': {
        const invoice = event.data.object;
        const subId = invoiceSubscriptionId(invoice);
        if (!subId) return { events: [] };
        const sub = await this.call('subscriptions.retrieve', () =>
          this.stripe.subscriptions.retrieve(subId, { expand: ['schedule'] }),
        );
        return {
          events: await this.subscriptionEvent(event.id, event.type, sub, this.stripeTime(sub, now), invoice),
        };
      }
      case 'subscription_schedule.created':
      case 'subscription_schedule.updated':
      case 'subscription_schedule.released':
      case 'subscription_schedule.canceled':
      case 'subscription_schedule.completed':
      case 'subscription_schedule.aborted': {
        const schedule = event.data.object;
        const subId = idOf(schedule.subscription) ?? schedule.released_subscription;
        if (!subId) return { events: [] };
        const sub = await this.call('subscriptions.retrieve', () =>
          this.stripe.subscriptions.retrieve(subId, { expand: ['schedule'] }),
        );
        return {
          events: await this.subscriptionEvent(event.id, event.type, sub, this.stripeTime(sub, now), null),
        };
      }
      default:
        return { events: [] };
    }
  }

  private async subscriptionEvent(
    id: string,
    type: string,
    sub: Stripe.Subscription,
    occurredAt: Date,
    invoice: Stripe.Invoice | null,
  ): Promise<BillingEvent[]> {
    const userId = await this.userOf(sub);
    if (!userId) return [];
    const row = await findSubscription(this.ctx.db, userId);
    // A subscription the user has since replaced (a paid plan held through another one) leaves the
    // row as it is; its invoice is still kept.
    const replaced =
      row !== undefined &&
      row.externalSubscriptionId !== null &&
      row.externalSubscriptionId !== sub.id &&
      isPaidPlan(row.planType) &&
      holdsPlan(row);
    const state: SubscriptionState | null = replaced
      ? stateOf(row)
      : await this.stateFor(this.ctx.db, sub, occurredAt);
    if (!state) {
      this.ctx.log.warn(
        { stripe: { event: id, subscription: sub.id } },
        'stripe subscription for an unknown price ignored',
      );
      return [];
    }
    const planType = replaced ? (planOfSubscription(this.prices, sub) ?? state.planType) : state.planType;
    const record = invoice
      ? await this.invoiceOf(this.ctx.db, invoice, {
          ...state,
          planType,
          promoCodeId: replaced ? null : state.promoCodeId,
        })
      : undefined;
    return [{ id, type, occurredAt, userId, state, ...(record ? { invoice: record } : {}) }];
  }
}

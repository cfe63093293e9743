import {
  billingMessages,
  isFeatureName,
  isPaidPlan,
  isUuid,
  localDay,
  normalizePromoCode,
  planAllows,
  planChange,
  plans,
  promoRefusals,
  remainingDays,
  trialEnd,
  type FeatureName,
  type PlanId,
  type PromoRefusal,
} from '@mindledger/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { connections, subscriptions } from '../../db/schema/index.js';
import type { Captcha } from '../../platform/captcha.js';
import { activeConnection } from '../../platform/policy.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import type { InWrite } from '../../platform/idempotency.js';
import { findUserById, type UserRow } from '../../platform/users.js';
import { promoDiscount, promoTerms } from './invoice.js';
import { freeState, LocalBilling, type CardInput } from './local/adapter.js';
import { applyEventBatch } from './repo-batch.js';
import type { BillingEvent, BillingPort, ChangeRequest } from './port.js';
import { UsedTrials } from './used-trials.js';
import {
  applyEvent,
  claimDue,
  findPromoByCode,
  findSubscription,
  hasRedeemed,
  listInvoices,
  lockSubscription,
  PromoRedemptionError,
  type PromoCodeRow,
  type SubscriptionRow,
} from './repo.js';

/** What sponsoring a client's Provider Connect answers. */
export interface SponsorAnswer {
  success: boolean;
  message: string;
}

/** A day as people read it, in their own zone ('Dec 9, 2026'). */
function readableDay(instant: Date | null, timeZone: string): string {
  if (!instant) return 'the end of your billing period';
  return instant.toLocaleDateString('en-US', { timeZone, year: 'numeric', month: 'short', day: 'numeric' });
}

/** Statuses that hold the plan's features (a past-due plan keeps them through its grace days). */
const HOLDING = new Set(['trialing', 'active', 'past_due']);

export function holdsPlan(row: SubscriptionRow | undefined): row is SubscriptionRow {
  return row !== undefined && HOLDING.has(row.status);
}

/**
 * Subscriptions (Part 2 §4 lifecycle): the rules; the card provider (`BillingPort`) does the
 * billing and confirms events, applied here through one path (`applyEvents`).
 */
export class BillingService {
  readonly local = new LocalBilling();
  private readonly usedTrials: UsedTrials;

  constructor(
    private readonly ctx: AppContext,
    readonly port: BillingPort,
    private readonly captcha: Captcha,
  ) {
    this.usedTrials = new UsedTrials(ctx.config.jwtSecret);
  }

  /**
   * Whether this user's first-time trial is used: by this account, or by an account deleted (or
   * moved to another address) that used it under the same address (decision 106).
   */
  private async trialUsed(user: UserRow, current: SubscriptionRow | undefined): Promise<boolean> {
    return Boolean(current?.trialUsedAt) || this.usedTrials.usedBy(this.ctx.db, user.email);
  }

  private now(): Date {
    return this.ctx.clock.now();
  }

  async applyEvents(tx: Tx, events: BillingEvent[]): Promise<void> {
    for (const event of events) {
      try {
        await applyEvent(tx, this.port.name, event);
      } catch (error) {
        if (error instanceof PromoRedemptionError)
          throw badRequest(promoRefusals[error.reason === 'inactive' ? 'inactive' : error.reason]);
        throw error;
      }
    }
  }

  current(userId: string): Promise<SubscriptionRow | undefined> {
    return findSubscription(this.ctx.db, userId);
  }

  /** The plan whose features the user has now (free without a subscription). */
  async effectivePlan(userId: string): Promise<PlanId> {
    const [row] = await this.ctx.db
      .select({
        planType: subscriptions.planType,
        status: subscriptions.status,
        sponsorId: subscriptions.sponsorId,
      })
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId));
    if (!row || !HOLDING.has(row.status)) return 'free-tier';
    if (row.planType === 'provider-connect') {
      // Covered while the sponsoring provider's connection is accepted and active.
      if (!row.sponsorId || !(await this.ctx.policy.isConnected(row.sponsorId, userId))) return 'free-tier';
    }
    return row.planType;
  }

  async allows(userId: string, feature: FeatureName): Promise<{ allowed: boolean; planType: PlanId }> {
    const planType = await this.effectivePlan(userId);
    return { allowed: planAllows(planType, feature), planType };
  }

  /**
   * Which of these users' plans allow the feature, in two statements whatever their number (the
   * automation night asks it for a claimed batch): the rule of `effectivePlan`, set-based.
   */
  async allowedAmong(userIds: readonly string[], feature: FeatureName): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const rows = await this.ctx.db
      .select({
        userId: subscriptions.userId,
        planType: subscriptions.planType,
        status: subscriptions.status,
        sponsorId: subscriptions.sponsorId,
      })
      .from(subscriptions)
      .where(inArray(subscriptions.userId, [...userIds]));
    const held = rows.filter((r) => HOLDING.has(r.status));
    const sponsored = held.filter((r) => r.planType === 'provider-connect' && r.sponsorId);
    const connected = new Set<string>();
    if (sponsored.length > 0) {
      const links = await this.ctx.db
        .select({ patientId: connections.patientId, providerId: connections.providerId })
        .from(connections)
        .where(
          and(
            inArray(
              connections.patientId,
              sponsored.map((r) => r.userId),
            ),
            activeConnection(),
          ),
        );
      for (const l of links) connected.add(`${l.patientId}:${l.providerId}`);
    }
    const byUser = new Map(held.map((r) => [r.userId, r]));
    const allowed = new Set<string>();
    for (const id of userIds) {
      const r = byUser.get(id);
      const plan: PlanId = !r
        ? 'free-tier'
        : r.planType === 'provider-connect' && !connected.has(`${id}:${r.sponsorId}`)
          ? 'free-tier'
          : r.planType;
      if (planAllows(plan, feature)) allowed.add(id);
    }
    return allowed;
  }

  /** The guard every paid feature uses: 403 SUBSCRIPTION_REQUIRED (message contains "subscription"). */
  async requireFeature(userId: string, feature: FeatureName, label: string): Promise<void> {
    const { allowed } = await this.allows(userId, feature);
    if (!allowed) throw new AppError('SUBSCRIPTION_REQUIRED', billingMessages.required(label));
  }

  checkFeatureName(feature: string): FeatureName {
    if (!isFeatureName(feature)) throw notFound('Unknown feature');
    return feature;
  }

  private async user(userId: string): Promise<UserRow> {
    const user = await findUserById(this.ctx.db, userId);
    if (!user) throw notFound('User not found');
    return user;
  }

  /** Why a code cannot be used by this user now, or null with the code's row. */
  async promoCheck(
    code: string,
    user: UserRow,
    planType: PlanId,
  ): Promise<{ refusal: PromoRefusal; promo?: PromoCodeRow } | { refusal: null; promo: PromoCodeRow }> {
    const promo = await findPromoByCode(this.ctx.db, normalizePromoCode(code));
    if (!promo) return { refusal: 'unknown' };
    if (!promo.active) return { refusal: 'inactive', promo };
    if (promo.expiresAt < localDay(this.now(), user.timezone)) return { refusal: 'expired', promo };
    if (promo.maxUses !== null && promo.currentUses >= promo.maxUses) return { refusal: 'usedUp', promo };
    if (promo.oneTimeUse && (await hasRedeemed(this.ctx.db, promo.id, user.id)))
      return { refusal: 'alreadyUsed', promo };
    if (!isPaidPlan(planType)) return { refusal: 'freePlan', promo };
    return { refusal: null, promo };
  }

  async validatePromo(userId: string, code: string, planType: PlanId) {
    const user = await this.user(userId);
    const check = await this.promoCheck(code, user, planType);
    const price = plans[planType].price;
    const promo = check.promo;
    const discount = promo
      ? promo.discountType === 'fixed'
        ? promo.discountValue / 100
        : promo.discountValue
      : 0;
    if (check.refusal !== null || !promo)
      return {
        success: false,
        valid: false,
        code: normalizePromoCode(code),
        discount: 0,
        discountType: promo?.discountType ?? 'percentage',
        newPrice: price,
        description: '',
        message: promoRefusals[check.refusal ?? 'unknown'],
      };
    return {
      success: true,
      valid: true,
      code: promo.code,
      discount,
      discountType: promo.discountType,
      newPrice: price - promoDiscount(price, promoTerms(promo, this.now(), 0)),
      description: promo.description,
      message: 'Promo code applied successfully!',
    };
  }

  /**
   * The code to redeem, looked up only with a solved captcha of this user (the one validate-promo
   * accepted for this code, or an unused one): without it the answer is the captcha's, the same for
   * every code, so no checkout or upgrade tells whether a code exists (Part 2 §5 Promo entry).
   */
  private async usablePromo(
    user: UserRow,
    code: string | null | undefined,
    captchaToken: string | null | undefined,
    planType: PlanId,
  ) {
    if (!code) return null;
    if (!(await this.captcha.verify(captchaToken, user.id, normalizePromoCode(code), 'redeem')))
      throw badRequest(billingMessages.captchaFailed);
    const check = await this.promoCheck(code, user, planType);
    if (check.refusal !== null) throw badRequest(promoRefusals[check.refusal], { details: { valid: false } });
    return check.promo;
  }

  /**
   * create-checkout: the free plan is activated (or a paid plan's drop to free scheduled); a first
   * paid plan opens the provider's hosted checkout; a change of paid plan is applied (upgrade) or
   * scheduled (downgrade) without one.
   */
  async createCheckout(
    userId: string,
    input: {
      planType: PlanId;
      isSignup: boolean;
      applyFirstTimeTrial: boolean;
      promoCode?: string | null | undefined;
      captchaToken?: string | null | undefined;
    },
    urls: { success: string; cancel: string },
  ): Promise<{ url?: string; redirect?: string; message: string; sessionId?: string }> {
    const user = await this.user(userId);
    if (user.role !== 'patient') throw forbidden('Subscriptions are for client accounts.');
    const current = await this.current(userId);
    const held = holdsPlan(current) ? current.planType : null;
    const change = planChange(held, input.planType);
    if (input.planType === 'provider-connect')
      throw badRequest('Provider Connect is given by your connected therapist.');
    if (change === 'same') throw conflict(billingMessages.samePlan);
    if (input.planType === 'free-tier') {
      if (held && isPaidPlan(held)) {
        return {
          message: (await this.update(userId, { planType: 'free-tier', updateType: 'renewal' })).message,
        };
      }
      await this.activateFree(user, current);
      return {
        message: billingMessages.freeActivated,
        ...(input.isSignup ? { redirect: '/auth/login/client' } : {}),
      };
    }
    if (held && isPaidPlan(held)) {
      const result = await this.update(userId, {
        planType: input.planType,
        updateType: change === 'upgrade' ? 'immediate' : 'renewal',
        promoCode: input.promoCode,
        captchaToken: input.captchaToken,
      });
      return { message: result.message };
    }
    const promo = await this.usablePromo(user, input.promoCode, input.captchaToken, input.planType);
    const trialAsked = input.applyFirstTimeTrial && plans[input.planType].trial !== null;
    const trialRefused = trialAsked && (await this.trialUsed(user, current));
    const withTrial = trialAsked && !trialRefused;
    return this.ctx.db.transaction(async (tx) => {
      const session = await this.port.startCheckout(
        tx,
        {
          userId,
          email: user.email,
          planType: input.planType,
          withTrial,
          promo: promo
            ? { id: promo.id, code: promo.code, externalPromotionId: promo.externalPromotionId }
            : null,
          isSignup: input.isSignup,
          kind: 'new',
          successUrl: urls.success,
          cancelUrl: urls.cancel,
          externalCustomerId: current?.externalCustomerId ?? null,
        },
        this.now(),
      );
      return {
        url: session.url,
        sessionId: session.id,
        message: trialRefused ? billingMessages.trialUsed : 'Redirecting to checkout',
      };
    });
  }

  private async activateFree(user: UserRow, current: SubscriptionRow | undefined): Promise<void> {
    const now = this.now();
    const state = freeState(now, current?.canceledAt ?? null);
    await this.ctx.db.transaction((tx) =>
      this.applyEvents(tx, [
        {
          id: `evt_local_free_${user.id}_${now.getTime()}`,
          type: 'free.activated',
          occurredAt: now,
          userId: user.id,
          state,
        },
      ]),
    );
  }

  /** The local hosted checkout's card form. */
  async payLocalCheckout(userId: string, sessionId: string, card: CardInput) {
    if (this.port.name !== 'local') throw notFound('Checkout not found');
    return this.ctx.db.transaction(async (tx) => {
      const current = await lockSubscription(tx, userId);
      const { session, events } = await this.local.pay(tx, sessionId, userId, card, this.now(), current);
      await this.applyEvents(tx, events);
      return { redirect: session.successUrl };
    });
  }

  async localCheckout(userId: string, sessionId: string) {
    if (this.port.name !== 'local') throw notFound('Checkout not found');
    return this.local.session(this.ctx.db as unknown as Tx, sessionId, userId);
  }

  /** checkout/success: what the provider confirmed for the session the user came back with. */
  async confirmCheckout(userId: string, sessionId: string) {
    return this.ctx.db.transaction(async (tx) => {
      const before = await lockSubscription(tx, userId);
      const { paid, events } = await this.port.confirmCheckout(tx, sessionId, userId, this.now());
      if (!paid) throw badRequest(billingMessages.activationError);
      await this.applyEvents(tx, events);
      const after = await findSubscription(tx, userId);
      const isUpgrade = Boolean(
        before &&
        holdsPlan(before) &&
        after &&
        (plans[after.planType].rank ?? 0) > (plans[before.planType].rank ?? 0) &&
        before.planType !== 'free-tier',
      );
      return {
        success: true,
        isUpgrade,
        isDowngrade: false,
        message: isUpgrade ? billingMessages.upgraded : billingMessages.activated,
      };
    });
  }

  private async changeRequest(
    tx: Tx,
    userId: string,
    planType: PlanId,
    promo: PromoCodeRow | null,
  ): Promise<ChangeRequest> {
    const current = await lockSubscription(tx, userId);
    if (!holdsPlan(current) || !isPaidPlan(current.planType))
      throw badRequest(billingMessages.noSubscription);
    return { current, planType, promo, now: this.now() };
  }

  /** subscription/update: an upgrade at once (with proration), a downgrade at the period's end. */
  async update(
    userId: string,
    input: {
      planType: PlanId;
      updateType?: 'immediate' | 'renewal';
      promoCode?: string | null | undefined;
      captchaToken?: string | null | undefined;
    },
  ) {
    const user = await this.user(userId);
    const held = await this.current(userId);
    if (input.promoCode && held && planChange(held.planType, input.planType) === 'downgrade')
      throw badRequest(billingMessages.promoNotOnDowngrade);
    const promo = await this.usablePromo(user, input.promoCode, input.captchaToken, input.planType);
    return this.ctx.db.transaction(async (tx) => {
      const request = await this.changeRequest(tx, userId, input.planType, promo);
      const change = planChange(request.current.planType, input.planType);
      if (change === 'same') throw conflict(billingMessages.samePlan);
      if (input.planType === 'provider-connect')
        throw badRequest('Provider Connect is given by your connected therapist.');
      if (change === 'upgrade') {
        await this.applyEvents(tx, await this.port.upgrade(tx, request));
        return { success: true, message: billingMessages.upgraded, isUpgrade: true, isDowngrade: false };
      }
      await this.applyEvents(tx, await this.port.scheduleChange(tx, request));
      const day = readableDay(request.current.currentPeriodEnd, user.timezone);
      return {
        success: true,
        message: billingMessages.downgradeScheduled(plans[input.planType].name, day),
        isUpgrade: false,
        isDowngrade: true,
      };
    });
  }

  async proration(userId: string, newPlanType: PlanId) {
    const current = await this.current(userId);
    if (!holdsPlan(current) || !isPaidPlan(current.planType))
      throw badRequest(billingMessages.noSubscription);
    const change = planChange(current.planType, newPlanType);
    const now = this.now();
    const amount =
      change === 'upgrade'
        ? await this.port.previewUpgrade({ current, planType: newPlanType, promo: null, now })
        : 0;
    return {
      success: true as const,
      currentPlan: current.planType,
      newPlan: newPlanType,
      remainingDays: remainingDays(now, current.currentPeriodEnd),
      willProrate: change === 'upgrade' && current.status !== 'trialing',
      prorationAmount: amount,
    };
  }

  async cancel(userId: string) {
    return this.ctx.db.transaction(async (tx) => {
      const current = await lockSubscription(tx, userId);
      if (!holdsPlan(current) || !isPaidPlan(current.planType))
        throw badRequest(billingMessages.noSubscription);
      if (!current.cancelAtPeriodEnd)
        await this.applyEvents(tx, await this.port.cancelAtPeriodEnd(tx, current, this.now()));
      return { success: true, message: billingMessages.canceled };
    });
  }

  async resume(userId: string) {
    return this.ctx.db.transaction(async (tx) => {
      const current = await lockSubscription(tx, userId);
      if (!holdsPlan(current) || !isPaidPlan(current.planType))
        throw badRequest(billingMessages.noSubscription);
      if (current.cancelAtPeriodEnd)
        await this.applyEvents(tx, await this.port.resume(tx, current, this.now()));
      return { success: true, message: billingMessages.resumed };
    });
  }

  async cancelScheduled(userId: string) {
    return this.ctx.db.transaction(async (tx) => {
      const current = await lockSubscription(tx, userId);
      if (!current?.scheduledPlan) throw notFound('No scheduled plan change');
      await this.applyEvents(tx, await this.port.cancelScheduledChange(tx, current, this.now()));
      return { success: true, message: billingMessages.scheduledCanceled };
    });
  }

  invoices(userId: string) {
    return listInvoices(this.ctx.db, userId);
  }

  async portal(userId: string, returnUrl: string) {
    const current = await this.current(userId);
    if (!current) throw badRequest(billingMessages.noSubscription);
    return this.port.portalUrl(current, returnUrl);
  }

  /**
   * Provider Connect: a connected provider covers a client's Standard features (decision 078).
   * `inWrite` runs last in the sponsorship's transaction (an idempotent route records its answer there).
   */
  async sponsor(
    providerId: string,
    patientId: string,
    inWrite?: InWrite<SponsorAnswer>,
  ): Promise<SponsorAnswer> {
    if (!isUuid(patientId) || !(await this.ctx.policy.isConnected(providerId, patientId)))
      throw notFound('Client not found');
    const current = await this.current(patientId);
    if (holdsPlan(current) && isPaidPlan(current.planType))
      throw conflict('This client already has a paid subscription.');
    const now = this.now();
    const sponsored = { success: true, message: 'Provider Connect is now active for this client.' };
    await this.ctx.db.transaction(async (tx) => {
      await this.applyEvents(tx, [
        {
          id: `evt_local_sponsor_${patientId}_${now.getTime()}`,
          type: 'provider_connect.created',
          occurredAt: now,
          userId: patientId,
          state: { ...freeState(now, null), planType: 'provider-connect' },
        },
      ]);
      await tx
        .update(subscriptions)
        .set({ sponsorId: providerId })
        .where(eq(subscriptions.userId, patientId));
      await inWrite?.(tx, sponsored);
    });
    return sponsored;
  }

  /** Renewal tick (local provider): claims due rows in batches; answers how many were renewed. */
  async renewDue(batch = 500): Promise<number> {
    if (this.port.name !== 'local') return 0;
    let total = 0;
    for (;;) {
      const done = await this.ctx.db.transaction(async (tx) => {
        const now = this.now();
        const due = await claimDue(tx, now, batch);
        const events: BillingEvent[] = [];
        for (const row of due) events.push(...(await this.local.renew(tx, row, now)));
        await applyEventBatch(tx, 'local', events);
        return due.length;
      });
      total += done;
      if (done < batch) return total;
    }
  }

  /** The admin's status change (PATCH subscriptions/{id}/status). */
  async setStatus(id: string, status: SubscriptionRow['status']) {
    const now = this.now();
    return this.ctx.db.transaction(async (tx) => {
      const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for('update');
      if (!row) throw notFound('Subscription not found');
      const values =
        status === 'canceled' ? { ...freeState(now, now), status: 'canceled' as const } : { status };
      const [after] = await tx
        .update(subscriptions)
        .set({
          ...values,
          updatedAt: now,
          lastEventAt: sql`greatest(${subscriptions.lastEventAt}, ${now.toISOString()}::timestamptz)`,
        })
        .where(eq(subscriptions.id, id))
        .returning();
      return after!;
    });
  }

  /** Whether a first-time trial would apply to this user and plan. */
  async trialFor(userId: string, planType: PlanId): Promise<Date | null> {
    const [user, current] = await Promise.all([this.user(userId), this.current(userId)]);
    return (await this.trialUsed(user, current)) ? null : trialEnd(plans[planType], this.now());
  }
}

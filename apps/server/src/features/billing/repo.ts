import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { adminSubscriptionsQuery, PlanId } from '@mindledger/domain';
import { rowsOf, type Db, type Executor, type Tx } from '../../db/client.js';
import {
  billingEvents,
  checkoutSessions,
  invoices,
  promoCodes,
  promoRedemptions,
  subscriptions,
  users,
} from '../../db/schema/index.js';
import type { BillingEvent } from './port.js';
import { escapeLike } from '../../platform/like.js';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;
export type CheckoutSessionRow = typeof checkoutSessions.$inferSelect;
export type PromoCodeRow = typeof promoCodes.$inferSelect;

export async function findSubscription(db: Executor, userId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return row;
}

export async function lockSubscription(tx: Tx, userId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, userId)).for('update');
  return row;
}

export async function findByExternalId(db: Executor, externalSubscriptionId: string) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.externalSubscriptionId, externalSubscriptionId));
  return row;
}

export async function findInvoice(db: Executor, id: string): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  return row;
}

export async function listInvoices(db: Executor, userId: string, limit = 100): Promise<InvoiceRow[]> {
  return db
    .select()
    .from(invoices)
    .where(eq(invoices.userId, userId))
    .orderBy(desc(invoices.createdAt), desc(invoices.number))
    .limit(limit);
}

/**
 * Applies one confirmed event (decision 078): a replayed event id changes nothing; an event older
 * than the state it meets leaves the state alone (its invoice is still kept); a promo it redeems
 * is counted under the promo row's lock. Answers whether the event was new.
 */
export async function applyEvent(
  tx: Tx,
  provider: 'local' | 'stripe',
  event: BillingEvent,
): Promise<boolean> {
  const fresh = await tx
    .insert(billingEvents)
    .values({ id: event.id, provider, type: event.type, occurredAt: event.occurredAt })
    .onConflictDoNothing()
    .returning({ id: billingEvents.id });
  if (fresh.length === 0) return false;
  if (event.redeemPromoId) await redeemPromo(tx, event.redeemPromoId, event.userId);
  const { trialUsedAt, ...state } = event.state;
  const values = { ...state, provider, lastEventAt: event.occurredAt, updatedAt: event.occurredAt };
  const [row] = await tx
    .insert(subscriptions)
    .values({
      userId: event.userId,
      ...values,
      trialUsedAt: trialUsedAt ?? null,
      createdAt: event.occurredAt,
    })
    .onConflictDoUpdate({
      target: subscriptions.userId,
      set: {
        ...values,
        ...(trialUsedAt
          ? {
              trialUsedAt: sql`coalesce(${subscriptions.trialUsedAt}, ${trialUsedAt.toISOString()}::timestamptz)`,
            }
          : {}),
      },
      setWhere: sql`${subscriptions.lastEventAt} <= ${event.occurredAt.toISOString()}::timestamptz`,
    })
    .returning();
  const sub = row ?? (await findSubscription(tx, event.userId));
  if (!sub || !event.invoice) return true;
  const [invoice] = await insertInvoices(tx, [
    { userId: event.userId, subscriptionId: sub.id, ...event.invoice, createdAt: event.occurredAt },
  ]);
  if (invoice && row) {
    await tx
      .update(subscriptions)
      .set({
        latestInvoiceId: invoice.id,
        promoPaidInvoices: sql`${subscriptions.promoPaidInvoices} + ${event.invoice.status === 'paid' && event.invoice.promoCode ? 1 : 0}`,
      })
      .where(eq(subscriptions.id, sub.id));
  }
  return true;
}

type NewInvoice = typeof invoices.$inferInsert;
const written = {
  id: invoices.id,
  subscriptionId: invoices.subscriptionId,
  status: invoices.status,
  promoCode: invoices.promoCode,
};

/**
 * Writes invoices of one kind, dropping only the one conflict each may meet: the card provider's
 * id seen before, or a local renewal of a period already billed. Any other (a number taken) fails
 * the transaction, so no invoice is lost silently.
 */
export async function insertInvoices(tx: Tx, values: NewInvoice[]) {
  if (values.length === 0) return [];
  const insert = tx.insert(invoices).values(values);
  const first = values[0]!;
  if (first.externalId) return insert.onConflictDoNothing({ target: invoices.externalId }).returning(written);
  if (first.reason === 'subscription_cycle')
    return insert
      .onConflictDoNothing({
        target: [invoices.subscriptionId, invoices.periodStart],
        where: sql`reason = 'subscription_cycle' and external_id is null`,
      })
      .returning(written);
  return insert.returning(written);
}

export class PromoRedemptionError extends Error {
  constructor(readonly reason: 'usedUp' | 'alreadyUsed' | 'inactive') {
    super(reason);
  }
}

/**
 * Counts one use of a promo code for a user, atomically: the one-time use is a unique row, the
 * count moves only while under `max_uses` (the row's lock orders concurrent redemptions).
 */
export async function redeemPromo(tx: Tx, promoId: string, userId: string): Promise<void> {
  const [promo] = await tx.select().from(promoCodes).where(eq(promoCodes.id, promoId)).for('update');
  if (!promo || !promo.active) throw new PromoRedemptionError('inactive');
  const inserted = await tx
    .insert(promoRedemptions)
    .values({ promoCodeId: promoId, userId, oneTime: promo.oneTimeUse })
    .onConflictDoNothing()
    .returning({ id: promoRedemptions.id });
  if (inserted.length === 0) throw new PromoRedemptionError('alreadyUsed');
  const counted = await tx
    .update(promoCodes)
    .set({ currentUses: sql`${promoCodes.currentUses} + 1` })
    .where(
      and(
        eq(promoCodes.id, promoId),
        sql`(${promoCodes.maxUses} is null or ${promoCodes.currentUses} < ${promoCodes.maxUses})`,
      ),
    )
    .returning({ id: promoCodes.id });
  if (counted.length === 0) throw new PromoRedemptionError('usedUp');
}

export async function findPromoByCode(db: Executor, code: string): Promise<PromoCodeRow | undefined> {
  const [row] = await db.select().from(promoCodes).where(eq(promoCodes.code, code));
  return row;
}

export async function findPromoById(db: Executor, id: string): Promise<PromoCodeRow | undefined> {
  const [row] = await db.select().from(promoCodes).where(eq(promoCodes.id, id));
  return row;
}

export async function hasRedeemed(db: Executor, promoId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: promoRedemptions.id })
    .from(promoRedemptions)
    .where(and(eq(promoRedemptions.promoCodeId, promoId), eq(promoRedemptions.userId, userId)))
    .limit(1);
  return row !== undefined;
}

// ── checkout sessions ────────────────────────────────────────────────────────────────────────

export async function insertCheckout(tx: Tx, values: typeof checkoutSessions.$inferInsert): Promise<void> {
  await tx.insert(checkoutSessions).values(values);
}

export async function findCheckout(db: Executor, id: string): Promise<CheckoutSessionRow | undefined> {
  const [row] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
  return row;
}

export async function lockCheckout(tx: Tx, id: string): Promise<CheckoutSessionRow | undefined> {
  const [row] = await tx.select().from(checkoutSessions).where(eq(checkoutSessions.id, id)).for('update');
  return row;
}

export async function completeCheckout(tx: Tx, id: string, now: Date): Promise<void> {
  await tx
    .update(checkoutSessions)
    .set({ status: 'complete', completedAt: now })
    .where(eq(checkoutSessions.id, id));
}

// ── renewals (local provider) ────────────────────────────────────────────────────────────────

/** Past-due subscriptions keep access this long after the failed renewal, then drop to free. */
export const PAST_DUE_GRACE_DAYS = 7;

/**
 * Locks up to `limit` local subscriptions whose period (or trial) has ended, skipping rows another
 * worker holds: each is renewed once, in the transaction that claims it.
 */
export async function claimDue(tx: Tx, now: Date, limit: number): Promise<SubscriptionRow[]> {
  const result = await tx.execute(sql`
    select id from subscriptions
     where provider = 'local'
       and plan_type in ('standard-monthly', 'standard-annual')
       and status in ('trialing', 'active', 'past_due')
       and current_period_end <= ${now.toISOString()}::timestamptz
       and (status <> 'past_due'
            or current_period_end <= ${now.toISOString()}::timestamptz - make_interval(days => ${PAST_DUE_GRACE_DAYS}))
     order by current_period_end
     limit ${limit}
     for update skip locked`);
  const ids = rowsOf<{ id: string }>(result).map((r) => r.id);
  if (ids.length === 0) return [];
  return tx.select().from(subscriptions).where(inArray(subscriptions.id, ids));
}

// ── admin ────────────────────────────────────────────────────────────────────────────────────

type AdminQuery = z.output<typeof adminSubscriptionsQuery>;

function adminFilters(query: AdminQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    const match = or(
      ilike(users.email, pattern),
      ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
    );
    if (match) conditions.push(match);
  }
  if (query.status) conditions.push(eq(subscriptions.status, query.status));
  if (query.plan) conditions.push(eq(subscriptions.planType, query.plan));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

export async function listSubscriptions(db: Db, query: AdminQuery) {
  const rows = await db
    .select({
      sub: subscriptions,
      user: {
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        role: users.role,
      },
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .where(adminFilters(query))
    .orderBy(desc(subscriptions.createdAt), asc(subscriptions.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && query.page > 1) {
    const [row] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(subscriptions)
      .innerJoin(users, eq(users.id, subscriptions.userId))
      .where(adminFilters(query));
    total = row?.n ?? 0;
  }
  return { rows, total };
}

export async function findSubscriptionById(db: Executor, id: string) {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
  return row;
}

export async function setSubscriptionStatus(tx: Tx, id: string, values: Partial<SubscriptionRow>) {
  const [row] = await tx.update(subscriptions).set(values).where(eq(subscriptions.id, id)).returning();
  return row;
}

export type { PlanId };

import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client.js';
import { billingEvents, subscriptions } from '../../db/schema/index.js';
import type { BillingEvent } from './port.js';
import { applyEvent, insertInvoices } from './repo.js';

/** Column names of `subscriptions` by state field (the batch writes them by name). */
const columns: Record<string, string> = {
  planType: 'plan_type',
  status: 'status',
  amount: 'amount',
  currentPeriodStart: 'current_period_start',
  currentPeriodEnd: 'current_period_end',
  trialEnd: 'trial_end',
  cancelAtPeriodEnd: 'cancel_at_period_end',
  cancelAt: 'cancel_at',
  canceledAt: 'canceled_at',
  scheduledPlan: 'scheduled_plan',
  scheduledAt: 'scheduled_at',
  externalCustomerId: 'external_customer_id',
  externalSubscriptionId: 'external_subscription_id',
  cardLast4: 'card_last4',
  cardFailsRenewal: 'card_fails_renewal',
  promoCodeId: 'promo_code_id',
  promoRedeemedAt: 'promo_redeemed_at',
};

const literal = (value: unknown): SQL => {
  if (value === null || value === undefined) return sql`null`;
  if (value instanceof Date) return sql`${value.toISOString()}::timestamptz`;
  return sql`${value}`;
};

/**
 * Many events at once with the effect of `applyEvent` one by one (the renewals' batches): ids kept
 * (a replay is dropped), states applied only over older ones, invoices unique per period. Batches
 * it cannot write in one statement each (a user twice, states of different shapes, promo
 * redemptions, first trials) go one by one.
 */
export async function applyEventBatch(
  tx: Tx,
  provider: 'local' | 'stripe',
  events: BillingEvent[],
): Promise<void> {
  if (events.length === 0) return;
  const keys = Object.keys(events[0]!.state).sort().join(',');
  const uniform =
    new Set(events.map((e) => e.userId)).size === events.length &&
    events.every(
      (e) => !e.redeemPromoId && !e.state.trialUsedAt && Object.keys(e.state).sort().join(',') === keys,
    ) &&
    Object.keys(events[0]!.state).every((k) => k in columns);
  if (!uniform) {
    for (const event of events) await applyEvent(tx, provider, event);
    return;
  }
  const fresh = new Set(
    (
      await tx
        .insert(billingEvents)
        .values(events.map((e) => ({ id: e.id, provider, type: e.type, occurredAt: e.occurredAt })))
        .onConflictDoNothing()
        .returning({ id: billingEvents.id })
    ).map((r) => r.id),
  );
  const applied = events.filter((e) => fresh.has(e.id));
  if (applied.length === 0) return;
  const fields = Object.keys(applied[0]!.state);
  const names = sql.raw(fields.map((f) => columns[f]).join(', '));
  const rows = sql.join(
    applied.map((e) => {
      const state = e.state as unknown as Record<string, unknown>;
      return sql`(${e.userId}::uuid, ${provider}, ${sql.join(
        fields.map((f) => literal(state[f])),
        sql`, `,
      )}, ${e.occurredAt.toISOString()}::timestamptz)`;
    }),
    sql`, `,
  );
  // Each row is updated only over an older state; the user's row exists (renewals) or is made.
  const updated = rowsOf<{ id: string; user_id: string }>(
    await tx.execute(sql`
      insert into subscriptions (user_id, provider, ${names}, last_event_at)
      values ${rows}
      on conflict (user_id) do update set
        provider = excluded.provider,
        ${sql.raw(fields.map((f) => `${columns[f]} = excluded.${columns[f]}`).join(', '))},
        last_event_at = excluded.last_event_at,
        updated_at = excluded.last_event_at
      where subscriptions.last_event_at <= excluded.last_event_at
      returning id, user_id`),
  );
  const subOf = new Map(updated.map((r) => [r.user_id, r.id]));
  const billed = applied.filter((e) => e.invoice && subOf.has(e.userId));
  if (billed.length === 0) return;
  // One kind per statement (the conflict each may meet differs): renewals are all local cycles.
  const written = [];
  for (const kind of [true, false]) {
    const values = billed
      .filter((e) => (e.invoice!.externalId === null && e.invoice!.reason === 'subscription_cycle') === kind)
      .map((e) => ({
        userId: e.userId,
        subscriptionId: subOf.get(e.userId)!,
        ...e.invoice!,
        createdAt: e.occurredAt,
      }));
    if (kind) written.push(...(await insertInvoices(tx, values)));
    else for (const value of values) written.push(...(await insertInvoices(tx, [value])));
  }
  if (written.length === 0) return;
  const links = sql.join(
    written.map(
      (w) =>
        sql`(${w.subscriptionId}::uuid, ${w.id}::uuid, ${w.status === 'paid' && w.promoCode ? 1 : 0}::int)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
    update ${subscriptions} s set latest_invoice_id = v.invoice_id, promo_paid_invoices = s.promo_paid_invoices + v.promo_paid
    from (values ${links}) as v(subscription_id, invoice_id, promo_paid)
    where s.id = v.subscription_id`);
}

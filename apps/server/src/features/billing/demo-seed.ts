import { eq } from 'drizzle-orm';
import { addMonths, plans, trialEnd } from '@mindledger/domain';
import type { AppContext } from '../../context.js';
import { promoCodes, users } from '../../db/schema/index.js';
import { planInvoice, trialInvoice } from './invoice.js';
import type { BillingEvent } from './port.js';
import { findSubscription } from './repo.js';
import type { BillingService } from './service.js';

const DAY_MS = 86_400_000;

/** Promo codes the demo admin sees (issue 12: a first run shows them working). */
const demoPromos = [
  {
    code: 'WELCOME20',
    discountType: 'percentage',
    discountValue: 20,
    description: 'Welcome offer: 20% off every payment',
    duration: 'forever',
    durationInMonths: null,
    maxUses: null,
    oneTimeUse: true,
    active: true,
    days: 180,
  },
  {
    code: 'SPRING10',
    discountType: 'fixed',
    discountValue: 1000,
    description: '$10 off your first payment',
    duration: 'once',
    durationInMonths: null,
    maxUses: 100,
    oneTimeUse: true,
    active: true,
    days: 60,
  },
  {
    code: 'THERAPY3',
    discountType: 'percentage',
    discountValue: 50,
    description: 'Half price for 3 months, from partner practices',
    duration: 'multipleMonths',
    durationInMonths: 3,
    maxUses: 50,
    oneTimeUse: true,
    active: true,
    days: 90,
  },
  {
    code: 'LAUNCH2025',
    discountType: 'percentage',
    discountValue: 30,
    description: 'Launch offer (ended)',
    duration: 'once',
    durationInMonths: null,
    maxUses: 500,
    oneTimeUse: true,
    active: false,
    days: 10,
  },
] as const;

/**
 * The demo client's Standard Monthly subscription with its invoice history (a trial, then three
 * paid months), through the same event path the card provider uses; and the demo promo codes.
 * Idempotent: an account that already has a subscription, or a code that exists, is left alone.
 */
export async function seedDemoBilling(ctx: AppContext, service: BillingService): Promise<void> {
  const now = ctx.clock.now();
  for (const { days, ...promo } of demoPromos) {
    const expiresAt = new Date(now.getTime() + days * DAY_MS).toISOString().slice(0, 10);
    await ctx.db
      .insert(promoCodes)
      .values({ ...promo, expiresAt })
      .onConflictDoNothing();
  }
  const [patient] = await ctx.db.select().from(users).where(eq(users.email, 'patient@demo.local'));
  if (!patient || (await findSubscription(ctx.db, patient.id))) return;
  const plan = plans['standard-monthly'];
  const start = addMonths(now, -4);
  const trialEnds = trialEnd(plan, start)!;
  const events: BillingEvent[] = [];
  const state = {
    planType: plan.id,
    amount: plan.price,
    cancelAtPeriodEnd: false,
    cancelAt: null,
    canceledAt: null,
    scheduledPlan: null,
    scheduledAt: null,
    cardLast4: '4242',
    cardFailsRenewal: false,
  };
  events.push({
    id: `evt_demo_${patient.id}_start`,
    type: 'checkout.session.completed',
    occurredAt: start,
    userId: patient.id,
    state: {
      ...state,
      status: 'trialing',
      currentPeriodStart: start,
      currentPeriodEnd: trialEnds,
      trialEnd: trialEnds,
      trialUsedAt: start,
    },
    invoice: trialInvoice(plan.id, start, trialEnds, start),
  });
  let periodStart = trialEnds;
  for (let n = 0; periodStart.getTime() <= now.getTime(); n++) {
    const periodEnd = addMonths(trialEnds, n + 1);
    events.push({
      id: `evt_demo_${patient.id}_period_${n}`,
      type: 'invoice.paid',
      occurredAt: periodStart,
      userId: patient.id,
      state: {
        ...state,
        status: 'active',
        currentPeriodStart: periodStart,
        currentPeriodEnd: periodEnd,
        trialEnd: trialEnds,
      },
      invoice: planInvoice({
        planType: plan.id,
        reason: 'subscription_cycle',
        periodStart,
        periodEnd,
        promo: null,
        now: periodStart,
        paid: true,
      }),
    });
    periodStart = periodEnd;
  }
  await ctx.db.transaction((tx) => service.applyEvents(tx, events));
}

import { eq } from 'drizzle-orm';
import { addMonths } from '@mindledger/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Client, type TestServer } from '../../../test/harness.js';
import { startStripeFake, type FakeSubscription, type StripeFake } from '../../../test/stripe-fake.js';
import { billingEvents, promoCodes, subscriptions } from '../../db/schema/index.js';
import { captchaToken, insertPromo, relogin } from './billing-test-kit.js';
import { promoExpiry, StripeBilling } from './stripe/adapter.js';

/**
 * The Stripe adapter against a local fake of the Stripe API (test/stripe-fake.ts): the real app,
 * the SDK pointed at 127.0.0.1 (STRIPE_API_BASE_URL), webhooks signed by the SDK's own
 * `generateTestHeaderString`. Nothing leaves this machine.
 */

interface Sub {
  planType: string;
  status: string;
  provider: string;
  trialEnd: string | null;
  currentPeriodEnd: string | null;
  current_period_end: string | null;
  cancel_at_period_end: boolean;
  scheduled_change: { new_plan: string; effective_date: string } | null;
  latest_invoice: {
    total: number;
    discount: number;
    reason: string;
    lines: { amount: number; proration: boolean }[];
  } | null;
  promoCode: string | null;
}
interface Current {
  hasSubscription: boolean;
  subscription: Sub | null;
}

const DAY = 86_400_000;
const KEY = 'sk_test_mindledger_fake_0123456789';
const SECRET = 'whsec_mindledger_fake_0123456789';
const PUBLIC_URL = 'https://app.example.test';

let fake: StripeFake;
let server: TestServer;

beforeAll(async () => {
  fake = await startStripeFake({
    apiKey: KEY,
    webhookSecret: SECRET,
    prices: [
      { id: 'price_monthly', unit_amount: 1299, interval: 'month' },
      { id: 'price_annual', unit_amount: 11999, interval: 'year' },
    ],
  });
  server = await startServer({
    env: {
      STRIPE_SECRET_KEY: KEY,
      STRIPE_WEBHOOK_SECRET: SECRET,
      STRIPE_PRICE_STANDARD_MONTHLY: 'price_monthly',
      STRIPE_PRICE_STANDARD_ANNUAL: 'price_annual',
      STRIPE_API_BASE_URL: fake.url,
      PUBLIC_URL,
    },
  });
  fake.now = () => server.clock.now();
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

async function current(client: Client): Promise<Current> {
  return (await client.get<Current>('/api/v1/subscription/current')).body;
}

async function startCheckout(client: Client, planType: string, extra: Record<string, unknown> = {}) {
  const reply = await client.post<{ url: string; sessionId: string }>(
    '/api/v1/subscription/create-checkout',
    { planType, ...extra },
  );
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body;
}

/** Checkout, paid at Stripe (the fake completes it), then the return to the success page. */
async function subscribe(client: Client, planType: string, extra: Record<string, unknown> = {}) {
  const { sessionId } = await startCheckout(client, planType, extra);
  const { subscription } = fake.completeSession(sessionId);
  const success = await client.get(`/api/v1/subscription/checkout/success?session_id=${sessionId}`);
  expect(success.status, JSON.stringify(success.body)).toBe(200);
  return { sessionId, subscription };
}

async function webhook(
  event: unknown,
  options: { secret?: string; signature?: string | null; contentType?: string } = {},
) {
  const { payload, signature } = fake.signed(event, options.secret);
  const headers: Record<string, string> = { 'content-type': options.contentType ?? 'application/json' };
  const header = options.signature === undefined ? signature : options.signature;
  if (header !== null) headers['stripe-signature'] = header;
  return server
    .client()
    .request<{ received?: boolean; ignored?: boolean; message?: string }>(
      'POST',
      '/api/v1/subscription/webhook',
      {
        raw: payload,
        headers,
      },
    );
}

function lastCall(path: RegExp, method = 'POST') {
  const calls = fake.calls(path, method);
  return calls[calls.length - 1]!.params as Record<string, unknown>;
}

function seconds(date = server.clock.now()): number {
  return Math.floor(date.getTime() / 1000);
}

async function eventRows(id: string) {
  return server.database.db.select().from(billingEvents).where(eq(billingEvents.id, id));
}

describe('checkout on Stripe', () => {
  it('opens Checkout in subscription mode with the 14-day trial and activates it on return, once', async () => {
    const { client, user } = await server.signIn();
    const { url, sessionId } = await startCheckout(client, 'standard-monthly', { applyFirstTimeTrial: true });
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    expect(sessionId).toMatch(/^cs_test_/);
    const sent = lastCall(/^\/v1\/checkout\/sessions$/);
    expect(sent).toMatchObject({
      mode: 'subscription',
      line_items: [{ price: 'price_monthly', quantity: '1' }],
      client_reference_id: user.id,
      customer_email: user.email,
      payment_method_collection: 'always',
      metadata: { userId: user.id, planType: 'standard-monthly' },
      subscription_data: { trial_period_days: '14', metadata: { userId: user.id } },
      success_url: `${PUBLIC_URL}/subscription?id=${user.id}&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${PUBLIC_URL}/subscription?id=${user.id}&cancel=true`,
    });

    // Not paid yet: nothing to activate.
    const early = await client.get(`/api/v1/subscription/checkout/success?session_id=${sessionId}`);
    expect(early.status).toBe(400);
    expect(early.body.message).toBe(
      'There was a problem activating your subscription. Please contact support.',
    );
    expect((await current(client)).hasSubscription).toBe(false);

    fake.completeSession(sessionId);
    const success = await client.get(`/api/v1/subscription/checkout/success?session_id=${sessionId}`);
    expect(success.body).toMatchObject({
      success: true,
      isUpgrade: false,
      message: 'Subscription activated successfully!',
    });
    const sub = (await current(client)).subscription!;
    expect(sub).toMatchObject({ planType: 'standard-monthly', status: 'trialing', provider: 'stripe' });
    expect(Math.round((new Date(sub.trialEnd!).getTime() - server.clock.now().getTime()) / DAY)).toBe(14);
    expect(
      (await client.get<{ allowed: boolean }>('/api/v1/patient/check-feature/weekly-insights')).body.allowed,
    ).toBe(true);

    // The success page again, and the checkout.session.completed webhook: the same event, applied once.
    expect((await client.get(`/api/v1/subscription/checkout/success?session_id=${sessionId}`)).status).toBe(
      200,
    );
    const completed = fake.event('checkout.session.completed', fake.object(sessionId));
    expect((await webhook(completed)).status).toBe(200);
    expect(
      (await client.get<{ invoices: { total: number }[] }>('/api/v1/subscription/invoices')).body.invoices,
    ).toEqual([expect.objectContaining({ total: 0 })]);
    expect(await eventRows(`stripe_cs_${sessionId}`)).toHaveLength(1);
  });

  it('the annual trial is two calendar months, sent as days', async () => {
    const { client } = await server.signIn();
    const now = server.clock.now();
    await startCheckout(client, 'standard-annual', { applyFirstTimeTrial: true });
    const days = Math.round((addMonths(now, 2).getTime() - now.getTime()) / DAY);
    expect(days).toBeGreaterThanOrEqual(59);
    expect(lastCall(/^\/v1\/checkout\/sessions$/)).toMatchObject({
      subscription_data: { trial_period_days: String(days) },
    });
  });

  it("a session is confirmed only by its owner; another user's session is not found", async () => {
    const owner = await server.signIn();
    const { sessionId } = await startCheckout(owner.client, 'standard-monthly');
    fake.completeSession(sessionId);
    const other = await server.signIn();
    const reply = await other.client.get(`/api/v1/subscription/checkout/success?session_id=${sessionId}`);
    expect(reply.status).toBe(404);
    expect(await current(other.client)).toMatchObject({ hasSubscription: false });
    expect(
      (await owner.client.get(`/api/v1/subscription/checkout/success?session_id=${sessionId}`)).status,
    ).toBe(200);
    expect((await current(owner.client)).subscription).toMatchObject({ status: 'trialing' });
  });
});

describe('webhooks', () => {
  it('refuses a missing or wrong signature (400), ignores other types, keeps JSON elsewhere', async () => {
    const event = fake.event('customer.created', { id: 'cus_x', object: 'customer' });
    expect((await webhook(event, { signature: null })).status).toBe(400);
    expect((await webhook(event, { secret: 'whsec_someone_else' })).status).toBe(400);
    expect((await webhook(event, { signature: 't=1,v1=00' })).status).toBe(400);
    const { payload, signature } = fake.signed(event);
    const tampered = await server.client().request('POST', '/api/v1/subscription/webhook', {
      raw: payload.replace('cus_x', 'cus_y'),
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
    expect(tampered.status).toBe(400);
    const ignored = await webhook(event, { contentType: 'application/json; charset=utf-8' });
    expect(ignored.status).toBe(200);
    expect(ignored.body).toEqual({ received: true, ignored: true });
    // The app's other JSON routes still parse their bodies (the raw parser is the webhook's own).
    const { client } = await server.signIn();
    const reply = await client.post('/api/v1/subscription/calculate-proration', {
      newPlanType: 'standard-annual',
    });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe('You have no active subscription.');
    const bad = await client.request('POST', '/api/v1/subscription/create-checkout', {
      raw: '{"planType":',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.status).toBe(400);
  });

  it('answers 404 when Stripe is not configured', async () => {
    const local = await startServer();
    try {
      const { payload, signature } = fake.signed(
        fake.event('customer.created', { id: 'cus_x', object: 'customer' }),
      );
      const reply = await local.client().request('POST', '/api/v1/subscription/webhook', {
        raw: payload,
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      });
      expect(reply.status).toBe(404);
    } finally {
      await local.close();
    }
  });

  it('a replayed event changes nothing', async () => {
    const { client } = await server.signIn();
    const { subscription } = await subscribe(client, 'standard-monthly', { applyFirstTimeTrial: false });
    const at = seconds() + 60;
    const pastDue = fake.event(
      'customer.subscription.updated',
      { ...subscription, status: 'past_due' },
      { created: at },
    );
    expect((await webhook(pastDue)).status).toBe(200);
    expect((await current(client)).subscription!.status).toBe('past_due');
    // Paid again in the same second: the later delivery wins.
    const paid = fake.event(
      'customer.subscription.updated',
      { ...subscription, status: 'active' },
      { created: at },
    );
    expect((await webhook(paid)).status).toBe(200);
    expect((await current(client)).subscription!.status).toBe('active');
    // The first one delivered again: its id is kept, so it is not applied again.
    expect((await webhook(pastDue)).status).toBe(200);
    expect((await current(client)).subscription!.status).toBe('active');
    expect(await eventRows(pastDue.id)).toHaveLength(1);
  });

  it('an older customer.subscription.updated after a newer one does not roll the state back', async () => {
    const { client } = await server.signIn();
    const { subscription } = await subscribe(client, 'standard-monthly', { applyFirstTimeTrial: false });
    const end = subscription.items.data[0]!.current_period_end;
    const newer = fake.event(
      'customer.subscription.updated',
      { ...subscription, cancel_at_period_end: true, cancel_at: end, canceled_at: seconds() + 120 },
      { created: seconds() + 120 },
    );
    const older = fake.event(
      'customer.subscription.updated',
      { ...subscription, cancel_at_period_end: false },
      { created: seconds() + 30 },
    );
    expect((await webhook(newer)).status).toBe(200);
    expect((await webhook(older)).status).toBe(200);
    const sub = (await current(client)).subscription!;
    expect(sub.cancel_at_period_end).toBe(true);
    expect(await eventRows(older.id)).toHaveLength(1);
  });

  it('renewals: invoice.paid records the cycle invoice once, payment_failed is past due, deleted drops to free', async () => {
    const { client } = await server.signIn();
    const { subscription } = await subscribe(client, 'standard-monthly', { applyFirstTimeTrial: false });
    const renewed = fake.renew(subscription.id);
    expect((await webhook(fake.event('invoice.paid', renewed.invoice))).status).toBe(200);
    // Stripe sends an invoice again under another event (invoice.payment_succeeded is not read, a retry is).
    expect((await webhook(fake.event('invoice.paid', renewed.invoice))).status).toBe(200);
    let sub = (await current(client)).subscription!;
    expect(sub).toMatchObject({
      status: 'active',
      latest_invoice: { total: 1299, reason: 'subscription_cycle' },
    });
    expect(sub.current_period_end).toBe(
      new Date(renewed.subscription.items.data[0]!.current_period_end * 1000).toISOString(),
    );
    const invoices = (await client.get<{ invoices: { reason: string }[] }>('/api/v1/subscription/invoices'))
      .body.invoices;
    expect(invoices.map((i) => i.reason)).toEqual(['subscription_cycle', 'subscription_create']);

    const failed = fake.renew(subscription.id, { fail: true });
    expect((await webhook(fake.event('invoice.payment_failed', failed.invoice))).status).toBe(200);
    sub = (await current(client)).subscription!;
    expect(sub.status).toBe('past_due');
    expect(
      (await client.get<{ allowed: boolean }>('/api/v1/patient/check-feature/weekly-insights')).body.allowed,
    ).toBe(true);

    const ended = fake.update<FakeSubscription>(subscription.id, {
      status: 'canceled',
      ended_at: seconds(),
      canceled_at: seconds(),
    });
    expect((await webhook(fake.event('customer.subscription.deleted', ended))).status).toBe(200);
    expect((await current(client)).subscription).toMatchObject({ planType: 'free-tier', status: 'active' });
    expect(
      (await client.get<{ allowed: boolean }>('/api/v1/patient/check-feature/weekly-insights')).body.allowed,
    ).toBe(false);

    // Back to Standard: the same Stripe customer (the trial was never taken, so it is offered).
    await startCheckout(client, 'standard-monthly', { applyFirstTimeTrial: true });
    const sent = lastCall(/^\/v1\/checkout\/sessions$/);
    expect(sent.customer).toBe(subscription.customer);
    expect(sent.customer_email).toBeUndefined();
    expect(sent).toMatchObject({ subscription_data: { trial_period_days: '14' } });
  });

  it('one first-time trial per person: after a trial ends in a drop to free, no second one', async () => {
    const { client } = await server.signIn();
    const { subscription } = await subscribe(client, 'standard-monthly', { applyFirstTimeTrial: true });
    const ended = fake.update<FakeSubscription>(subscription.id, {
      status: 'canceled',
      ended_at: seconds(),
      canceled_at: seconds(),
    });
    expect((await webhook(fake.event('customer.subscription.deleted', ended))).status).toBe(200);
    expect((await current(client)).subscription).toMatchObject({ planType: 'free-tier' });
    await startCheckout(client, 'standard-monthly', { applyFirstTimeTrial: true });
    expect(
      (lastCall(/^\/v1\/checkout\/sessions$/).subscription_data as Record<string, unknown>).trial_period_days,
    ).toBeUndefined();
  });

  it('ignores a subscription of nobody we know', async () => {
    const stranger = {
      ...fake.subscription(
        (await subscribe((await server.signIn()).client, 'standard-monthly')).subscription.id,
      ),
      id: 'sub_stranger',
      metadata: { userId: '00000000-0000-4000-8000-000000000000' },
    };
    const reply = await webhook(fake.event('customer.subscription.updated', stranger));
    expect(reply.status).toBe(200);
    const rows = await server.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.externalSubscriptionId, 'sub_stranger'));
    expect(rows).toHaveLength(0);
  });
});

describe('plan changes on Stripe', () => {
  it('upgrade: the preview is the upcoming invoice, the plan changes at once with a prorated invoice', async () => {
    const { client, user } = await server.signIn();
    const start = server.clock.now();
    try {
      const { subscription } = await subscribe(client, 'standard-monthly', { applyFirstTimeTrial: false });
      server.clock.advance(10 * DAY);
      await relogin(server, client, user.email);
      const preview = await client.post<{
        prorationAmount: number;
        willProrate: boolean;
        remainingDays: number;
      }>('/api/v1/subscription/calculate-proration', { newPlanType: 'standard-annual' });
      expect(preview.status).toBe(200);
      expect(preview.body.willProrate).toBe(true);
      expect(preview.body.prorationAmount).toBeGreaterThan(11999 - 1299);
      expect(preview.body.prorationAmount).toBeLessThan(11999);
      expect(lastCall(/^\/v1\/invoices\/create_preview$/)).toMatchObject({
        subscription: subscription.id,
        subscription_details: {
          items: [{ id: subscription.items.data[0]!.id, price: 'price_annual' }],
          proration_behavior: 'always_invoice',
        },
      });

      const upgrade = await client.put('/api/v1/subscription/update', {
        planType: 'standard-annual',
        updateType: 'immediate',
      });
      expect(upgrade.body).toMatchObject({
        success: true,
        isUpgrade: true,
        message: 'Subscription upgraded successfully!',
      });
      expect(lastCall(/^\/v1\/subscriptions\/sub_/)).toMatchObject({
        proration_behavior: 'always_invoice',
        payment_behavior: 'error_if_incomplete',
      });
      const sub = (await current(client)).subscription!;
      expect(sub.planType).toBe('standard-annual');
      expect(Math.abs(sub.latest_invoice!.total - preview.body.prorationAmount)).toBeLessThanOrEqual(1);
      expect(sub.latest_invoice!.reason).toBe('subscription_update');
      expect(sub.latest_invoice!.lines.some((l) => l.proration && l.amount < 0)).toBe(true);
      expect(fake.subscription(subscription.id).items.data[0]!.price.id).toBe('price_annual');
    } finally {
      server.clock.set(start);
    }
  });

  it('a refused card leaves the plan as it was (402)', async () => {
    const { client } = await server.signIn();
    await subscribe(client, 'standard-monthly', { applyFirstTimeTrial: false });
    fake.declineNext = true;
    const reply = await client.put('/api/v1/subscription/update', {
      planType: 'standard-annual',
      updateType: 'immediate',
    });
    expect(reply.status).toBe(402);
    expect(reply.body.message).toBe('Your card was declined.');
    expect((await current(client)).subscription!.planType).toBe('standard-monthly');
  });

  it('downgrade: a subscription schedule at the period end, taken back; to free it ends by cancelling; cancel and resume', async () => {
    const { client } = await server.signIn();
    const { subscription } = await subscribe(client, 'standard-annual', { applyFirstTimeTrial: false });
    const down = await client.put('/api/v1/subscription/update', {
      planType: 'standard-monthly',
      updateType: 'renewal',
    });
    expect(down.body).toMatchObject({ success: true, isDowngrade: true });
    let sub = (await current(client)).subscription!;
    expect(sub.planType).toBe('standard-annual');
    expect(sub.scheduled_change).toEqual({
      new_plan: 'standard-monthly',
      effective_date: sub.current_period_end,
    });
    const scheduleId = fake.subscription(subscription.id).schedule!;
    const schedule = fake.object<{
      end_behavior: string;
      phases: { items: { price: string }[]; start_date: number }[];
    }>(scheduleId);
    expect(schedule.end_behavior).toBe('release');
    expect(schedule.phases.map((p) => p.items[0]!.price)).toEqual(['price_annual', 'price_monthly']);
    expect(schedule.phases[1]!.start_date * 1000).toBe(new Date(sub.current_period_end!).getTime());

    expect((await client.delete('/api/v1/subscription/scheduled')).status).toBe(200);
    expect((await current(client)).subscription!.scheduled_change).toBeNull();
    expect(fake.object<{ status: string }>(scheduleId).status).toBe('released');
    expect(fake.subscription(subscription.id).schedule).toBeNull();

    const toFree = await client.post('/api/v1/subscription/create-checkout', { planType: 'free-tier' });
    expect(toFree.status).toBe(200);
    sub = (await current(client)).subscription!;
    expect(sub.scheduled_change).toEqual({ new_plan: 'free-tier', effective_date: sub.current_period_end });
    const freeSchedule = fake.object<{ end_behavior: string; phases: unknown[] }>(
      fake.subscription(subscription.id).schedule!,
    );
    expect(freeSchedule).toMatchObject({ end_behavior: 'cancel' });
    expect(freeSchedule.phases).toHaveLength(1);

    // Cancel at the period end (the schedule is released first: Stripe refuses otherwise), resume.
    const cancel = await client.post('/api/v1/subscription/cancel', { immediate: false });
    expect(cancel.status).toBe(200);
    sub = (await current(client)).subscription!;
    expect(sub).toMatchObject({ cancel_at_period_end: true, scheduled_change: null });
    expect(fake.subscription(subscription.id)).toMatchObject({ cancel_at_period_end: true, schedule: null });
    expect((await client.post('/api/v1/subscription/resume')).status).toBe(200);
    expect((await current(client)).subscription!.cancel_at_period_end).toBe(false);
    expect(fake.subscription(subscription.id).cancel_at_period_end).toBe(false);
  });

  it('the Billing Portal opens for the customer and comes back to the plan page', async () => {
    const { client } = await server.signIn();
    const { subscription } = await subscribe(client, 'standard-monthly');
    const reply = await client.post<{ url: string }>('/api/v1/subscription/portal');
    expect(reply.status).toBe(200);
    expect(reply.body.url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\//);
    expect(lastCall(/^\/v1\/billing_portal\/sessions$/)).toEqual({
      customer: subscription.customer,
      return_url: `${PUBLIC_URL}/subscription`,
    });
  });

  it("another user's subscription cannot be touched", async () => {
    const owner = await server.signIn();
    const { subscription } = await subscribe(owner.client, 'standard-monthly');
    const other = await server.signIn();
    const calls = fake.requests.length;
    for (const [method, path, body] of [
      ['put', '/api/v1/subscription/update', { planType: 'standard-annual' }],
      ['post', '/api/v1/subscription/cancel', { immediate: false }],
      ['post', '/api/v1/subscription/resume', {}],
      ['post', '/api/v1/subscription/calculate-proration', { newPlanType: 'standard-annual' }],
    ] as const) {
      const reply = await other.client[method](path, body);
      expect(reply.status, path).toBe(400);
    }
    expect((await other.client.post('/api/v1/subscription/portal')).status).toBe(400);
    const named = await other.client.post('/api/v1/subscription/create-checkout', {
      planType: 'standard-monthly',
      userId: owner.user.id,
    });
    expect(named.status).toBe(403);
    expect(fake.requests.length).toBe(calls);
    expect(fake.subscription(subscription.id)).toMatchObject({
      status: 'trialing',
      cancel_at_period_end: false,
    });
  });
});

describe('promo codes on Stripe', () => {
  it('syncPromo makes a coupon and a promotion code and keeps them in step; removePromo retires them', async () => {
    const port = server.services.billing.port;
    expect(port).toBeInstanceOf(StripeBilling);
    let row = await insertPromo(server, {
      code: 'SYNC20',
      discountValue: 20,
      duration: 'multipleMonths',
      durationInMonths: 3,
    });
    const ids = await port.syncPromo!(row);
    expect(fake.object(ids.couponId)).toMatchObject({
      percent_off: 20,
      duration: 'repeating',
      duration_in_months: 3,
      name: 'SYNC20',
    });
    expect(fake.object(ids.promotionId)).toMatchObject({
      code: 'SYNC20',
      active: true,
      expires_at: promoExpiry('2099-12-31'),
      promotion: { type: 'coupon', coupon: ids.couponId },
    });
    row = { ...row, externalCouponId: ids.couponId, externalPromotionId: ids.promotionId };

    const creates = fake.calls(/^\/v1\/(coupons|promotion_codes)$/, 'POST').length;
    expect(await port.syncPromo!(row)).toEqual(ids);
    expect(fake.calls(/^\/v1\/(coupons|promotion_codes)$/, 'POST')).toHaveLength(creates);

    // Deactivated: the same promotion code, inactive; active again: active.
    expect(await port.syncPromo!({ ...row, active: false })).toEqual(ids);
    expect(fake.object(ids.promotionId)).toMatchObject({ active: false });
    expect(await port.syncPromo!(row)).toEqual(ids);
    expect(fake.object(ids.promotionId)).toMatchObject({ active: true });

    // A new expiry: a new promotion code for the same coupon, the old one retired.
    const moved = await port.syncPromo!({ ...row, expiresAt: '2098-06-30' });
    expect(moved.couponId).toBe(ids.couponId);
    expect(moved.promotionId).not.toBe(ids.promotionId);
    expect(fake.object(ids.promotionId)).toMatchObject({ active: false });
    expect(fake.object(moved.promotionId)).toMatchObject({
      active: true,
      expires_at: promoExpiry('2098-06-30'),
      code: 'SYNC20',
    });

    const fixed = await insertPromo(server, {
      code: 'SYNCTEN',
      discountType: 'fixed',
      discountValue: 1000,
      duration: 'once',
    });
    const fixedIds = await port.syncPromo!(fixed);
    expect(fake.object(fixedIds.couponId)).toMatchObject({
      amount_off: 1000,
      currency: 'usd',
      duration: 'once',
      percent_off: null,
    });

    await port.removePromo!({ ...row, externalPromotionId: moved.promotionId });
    expect(fake.object(moved.promotionId)).toMatchObject({ active: false });
    expect(() => fake.object(ids.couponId)).toThrow();
  });

  it('a promo code at checkout is applied by Stripe and redeemed once', async () => {
    const promo = await insertPromo(server, { code: 'WELCOME10', discountValue: 10 });
    const { client } = await server.signIn();
    const { sessionId } = await startCheckout(client, 'standard-monthly', {
      applyFirstTimeTrial: false,
      promoCode: 'welcome10',
      captchaToken: await captchaToken(client),
    });
    const [synced] = await server.database.db.select().from(promoCodes).where(eq(promoCodes.id, promo.id));
    expect(synced!.externalPromotionId).toMatch(/^promo_/);
    expect(lastCall(/^\/v1\/checkout\/sessions$/)).toMatchObject({
      discounts: [{ promotion_code: synced!.externalPromotionId }],
      metadata: { promoCodeId: promo.id },
    });
    fake.completeSession(sessionId);
    expect((await client.get(`/api/v1/subscription/checkout/success?session_id=${sessionId}`)).status).toBe(
      200,
    );
    expect((await webhook(fake.event('checkout.session.completed', fake.object(sessionId)))).status).toBe(
      200,
    );
    const sub = (await current(client)).subscription!;
    expect(sub).toMatchObject({
      status: 'active',
      promoCode: 'WELCOME10',
      latest_invoice: { total: 1169, discount: 130 },
    });
    const [after] = await server.database.db.select().from(promoCodes).where(eq(promoCodes.id, promo.id));
    expect(after!.currentUses).toBe(1);

    // Later changes keep the promo and read it in the change's own transaction.
    expect((await client.post('/api/v1/subscription/cancel', { immediate: false })).status).toBe(200);
    expect((await client.post('/api/v1/subscription/resume')).status).toBe(200);
    expect(
      (await client.post('/api/v1/subscription/create-checkout', { planType: 'free-tier' })).status,
    ).toBe(200);
    expect((await client.delete('/api/v1/subscription/scheduled')).status).toBe(200);
    expect((await current(client)).subscription).toMatchObject({
      promoCode: 'WELCOME10',
      cancel_at_period_end: false,
      scheduled_change: null,
    });
  });
});

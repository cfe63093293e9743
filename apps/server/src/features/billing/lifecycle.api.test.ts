import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Client, type TestServer } from '../../../test/harness.js';
import { good, relogin, subscribe } from './billing-test-kit.js';

interface Sub {
  planType: string;
  plan_type: string;
  status: string;
  trialEnd: string | null;
  currentPeriodEnd: string | null;
  current_period_end: string | null;
  cancel_at_period_end: boolean;
  scheduled_change: { new_plan: string; effective_date: string } | null;
  latest_invoice: { total: number; lines: { amount: number; proration: boolean }[]; reason: string } | null;
}
interface Current {
  hasSubscription: boolean;
  subscription: Sub | null;
}
const DAY = 86_400_000;

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

async function current(client: Client) {
  return (await client.get<Current>('/api/v1/subscription/current')).body;
}

/** Moves the clock to just after `instant`, signs in again and runs the renewal tick's work. */
async function crossTo(client: Client, email: string, instant: string) {
  server.clock.set(new Date(new Date(instant).getTime() + 60_000));
  await server.services.billing.renewDue();
  await relogin(server, client, email);
}

describe('plans and features', () => {
  it('lists the three plans with prices in cents, to anyone', async () => {
    const reply = await server
      .client()
      .get<{ plans: { id: string; price: number; popular: boolean; interval: string }[] }>(
        '/api/v1/subscription/plans',
      );
    expect(reply.status).toBe(200);
    expect(reply.body.plans.map((p) => [p.id, p.price, p.interval])).toEqual([
      ['free-tier', 0, 'lifetime'],
      ['standard-monthly', 1299, 'month'],
      ['standard-annual', 11999, 'year'],
    ]);
    expect(reply.body.plans.filter((p) => p.popular).map((p) => p.id)).toEqual(['standard-annual']);
  });

  it('a new account is on the free plan: no subscription, paid features refused with "subscription"', async () => {
    const { client } = await server.signIn();
    expect(await current(client)).toMatchObject({ hasSubscription: false, subscription: null });
    const paid = await client.get<{ allowed: boolean; planType: string; message: string }>(
      '/api/v1/patient/check-feature/weekly-insights',
    );
    expect(paid.body).toMatchObject({ allowed: false, planType: 'free-tier' });
    expect(paid.body.message).toContain('subscription');
    expect(
      (await client.get<{ allowed: boolean }>('/api/v1/patient/check-feature/journaling')).body.allowed,
    ).toBe(true);
    expect((await client.get('/api/v1/patient/check-feature/teleportation')).status).toBe(404);
  });

  it('choosing the free plan activates it; at signup it sends the client to the login', async () => {
    const { client } = await server.signIn();
    const reply = await client.post('/api/v1/subscription/create-checkout', {
      planType: 'free-tier',
      isSignup: true,
    });
    expect(reply.body).toMatchObject({
      success: true,
      message: 'Free plan activated successfully!',
      redirect: '/auth/login/client',
    });
    expect(await current(client)).toMatchObject({
      hasSubscription: true,
      subscription: { planType: 'free-tier', status: 'active' },
    });
    expect(
      (await client.post('/api/v1/subscription/create-checkout', { planType: 'free-tier' })).status,
    ).toBe(409);
  });
});

describe('the local hosted checkout', () => {
  it('takes test cards only, refuses a declined card, and activates the trial once paid', async () => {
    const { client } = await server.signIn();
    const start = await client.post<{ url: string; sessionId: string }>(
      '/api/v1/subscription/create-checkout',
      {
        planType: 'standard-monthly',
        applyFirstTimeTrial: true,
      },
    );
    expect(start.status).toBe(200);
    expect(start.body.url).toMatch(/^\/checkout\/cs_local_/);
    const id = encodeURIComponent(start.body.sessionId);
    const page = await client.get<{ session: { withTrial: boolean; status: string; plan: { id: string } } }>(
      `/api/v1/subscription/local-checkout/${id}`,
    );
    expect(page.body.session).toMatchObject({
      withTrial: true,
      status: 'open',
      plan: { id: 'standard-monthly' },
    });

    const other = await server.signIn();
    expect((await other.client.get(`/api/v1/subscription/local-checkout/${id}`)).status).toBe(404);
    expect((await other.client.post(`/api/v1/subscription/local-checkout/${id}/pay`, good)).status).toBe(404);

    const notTest = await client.post(`/api/v1/subscription/local-checkout/${id}/pay`, {
      ...good,
      cardNumber: '5555 5555 5555 4444',
    });
    expect(notTest.status).toBe(400);
    expect(notTest.body.message).toBe('This checkout accepts test cards only, such as 4242 4242 4242 4242.');
    const declined = await client.post(`/api/v1/subscription/local-checkout/${id}/pay`, {
      ...good,
      cardNumber: '4000000000000002',
    });
    expect(declined.status).toBe(402);
    expect(declined.body.message).toBe('Your card was declined.');
    expect(
      (await client.post(`/api/v1/subscription/local-checkout/${id}/pay`, { ...good, expiry: '01/20' }))
        .status,
    ).toBe(400);
    expect(await current(client)).toMatchObject({ hasSubscription: false });
    expect((await client.get(`/api/v1/subscription/checkout/success?session_id=${id}`)).body.message).toBe(
      'There was a problem activating your subscription. Please contact support.',
    );

    const paid = await client.post<{ redirect: string }>(
      `/api/v1/subscription/local-checkout/${id}/pay`,
      good,
    );
    expect(paid.status).toBe(200);
    expect(paid.body.redirect).toContain(`session_id=${start.body.sessionId}`);
    const success = await client.get('/api/v1/subscription/checkout/success?session_id=' + id);
    expect(success.body).toMatchObject({ success: true, isUpgrade: false, isDowngrade: false });
    const now = server.clock.now().getTime();
    const sub = (await current(client)).subscription!;
    expect(sub).toMatchObject({
      planType: 'standard-monthly',
      plan_type: 'standard-monthly',
      status: 'trialing',
    });
    expect(Math.round((new Date(sub.trialEnd!).getTime() - now) / DAY)).toBe(14);
    expect(
      (await client.get<{ allowed: boolean }>('/api/v1/patient/check-feature/weekly-insights')).body.allowed,
    ).toBe(true);
    // Paying again answers the same redirect and changes nothing.
    expect((await client.post(`/api/v1/subscription/local-checkout/${id}/pay`, good)).status).toBe(200);
    expect(
      (await client.get<{ invoices: unknown[] }>('/api/v1/subscription/invoices')).body.invoices,
    ).toHaveLength(1);
  });

  it('the annual trial is 2 months', async () => {
    const { client } = await server.signIn();
    await subscribe(client, 'standard-annual');
    const sub = (await current(client)).subscription!;
    const start = new Date(server.clock.now());
    const expected = new Date(start);
    expected.setUTCMonth(expected.getUTCMonth() + 2);
    expect(Math.abs(new Date(sub.trialEnd!).getTime() - expected.getTime())).toBeLessThan(5 * 60_000 + DAY);
    expect(sub.status).toBe('trialing');
  });
});

describe('the lifecycle on the clock', () => {
  it('free → trial → active → upgrade with proration → scheduled downgrade → cancel → drop to free; no second trial; resume', async () => {
    const { client, user } = await server.signIn();
    const start = server.clock.now();
    try {
      await client.post('/api/v1/subscription/create-checkout', { planType: 'free-tier' });
      await subscribe(client, 'standard-monthly');
      let sub = (await current(client)).subscription!;
      expect(sub.status).toBe('trialing');

      // The trial ends: the first charge, and the subscription is active for a month.
      await crossTo(client, user.email, sub.trialEnd!);
      sub = (await current(client)).subscription!;
      expect(sub).toMatchObject({
        status: 'active',
        planType: 'standard-monthly',
        latest_invoice: { total: 1299, reason: 'subscription_cycle' },
      });
      // A second run of the same work bills nothing more.
      await server.services.billing.renewDue();
      expect(
        (await client.get<{ invoices: unknown[] }>('/api/v1/subscription/invoices')).body.invoices,
      ).toHaveLength(2);

      // Ten days into the month: the proration preview, then the upgrade at once.
      server.clock.set(new Date(new Date(sub.trialEnd!).getTime() + 10 * DAY));
      await relogin(server, client, user.email);
      const preview = await client.post<{
        currentPlan: string;
        newPlan: string;
        remainingDays: number;
        willProrate: boolean;
        prorationAmount: number;
      }>('/api/v1/subscription/calculate-proration', { newPlanType: 'standard-annual' });
      expect(preview.body).toMatchObject({
        currentPlan: 'standard-monthly',
        newPlan: 'standard-annual',
        willProrate: true,
      });
      expect(preview.body.remainingDays).toBeGreaterThanOrEqual(17);
      expect(preview.body.prorationAmount).toBeGreaterThan(11999 - 1299);
      expect(preview.body.prorationAmount).toBeLessThan(11999);
      const upgrade = await client.put('/api/v1/subscription/update', {
        planType: 'standard-annual',
        updateType: 'immediate',
      });
      expect(upgrade.body).toMatchObject({ success: true, message: 'Subscription upgraded successfully!' });
      sub = (await current(client)).subscription!;
      expect(sub.planType).toBe('standard-annual');
      expect(sub.latest_invoice!.total).toBe(preview.body.prorationAmount);
      expect(sub.latest_invoice!.lines.some((l) => l.proration && l.amount < 0)).toBe(true);

      // A downgrade waits for the period's end (and can be taken back).
      const down = await client.put('/api/v1/subscription/update', {
        planType: 'standard-monthly',
        updateType: 'renewal',
        reason: 'user_downgrade',
      });
      expect(down.body).toMatchObject({ success: true, isDowngrade: true });
      expect(down.body.message).toMatch(
        /^Your plan will change to Standard Monthly on [A-Z][a-z]{2} \d{1,2}, \d{4}\.$/,
      );
      const promoDown = await client.put('/api/v1/subscription/update', {
        planType: 'free-tier',
        updateType: 'renewal',
        promoCode: 'ANY',
      });
      expect(promoDown.status).toBe(400);
      expect(promoDown.body.message).toBe('Promo codes apply to new subscriptions and upgrades.');
      sub = (await current(client)).subscription!;
      expect(sub.planType).toBe('standard-annual');
      expect(sub.scheduled_change).toEqual({
        new_plan: 'standard-monthly',
        effective_date: sub.current_period_end,
      });
      expect((await client.get('/api/v1/subscription/scheduled')).body.scheduled).toEqual(
        sub.scheduled_change,
      );
      expect((await client.delete('/api/v1/subscription/scheduled')).status).toBe(200);
      expect((await current(client)).subscription!.scheduled_change).toBeNull();
      expect((await client.delete('/api/v1/subscription/scheduled')).status).toBe(404);
      await client.put('/api/v1/subscription/update', {
        planType: 'standard-monthly',
        updateType: 'renewal',
      });
      await crossTo(client, user.email, sub.current_period_end!);
      sub = (await current(client)).subscription!;
      expect(sub).toMatchObject({
        planType: 'standard-monthly',
        status: 'active',
        scheduled_change: null,
        latest_invoice: { total: 1299 },
      });

      // Cancel at the period's end; resume; cancel again; the period ends: free.
      const cancel = await client.post('/api/v1/subscription/cancel', {
        immediate: false,
        reason: 'user_request',
      });
      expect(cancel.body.message).toBe(
        "Subscription canceled successfully. You'll retain access until the end of your billing period.",
      );
      expect((await current(client)).subscription!.cancel_at_period_end).toBe(true);
      expect((await client.post('/api/v1/subscription/resume')).status).toBe(200);
      expect((await current(client)).subscription!.cancel_at_period_end).toBe(false);
      await client.post('/api/v1/subscription/cancel', { immediate: false, reason: 'user_request' });
      expect(
        (await client.get<{ allowed: boolean }>('/api/v1/patient/check-feature/weekly-insights')).body
          .allowed,
      ).toBe(true);
      sub = (await current(client)).subscription!;
      await crossTo(client, user.email, sub.current_period_end!);
      expect((await current(client)).subscription).toMatchObject({ planType: 'free-tier', status: 'active' });
      expect(
        (await client.get<{ allowed: boolean }>('/api/v1/patient/check-feature/weekly-insights')).body
          .allowed,
      ).toBe(false);

      // Back to Standard: no second trial.
      await subscribe(client, 'standard-monthly', { applyFirstTimeTrial: true });
      sub = (await current(client)).subscription!;
      expect(sub).toMatchObject({
        status: 'active',
        trialEnd: null,
        latest_invoice: { total: 1299, reason: 'subscription_create' },
      });
    } finally {
      server.clock.set(start);
    }
  });

  it('renews each due period exactly once when the work runs twice at the same time', async () => {
    const { client, user } = await server.signIn();
    const start = server.clock.now();
    try {
      await subscribe(client, 'standard-monthly', { applyFirstTimeTrial: false });
      const sub = (await current(client)).subscription!;
      server.clock.set(new Date(new Date(sub.current_period_end!).getTime() + 60_000));
      await Promise.all([server.services.billing.renewDue(), server.services.billing.renewDue()]);
      await relogin(server, client, user.email);
      const invoices = (await client.get<{ invoices: { reason: string }[] }>('/api/v1/subscription/invoices'))
        .body.invoices;
      expect(invoices.map((i) => i.reason).sort()).toEqual(['subscription_create', 'subscription_cycle']);
    } finally {
      server.clock.set(start);
    }
  });

  it('a card that fails renewals leaves the plan past due, then free after the grace days', async () => {
    const { client, user } = await server.signIn();
    const start = server.clock.now();
    try {
      const begin = await client.post<{ sessionId: string }>('/api/v1/subscription/create-checkout', {
        planType: 'standard-monthly',
        applyFirstTimeTrial: false,
      });
      await client.post(
        `/api/v1/subscription/local-checkout/${encodeURIComponent(begin.body.sessionId)}/pay`,
        { ...good, cardNumber: '4000 0000 0000 0341' },
      );
      const sub = (await current(client)).subscription!;
      await crossTo(client, user.email, sub.current_period_end!);
      expect((await current(client)).subscription).toMatchObject({
        status: 'past_due',
        latest_invoice: { total: 1299 },
      });
      expect(
        (await client.get<{ allowed: boolean }>('/api/v1/patient/check-feature/weekly-insights')).body
          .allowed,
      ).toBe(true);
      await crossTo(
        client,
        user.email,
        new Date(new Date(sub.current_period_end!).getTime() + 8 * DAY).toISOString(),
      );
      expect((await current(client)).subscription).toMatchObject({ planType: 'free-tier', status: 'active' });
    } finally {
      server.clock.set(start);
    }
  });
});

describe('who may do what', () => {
  it("refuses another user's id in a body, providers on client calls and clients on admin calls", async () => {
    const { client } = await server.signIn();
    const other = await server.createUser();
    const reply = await client.post('/api/v1/subscription/create-checkout', {
      planType: 'standard-monthly',
      userId: other.id,
    });
    expect(reply.status).toBe(403);
    expect(reply.body.message).toBe('You can only manage your own subscription.');
    const provider = (await server.signIn({ role: 'provider' })).client;
    expect((await provider.get('/api/v1/subscription/current')).status).toBe(403);
    expect(
      (await provider.post('/api/v1/subscription/create-checkout', { planType: 'standard-monthly' })).status,
    ).toBe(403);
    expect((await client.get('/api/v1/subscriptions')).status).toBe(403);
    expect(
      (await client.patch(`/api/v1/subscriptions/${other.id}/status`, { status: 'canceled' })).status,
    ).toBe(403);
    expect((await server.client().get('/api/v1/subscription/current')).status).toBe(401);
  });

  it('without a paid plan there is nothing to update, cancel or resume', async () => {
    const { client } = await server.signIn();
    for (const [method, path, body] of [
      ['put', '/api/v1/subscription/update', { planType: 'standard-annual' }],
      ['post', '/api/v1/subscription/cancel', { immediate: false }],
      ['post', '/api/v1/subscription/resume', {}],
      ['post', '/api/v1/subscription/calculate-proration', { newPlanType: 'standard-annual' }],
    ] as const) {
      const reply = await client[method](path, body);
      expect(reply.status, path).toBe(400);
      expect(reply.body.message).toBe('You have no active subscription.');
    }
  });
});

describe('the admin subscriptions list', () => {
  it('pages, searches by user, filters by status and plan, and changes a status (audited)', async () => {
    const admin = (await server.signIn({ role: 'admin' })).client;
    const { client, user } = await server.signIn({ firstName: 'Zelda', lastName: 'Quartz' });
    await subscribe(client, 'standard-annual');
    const list = await admin.get<{
      subscriptions: { id: string; status: string; user: { email: string } }[];
      total: number;
    }>(
      `/api/v1/subscriptions?search=${encodeURIComponent('Zelda Quartz')}&status=trialing&plan=standard-annual`,
    );
    expect(list.status).toBe(200);
    expect(list.body.subscriptions.map((s) => s.user.email)).toEqual([user.email]);
    const id = list.body.subscriptions[0]!.id;
    const changed = await admin.patch(`/api/v1/subscriptions/${id}/status`, { status: 'past_due' });
    expect(changed.body).toMatchObject({ success: true, subscription: { status: 'past_due' } });
    expect((await admin.patch(`/api/v1/subscriptions/${id}/status`, { status: 'sleeping' })).status).toBe(
      400,
    );
    expect((await admin.patch('/api/v1/subscriptions/not-an-id/status', { status: 'active' })).status).toBe(
      404,
    );
  });
});

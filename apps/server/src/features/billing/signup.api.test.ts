import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeIn, password, startServer, type TestServer } from '../../../test/harness.js';
import { good } from './billing-test-kit.js';

// The plan step of signup (decision 081): activation answers a signup token; with it, and before
// any sign-in, the new client picks a plan, pays on the hosted checkout and is sent to the login.

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

const header = (token: string) => ({ headers: { 'x-signup-token': token } });

async function activationCode(email: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const reply = await server
      .client()
      .get<{ subject: string; text: string }[]>(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
    const mail = reply.body.find((m) => /Activate/.test(m.subject));
    if (mail) return codeIn(mail.text);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no activation mail to ${email}`);
}

/** Registers and activates an account; answers the activation's answer. */
async function activated(role: 'patient' | 'provider' = 'patient') {
  const email = `signup-${randomUUID().slice(0, 8)}@example.test`;
  const client = server.client();
  const registered = await client.post<{ activationToken: string }>('/api/v1/registration', {
    firstName: 'Sam',
    lastName: 'Signup',
    email,
    password,
    confirmPassword: password,
    termsAccepted: true,
    role,
  });
  expect(registered.status).toBe(201);
  const reply = await client.post<{ message: string; signupToken?: string }>('/api/v1/activate-user', {
    activation_token: registered.body.activationToken,
    activation_code: await activationCode(email),
  });
  expect(reply.status).toBe(200);
  return { email, client, body: reply.body, activationToken: registered.body.activationToken };
}

describe('the plan step of signup', () => {
  it('a new client picks Standard Monthly, pays on the hosted checkout and is sent to the login', async () => {
    const { email, client, body } = await activated();
    const token = body.signupToken!;
    expect(token.split('.')).toHaveLength(3);

    const start = await client.post<{ url: string; sessionId: string; message: string }>(
      '/api/v1/subscription/signup-checkout',
      { planType: 'standard-monthly', isSignup: true, applyFirstTimeTrial: true },
      header(token),
    );
    expect(start.status).toBe(200);
    expect(start.body.url).toMatch(/^\/checkout\/cs_local_/);
    const id = encodeURIComponent(start.body.sessionId);

    const page = await client.get<{ session: { withTrial: boolean; cancelUrl: string } }>(
      `/api/v1/subscription/local-checkout/${id}`,
      header(token),
    );
    expect(page.status).toBe(200);
    expect(page.body.session.withTrial).toBe(true);
    expect(page.body.session.cancelUrl).toMatch(/^\/subscription\/signup\?id=.+&cancel=true$/);

    const paid = await client.post<{ redirect: string }>(
      `/api/v1/subscription/local-checkout/${id}/pay`,
      good,
      header(token),
    );
    expect(paid.status).toBe(200);
    expect(paid.body.redirect).toBe(
      page.body.session.cancelUrl.replace('cancel=true', `session_id=${start.body.sessionId}`),
    );

    const confirmed = await client.get<{ message: string; redirect: string }>(
      `/api/v1/subscription/signup-checkout/success?session_id=${id}`,
      header(token),
    );
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({
      message: 'Subscription activated successfully!',
      redirect: '/auth/login/client',
    });

    const login = await client.post<{ accessToken: string }>('/api/v1/login', { email, password });
    const current = await client.get<{ subscription: { planType: string; status: string } }>(
      '/api/v1/subscription/current',
      { token: login.body.accessToken },
    );
    expect(current.body.subscription).toMatchObject({ planType: 'standard-monthly', status: 'trialing' });
  });

  it('the free plan activates and sends the client to the login', async () => {
    const { client, body } = await activated();
    const reply = await client.post(
      '/api/v1/subscription/signup-checkout',
      { planType: 'free-tier', isSignup: true },
      header(body.signupToken!),
    );
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      message: 'Free plan activated successfully!',
      redirect: '/auth/login/client',
    });
  });

  it('gives providers no signup token', async () => {
    const { body } = await activated('provider');
    expect(body.signupToken).toBeUndefined();
  });

  it("refuses a missing, forged or other-purpose token, another user's id, a promo and another client's session", async () => {
    const { client, body, activationToken } = await activated();
    const other = await activated();
    const expired = 'Your sign-up step has expired. Please log in to choose your plan.';
    for (const token of [null, 'garbage', `${body.signupToken!}x`, activationToken]) {
      const reply = await client.post(
        '/api/v1/subscription/signup-checkout',
        { planType: 'standard-monthly' },
        token ? header(token) : {},
      );
      expect(reply.status).toBe(401);
      expect(reply.body.message).toBe(expired);
    }
    const otherUser = await client.post(
      '/api/v1/subscription/signup-checkout',
      { planType: 'standard-monthly', userId: randomUUID() },
      header(body.signupToken!),
    );
    expect(otherUser.status).toBe(403);
    const promo = await client.post(
      '/api/v1/subscription/signup-checkout',
      { planType: 'standard-monthly', promoCode: 'WELCOME20' },
      header(body.signupToken!),
    );
    expect(promo.status).toBe(400);
    expect(promo.body.message).toBe(
      'Promo codes can be applied from Choose Your Plan once you have logged in.',
    );

    // The other client's session is not this token's: not found, not payable, not confirmable.
    const theirs = await other.client.post<{ sessionId: string }>(
      '/api/v1/subscription/signup-checkout',
      { planType: 'standard-annual' },
      header(other.body.signupToken!),
    );
    const id = encodeURIComponent(theirs.body.sessionId);
    const mine = header(body.signupToken!);
    expect((await client.get(`/api/v1/subscription/local-checkout/${id}`, mine)).status).toBe(404);
    expect((await client.post(`/api/v1/subscription/local-checkout/${id}/pay`, good, mine)).status).toBe(404);
    expect(
      (await client.get(`/api/v1/subscription/signup-checkout/success?session_id=${id}`, mine)).status,
    ).toBe(404);

    // The token is no sign-in: the client's own routes still need a session.
    expect((await client.get('/api/v1/subscription/current', mine)).status).toBe(401);
  });

  it('ends an hour after activation', async () => {
    const { client, body } = await activated();
    server.clock.advance(3601_000);
    try {
      const reply = await client.post(
        '/api/v1/subscription/signup-checkout',
        { planType: 'free-tier' },
        header(body.signupToken!),
      );
      expect(reply.status).toBe(401);
    } finally {
      server.clock.reset();
    }
  });
});

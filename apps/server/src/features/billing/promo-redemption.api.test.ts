import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Client, type TestServer } from '../../../test/harness.js';
import { promoCodes } from '../../db/schema/index.js';
import { captchaToken, good, insertPromo, subscribe } from './billing-test-kit.js';
import { PromoRedemptionError, redeemPromo } from './repo.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

async function validate(client: Client, promoCode: string, planType = 'standard-monthly') {
  return client.post<{
    valid: boolean;
    code: string;
    discount: number;
    discountType: string;
    newPrice: number;
    message: string;
    description: string;
  }>('/api/v1/subscription/validate-promo', {
    promoCode,
    planType,
    captchaToken: await captchaToken(client),
  });
}

describe('validate-promo', () => {
  it('needs a code and a solved captcha, used once', async () => {
    const { client } = await server.signIn();
    await insertPromo(server, { code: 'CAPTCHA1' });
    const empty = await client.post('/api/v1/subscription/validate-promo', {
      promoCode: ' ',
      planType: 'standard-monthly',
      captchaToken: 'x',
    });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain('Please enter a promo code');
    const unsolved = await client.post('/api/v1/subscription/validate-promo', {
      promoCode: 'CAPTCHA1',
      planType: 'standard-monthly',
      captchaToken: 'bm90IGEgdG9rZW4=',
    });
    expect(unsolved.status).toBe(400);
    expect(unsolved.body.message).toBe('Please complete the captcha verification');
    const token = await captchaToken(client);
    const first = await client.post('/api/v1/subscription/validate-promo', {
      promoCode: 'captcha1',
      planType: 'standard-monthly',
      captchaToken: token,
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ valid: true, code: 'CAPTCHA1' });
    const replay = await client.post('/api/v1/subscription/validate-promo', {
      promoCode: 'CAPTCHA1',
      planType: 'standard-monthly',
      captchaToken: token,
    });
    expect(replay.status).toBe(400);
  });

  it('answers the new price for percentage and fixed codes', async () => {
    const { client } = await server.signIn();
    await insertPromo(server, { code: 'PCT25', discountValue: 25, description: 'Quarter off' });
    await insertPromo(server, {
      code: 'FIX5',
      discountType: 'fixed',
      discountValue: 500,
      description: 'Five off',
    });
    expect((await validate(client, 'PCT25')).body).toMatchObject({
      valid: true,
      code: 'PCT25',
      discount: 25,
      discountType: 'percentage',
      newPrice: 974,
      description: 'Quarter off',
      message: 'Promo code applied successfully!',
    });
    expect((await validate(client, 'FIX5', 'standard-annual')).body).toMatchObject({
      valid: true,
      discount: 5,
      discountType: 'fixed',
      newPrice: 11499,
    });
  });

  it('says why a code cannot be used: unknown, inactive, expired, used up, already used, free plan', async () => {
    const { client } = await server.signIn();
    await insertPromo(server, { code: 'OFF1', active: false });
    await insertPromo(server, { code: 'OLD1', expiresAt: '2020-01-01' });
    await insertPromo(server, { code: 'FULL1', maxUses: 1, currentUses: 1 });
    await insertPromo(server, { code: 'ONCE1', oneTimeUse: true });
    const cases: [string, string, string?][] = [
      ['NOPE', 'This promo code does not exist.'],
      ['OFF1', 'This promo code is no longer active.'],
      ['OLD1', 'This promo code has expired.'],
      ['FULL1', 'This promo code has reached its maximum number of uses.'],
      ['ONCE1', 'Promo codes apply to paid plans only.', 'free-tier'],
    ];
    for (const [code, message, plan] of cases) {
      const reply = await validate(client, code, plan);
      expect(reply.status, code).toBe(200);
      expect(reply.body, code).toMatchObject({ valid: false, message });
    }
    await subscribe(client, 'standard-monthly', {
      promoCode: 'ONCE1',
      captchaToken: await captchaToken(client),
    });
    expect((await validate(client, 'ONCE1', 'standard-annual')).body).toMatchObject({
      valid: false,
      message: 'You have already used this promo code.',
    });
  });

  it("refuses another user's id", async () => {
    const { client } = await server.signIn();
    const other = await server.createUser();
    const reply = await client.post('/api/v1/subscription/validate-promo', {
      promoCode: 'X',
      planType: 'standard-monthly',
      userId: other.id,
      captchaToken: await captchaToken(client),
    });
    expect(reply.status).toBe(403);
  });
});

describe('the captcha before every lookup of a code (Part 2 §5 Promo entry)', () => {
  const captchaFailed = 'Please complete the captcha verification';
  /** Every call that takes a promo code, with a body for a client without a paid plan. */
  const newPlanCalls = [
    ['POST', '/api/v1/subscription/create-checkout'],
    ['POST', '/api/v1/subscription/create'],
    ['POST', '/api/v1/patient/create'],
  ] as const;
  const upgradeCalls = [
    ['PUT', '/api/v1/subscription/update'],
    ['POST', '/api/v1/patient/update'],
  ] as const;
  type Call = readonly ['POST' | 'PUT', string];
  const send = (client: Client, [method, path]: Call, body: Record<string, unknown>) =>
    method === 'PUT' ? client.put(path, body) : client.post(path, body);

  it("a checkout or upgrade with a code and no, a malformed or another user's captcha is refused alike, whether the code exists or not", async () => {
    await insertPromo(server, { code: 'REAL20' });
    const { client } = await server.signIn();
    const other = await server.signIn();
    const upgrader = await server.signIn();
    await subscribe(upgrader.client, 'standard-monthly', { applyFirstTimeTrial: false });
    const cases: [Client, Call][] = [
      ...newPlanCalls.map((call): [Client, Call] => [client, call]),
      ...upgradeCalls.map((call): [Client, Call] => [upgrader.client, call]),
    ];
    for (const [who, call] of cases) {
      for (const token of [undefined, null, '', 'bm90IGEgdG9rZW4=', 'other-user'] as const) {
        const answers = [];
        for (const promoCode of ['REAL20', 'NOSUCH99']) {
          const captcha = token === 'other-user' ? await captchaToken(other.client) : token;
          const reply = await send(who, call, {
            planType: 'standard-annual',
            promoCode,
            ...(captcha === undefined ? {} : { captchaToken: captcha }),
          });
          const label = `${call.join(' ')} ${promoCode} ${String(token)}`;
          expect(reply.status, label).toBe(400);
          expect(reply.body.message, label).toBe(captchaFailed);
          answers.push(JSON.stringify(reply.body));
        }
        // Nothing tells the real code from the made-up one.
        expect(answers[0], `${call.join(' ')} ${String(token)}`).toBe(answers[1]);
      }
    }
    // Nothing was started or changed.
    expect(
      (await client.get<{ hasSubscription: boolean }>('/api/v1/subscription/current')).body.hasSubscription,
    ).toBe(false);
    expect(
      (await upgrader.client.get<{ subscription: { planType: string } }>('/api/v1/subscription/current')).body
        .subscription.planType,
    ).toBe('standard-monthly');
  });

  it('a captcha solved by one user is refused for another, on validate-promo too', async () => {
    await insertPromo(server, { code: 'MINE20' });
    const x = await server.signIn();
    const y = await server.signIn();
    const solvedByX = await captchaToken(x.client);
    const reply = await y.client.post('/api/v1/subscription/validate-promo', {
      promoCode: 'MINE20',
      planType: 'standard-monthly',
      captchaToken: solvedByX,
    });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(captchaFailed);
    // Still unused: its own user may use it.
    const own = await x.client.post('/api/v1/subscription/validate-promo', {
      promoCode: 'MINE20',
      planType: 'standard-monthly',
      captchaToken: solvedByX,
    });
    expect(own.body).toMatchObject({ valid: true, code: 'MINE20' });
  });

  it('the captcha validate-promo accepted redeems that code only, and answers no second question', async () => {
    await insertPromo(server, { code: 'FLOW20' });
    await insertPromo(server, { code: 'OTHER20' });
    const { client } = await server.signIn();
    const token = await captchaToken(client);
    const checked = await client.post('/api/v1/subscription/validate-promo', {
      promoCode: 'flow20',
      planType: 'standard-monthly',
      captchaToken: token,
    });
    expect(checked.body).toMatchObject({ valid: true, code: 'FLOW20' });
    // Another code, or the same question again, with the spent captcha: refused.
    for (const [path, promoCode] of [
      ['/api/v1/subscription/create-checkout', 'OTHER20'],
      ['/api/v1/subscription/create-checkout', 'NOSUCH99'],
      ['/api/v1/subscription/validate-promo', 'OTHER20'],
      ['/api/v1/subscription/validate-promo', 'FLOW20'],
    ] as const) {
      const reply = await client.post(path, { planType: 'standard-monthly', promoCode, captchaToken: token });
      expect(reply.status, `${path} ${promoCode}`).toBe(400);
      expect(reply.body.message, `${path} ${promoCode}`).toBe(captchaFailed);
    }
    // The checkout the plan modal goes on to, with the code it checked: the code applies.
    const sessionId = await subscribe(client, 'standard-monthly', {
      promoCode: 'FLOW20',
      captchaToken: token,
      applyFirstTimeTrial: false,
    });
    const page = await client.get<{ session: { promoCode: string } }>(
      `/api/v1/subscription/local-checkout/${encodeURIComponent(sessionId)}`,
    );
    expect(page.body.session.promoCode).toBe('FLOW20');
  });

  it('an unused captcha answers for one code: a second code with it is refused', async () => {
    await insertPromo(server, { code: 'FIRST20' });
    const { client } = await server.signIn();
    const token = await captchaToken(client);
    const unknown = await client.post('/api/v1/subscription/create-checkout', {
      planType: 'standard-monthly',
      promoCode: 'GUESS1',
      captchaToken: token,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('This promo code does not exist.');
    const second = await client.post('/api/v1/subscription/create-checkout', {
      planType: 'standard-monthly',
      promoCode: 'FIRST20',
      captchaToken: token,
    });
    expect(second.status).toBe(400);
    expect(second.body.message).toBe(captchaFailed);
  });
});

describe('redemption', () => {
  it('discounts the invoices the duration covers and counts the use', async () => {
    const { client } = await server.signIn();
    const promo = await insertPromo(server, { code: 'HALF', discountValue: 50, duration: 'once' });
    await subscribe(client, 'standard-annual', {
      promoCode: 'half',
      captchaToken: await captchaToken(client),
      applyFirstTimeTrial: false,
    });
    const invoices = (
      await client.get<{ invoices: { total: number; discount: number; promoCode: string }[] }>(
        '/api/v1/subscription/invoices',
      )
    ).body.invoices;
    expect(invoices[0]).toMatchObject({ total: 5999, discount: 6000, promoCode: 'HALF' });
    const [row] = await server.database.db.select().from(promoCodes).where(eq(promoCodes.id, promo.id));
    expect(row!.currentUses).toBe(1);
    const current = (
      await client.get<{ subscription: { promoCode: string } }>('/api/v1/subscription/current')
    ).body;
    expect(current.subscription.promoCode).toBe('HALF');
  });

  it('50 clients redeeming a code with 10 uses at once: exactly 10 succeed', async () => {
    const promo = await insertPromo(server, { code: 'TEN', maxUses: 10, oneTimeUse: true });
    const clients = await Promise.all(
      Array.from({ length: 50 }, () => server.signIn().then((s) => s.client)),
    );
    const tokens = await Promise.all(clients.map((client) => captchaToken(client)));
    const sessions = await Promise.all(
      clients.map((client, i) =>
        client.post<{ sessionId: string }>('/api/v1/subscription/create-checkout', {
          planType: 'standard-monthly',
          promoCode: 'TEN',
          captchaToken: tokens[i],
          applyFirstTimeTrial: false,
        }),
      ),
    );
    const paid = await Promise.all(
      clients.map((client, i) =>
        client.post(
          `/api/v1/subscription/local-checkout/${encodeURIComponent(sessions[i]!.body.sessionId)}/pay`,
          good,
        ),
      ),
    );
    expect(paid.filter((r) => r.status === 200)).toHaveLength(10);
    const refused = paid.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(40);
    for (const reply of refused) {
      expect(reply.status).toBe(400);
      expect(reply.body.message).toBe('This promo code has reached its maximum number of uses.');
    }
    const [row] = await server.database.db.select().from(promoCodes).where(eq(promoCodes.id, promo.id));
    expect(row!.currentUses).toBe(10);
  });

  it('a one-time code used twice at once by one client counts once', async () => {
    const { client } = await server.signIn();
    await insertPromo(server, { code: 'SOLO', oneTimeUse: true });
    const [one, two] = [await captchaToken(client), await captchaToken(client)];
    const [a, b] = await Promise.all([
      client.post<{ sessionId: string }>('/api/v1/subscription/create-checkout', {
        planType: 'standard-monthly',
        promoCode: 'SOLO',
        captchaToken: one,
      }),
      client.post<{ sessionId: string }>('/api/v1/subscription/create-checkout', {
        planType: 'standard-annual',
        promoCode: 'SOLO',
        captchaToken: two,
      }),
    ]);
    const results = await Promise.all(
      [a!, b!].map((s) =>
        client.post(`/api/v1/subscription/local-checkout/${encodeURIComponent(s.body.sessionId)}/pay`, good),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect([400, 409]).toContain(results.find((r) => r.status !== 200)!.status);
    const [row] = await server.database.db.select().from(promoCodes).where(eq(promoCodes.code, 'SOLO'));
    expect(row!.currentUses).toBe(1);
  });

  it('two redemptions of a one-time code by one client in parallel transactions: one commits', async () => {
    const user = await server.createUser();
    const promo = await insertPromo(server, { code: 'TWICE', oneTimeUse: true });
    const attempts = await Promise.allSettled(
      [0, 1].map(() => server.database.db.transaction((tx) => redeemPromo(tx, promo.id, user.id))),
    );
    expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
    const failure = attempts.find((a) => a.status === 'rejected') as PromiseRejectedResult;
    expect(failure.reason).toBeInstanceOf(PromoRedemptionError);
    const [row] = await server.database.db.select().from(promoCodes).where(eq(promoCodes.id, promo.id));
    expect(row!.currentUses).toBe(1);
  });
});

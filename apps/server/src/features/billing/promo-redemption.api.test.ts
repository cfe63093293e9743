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
    await subscribe(client, 'standard-monthly', { promoCode: 'ONCE1' });
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

describe('redemption', () => {
  it('discounts the invoices the duration covers and counts the use', async () => {
    const { client } = await server.signIn();
    const promo = await insertPromo(server, { code: 'HALF', discountValue: 50, duration: 'once' });
    await subscribe(client, 'standard-annual', { promoCode: 'half', applyFirstTimeTrial: false });
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
    const sessions = await Promise.all(
      clients.map((client) =>
        client.post<{ sessionId: string }>('/api/v1/subscription/create-checkout', {
          planType: 'standard-monthly',
          promoCode: 'TEN',
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
    const [a, b] = await Promise.all([
      client.post<{ sessionId: string }>('/api/v1/subscription/create-checkout', {
        planType: 'standard-monthly',
        promoCode: 'SOLO',
      }),
      client.post<{ sessionId: string }>('/api/v1/subscription/create-checkout', {
        planType: 'standard-annual',
        promoCode: 'SOLO',
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

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeIn, password, startServer, type Client, type TestServer } from '../../../test/harness.js';
import { usedTrials } from '../../db/schema/index.js';
import { subscribe } from './billing-test-kit.js';

// One first-time trial per person (Part 2 §9), also across a deleted account (decision 106).

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

const trialUsed = 'Your free trial has already been used.';
const strong = 'Journal@2024';
const unique = () => randomUUID().slice(0, 8);

/** A client account made through registration and activation, signed in. */
async function register(email: string): Promise<Client> {
  const reply = await server.client().post<{ activationToken: string }>('/api/v1/registration', {
    firstName: 'Again',
    lastName: 'Person',
    email,
    password: strong,
    confirmPassword: strong,
    termsAccepted: true,
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  const code = codeIn((await server.mail(email.trim().toLowerCase(), /Activate/)).text);
  const activated = await server.client().post('/api/v1/activate-user', {
    activation_token: reply.body.activationToken,
    activation_code: code,
  });
  expect(activated.status).toBe(200);
  const client = server.client();
  const login = await client.post<{ accessToken: string }>('/api/v1/login', { email, password: strong });
  expect(login.status).toBe(200);
  client.token = login.body.accessToken;
  return client;
}

/** A client with the monthly plan's trial started (checkout paid with a test card). */
async function withTrial(email: string) {
  const signedIn = await server.signIn({ email });
  await subscribe(signedIn.client, 'standard-monthly', { applyFirstTimeTrial: true });
  const current = await signedIn.client.get<{ subscription: { status: string } }>(
    '/api/v1/subscription/current',
  );
  expect(current.body.subscription.status).toBe('trialing');
  return signedIn;
}

async function deleteAccount(client: Client) {
  const reply = await client.delete('/api/v1/delete-account', { password, confirmation: 'DELETE' });
  expect(reply.status).toBe(200);
}

/** create-checkout asking for the trial: its answer and whether the checkout carries the trial. */
async function askTrial(client: Client, planType = 'standard-monthly') {
  const reply = await client.post<{ sessionId: string; message: string }>(
    '/api/v1/subscription/create-checkout',
    { planType, applyFirstTimeTrial: true },
  );
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  const page = await client.get<{ session: { withTrial: boolean } }>(
    `/api/v1/subscription/local-checkout/${encodeURIComponent(reply.body.sessionId)}`,
  );
  return { message: reply.body.message, withTrial: page.body.session.withTrial };
}

describe('the first-time trial after the account is deleted', () => {
  it('register, trial, delete, register again with the same address: no second trial', async () => {
    const email = `again-${unique()}@example.test`;
    await deleteAccount((await withTrial(email)).client);
    const again = await register(email);
    expect(await askTrial(again)).toEqual({ message: trialUsed, withTrial: false });
    // Neither on the annual plan, nor through the checkout that follows: the payment starts no trial.
    expect(await askTrial(again, 'standard-annual')).toEqual({ message: trialUsed, withTrial: false });
    await subscribe(again, 'standard-monthly', { applyFirstTimeTrial: true });
    const current = await again.get<{ subscription: { status: string; trialEnd: string | null } }>(
      '/api/v1/subscription/current',
    );
    expect(current.body.subscription).toMatchObject({ status: 'active', trialEnd: null });
  });

  it('the same mailbox written otherwise (case, +tag, Gmail dots) gets no second trial either', async () => {
    const name = `rowan.lee.${unique()}`;
    await deleteAccount((await withTrial(`${name}@gmail.com`)).client);
    const variant = `${name.replace(/\./g, '').toUpperCase()}+again@GoogleMail.com`;
    expect(await askTrial(await register(variant))).toEqual({ message: trialUsed, withTrial: false });
  });

  it('an unrelated address still gets its trial, and a deleted account without a trial leaves nothing', async () => {
    const before = (await server.database.db.select().from(usedTrials)).length;
    const { client: neverTried } = await server.signIn({ email: `never-${unique()}@example.test` });
    await deleteAccount(neverTried);
    expect((await server.database.db.select().from(usedTrials)).length).toBe(before);
    const fresh = await register(`fresh-${unique()}@example.test`);
    expect(await askTrial(fresh)).toEqual({ message: 'Redirecting to checkout', withTrial: true });
  });

  it('keeps a keyed hash of the mailbox only: no address, no id', async () => {
    const email = `hashed-${unique()}@example.test`;
    const { client, user } = await withTrial(email);
    const before = (await server.database.db.select().from(usedTrials)).length;
    await deleteAccount(client);
    const rows = await server.database.db.select().from(usedTrials);
    expect(rows).toHaveLength(before + 1);
    const text = JSON.stringify(rows);
    for (const part of [email, email.split('@')[0]!, user.id]) expect(text).not.toContain(part);
    for (const row of rows) expect(Object.keys(row)).toEqual(['mailboxHash']);
  });
});

describe('the first-time trial after a change of address', () => {
  it('the address given up keeps its used trial: a new account under it gets none', async () => {
    const old = `moving-${unique()}@example.test`;
    const { client } = await withTrial(old);
    const newEmail = `moved-${unique()}@example.test`;
    const change = await client.put<{ activationToken: string }>('/api/v1/update-user-email', {
      currentEmail: old,
      currentPassword: password,
      newEmail,
    });
    expect(change.status).toBe(200);
    const code = codeIn((await server.mail(newEmail, /Confirm your new email/)).text);
    const verified = await client.post('/api/v1/verify-new-email', {
      activation_token: change.body.activationToken,
      activation_code: code,
    });
    expect(verified.status).toBe(200);
    expect(await askTrial(await register(old))).toEqual({ message: trialUsed, withTrial: false });
  });
});

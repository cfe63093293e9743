import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeIn, password, startServer, type TestServer, testUserTimezone } from '../../../test/harness.js';
import { auditLogs, users } from '../../db/schema/index.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

const email = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@example.test`;
const login = (body: unknown) => server.client().post<Record<string, unknown>>('/api/v1/login', body);
/** A login as if from another machine. */
const loginFrom = (remoteAddress: string, body: object) =>
  server.inject({ method: 'POST', url: '/api/v1/login', payload: body, remoteAddress });

interface ErrorReply {
  success: boolean;
  code: string;
  message: string;
  errors?: { path: string; message: string }[];
}

async function auditRows(action: string, actorId: string) {
  return server.database.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.action, action), eq(auditLogs.actorId, actorId)));
}

describe('login', () => {
  it('signs in with the user shape and an HttpOnly, SameSite=Strict refresh cookie on /api', async () => {
    const user = await server.createUser({ email: email('ok'), firstName: 'Grace', lastName: 'Hopper' });
    const client = server.client();
    const reply = await client.post<{ success: boolean; accessToken: string; user: Record<string, unknown> }>(
      '/api/v1/login',
      { email: user.email.toUpperCase(), password },
    );
    expect(reply.status).toBe(200);
    expect(reply.body.success).toBe(true);
    expect(reply.body.accessToken.split('.')).toHaveLength(3);
    expect(reply.body.user).toMatchObject({
      _id: user.id,
      id: user.id,
      email: user.email,
      firstName: 'Grace',
      lastName: 'Hopper',
      userRole: 'patient',
      role: 'patient',
      avatar: { url: null },
      timezone: testUserTimezone,
      isActivated: true,
      isApproved: true,
      twoFactor: { enabled: false, method: null },
    });
    expect(typeof reply.body.user.lastLoginAt).toBe('string');
    expect(reply.body.user).not.toHaveProperty('passwordHash');
    expect(JSON.stringify(reply.body)).not.toContain('argon2');

    const cookies = reply.headers.getSetCookie();
    const refresh = cookies.find((c) => c.startsWith('ml_refresh='));
    expect(refresh).toBeDefined();
    expect(refresh).toMatch(/; HttpOnly/i);
    expect(refresh).toMatch(/; SameSite=Strict/i);
    expect(refresh).toMatch(/; Path=\/api(;|$)/i);
    expect(client.cookie('ml_refresh')?.length).toBeGreaterThan(20);

    const me = await client.get<{ user: { id: string } }>('/api/v1/me', { token: reply.body.accessToken });
    expect(me.status).toBe(200);
    expect(me.body.user.id).toBe(user.id);

    const [row] = await server.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.lastLoginAt).not.toBeNull();
    expect(await auditRows('LOGIN', user.id)).toHaveLength(1);
  });

  it('answers 401 for a wrong password and records an AUTHENTICATION_FAILURE', async () => {
    const user = await server.createUser({ email: email('wrong') });
    const reply = await login({ email: user.email, password: 'Wrong@1234' });
    expect(reply.status).toBe(401);
    expect(reply.body).toMatchObject({
      success: false,
      code: 'UNAUTHENTICATED',
      message: 'Invalid email or password.',
    });
    expect(reply.headers.getSetCookie().some((c) => c.startsWith('ml_refresh='))).toBe(false);
    const rows = await auditRows('AUTHENTICATION_FAILURE', user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ resourceType: 'login', metadata: { reason: 'wrong_password' } });
    expect(JSON.stringify(rows[0])).not.toContain('Wrong@1234');
  });

  it('answers the same 401 for an unknown account', async () => {
    const reply = await login({ email: email('nobody'), password });
    expect(reply.status).toBe(401);
    expect(reply.body.message).toBe('Invalid email or password.');
    expect(reply.body).not.toHaveProperty('activationRequired');
  });

  it('refuses an account that is not activated with 403 activationRequired (only with the right password)', async () => {
    const user = await server.createUser({ email: email('inactive'), activated: false });
    const wrong = await login({ email: user.email, password: 'Wrong@1234' });
    expect(wrong.status).toBe(401);

    const reply = await login({ email: user.email, password });
    expect(reply.status).toBe(403);
    expect(reply.body).toMatchObject({
      success: false,
      code: 'FORBIDDEN',
      activationRequired: true,
      email: user.email,
    });
    expect(reply.headers.getSetCookie().some((c) => c.startsWith('ml_refresh='))).toBe(false);
  });

  it('refuses a provider awaiting approval with 403 approvalRequired', async () => {
    const user = await server.createUser({ email: email('prov'), role: 'provider', approved: false });
    const reply = await login({ email: user.email, password });
    expect(reply.status).toBe(403);
    expect(reply.body).toMatchObject({
      approvalRequired: true,
      message:
        'Your provider account is awaiting approval by an administrator. You will be able to log in once it is approved.',
    });
    expect(reply.body).not.toHaveProperty('accessToken');
  });

  it('pauses one account from one address after 5 failed logins, never the account for other addresses', async () => {
    const user = await server.createUser({ email: email('lock') });
    const attacker = '203.0.113.9';
    for (let i = 0; i < 5; i += 1) {
      const reply = await loginFrom(attacker, { email: user.email, password: `Wrong@${i}abc` });
      expect(reply.statusCode).toBe(401);
    }
    // The pair is paused for 1 minute: even the right password from that address waits.
    const paused = await loginFrom(attacker, { email: user.email, password });
    expect(paused.statusCode).toBe(429);
    expect(paused.json()).toMatchObject({
      success: false,
      code: 'RATE_LIMITED',
      blocked: true,
      message: 'Too many failed login attempts. Please try again in 1 minute.',
    });
    expect(Number(paused.headers['retry-after'])).toBe(60);
    expect(paused.json()).not.toHaveProperty('accessToken');

    // The account owner, from anywhere else, signs in at once (a therapist before a session).
    const owner = await loginFrom('198.51.100.20', { email: user.email, password });
    expect(owner.statusCode).toBe(200);
    expect(typeof owner.json<{ accessToken: string }>().accessToken).toBe('string');
    // So does another account from the attacker's address.
    const other = await server.createUser({ email: email('free') });
    expect((await loginFrom(attacker, { email: other.email, password })).statusCode).toBe(200);

    // The pauses grow: 1, 2, 4 … minutes, capped at 15.
    const seen: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      server.clock.advance(16 * 60_000);
      expect((await loginFrom(attacker, { email: user.email, password: 'Wrong@more1' })).statusCode).toBe(
        401,
      );
      seen.push(Number((await loginFrom(attacker, { email: user.email, password })).headers['retry-after']));
    }
    expect(seen).toEqual([120, 240, 480, 900, 900, 900]);

    // A correct login from the address clears its pauses.
    server.clock.advance(16 * 60_000);
    expect((await loginFrom(attacker, { email: user.email, password })).statusCode).toBe(200);
    expect((await loginFrom(attacker, { email: user.email, password: 'Wrong@again1' })).statusCode).toBe(401);
  });
});

interface Challenge {
  success: boolean;
  requires2fa: boolean;
  method: string;
  message: string;
  two_factor_token: string;
}

const stepUpMessage =
  'For your security, enter the code we sent to your email. If no code arrives, check your email and password and log in again.';

describe('many failed logins from one address (credential stuffing)', () => {
  let stuffed: TestServer;
  beforeAll(async () => {
    stuffed = await startServer({ rateLimits: { loginFailuresPerIp: 20 } });
  });
  afterAll(async () => {
    await stuffed.close();
  });

  it('answers wrong passwords with growing pauses, and still lets a right password in with the emailed code', async () => {
    const office = '192.0.2.44';
    const from = (body: unknown) =>
      stuffed.inject({
        method: 'POST',
        url: '/api/v1/login',
        payload: body as object,
        remoteAddress: office,
      });
    for (let i = 0; i < 20; i += 1) {
      const reply = await from({ email: email(`stuffed${i}`), password: 'Wrong@1234' });
      expect(reply.statusCode).toBe(401);
    }
    const victim = await stuffed.createUser({ email: email('victim') });
    const wrong = await from({ email: victim.email, password: 'Wrong@1234' });
    expect(wrong.statusCode).toBe(429);
    expect(wrong.json()).toMatchObject({ blocked: true, code: 'RATE_LIMITED' });
    expect(Number(wrong.headers['retry-after'])).toBe(60);
    const again = await from({ email: email('next'), password: 'Wrong@1234' });
    expect(Number(again.headers['retry-after'])).toBe(120);

    // The admin behind the same address, with the right password: not refused, one emailed code.
    const admin = await stuffed.createUser({ email: email('admin'), role: 'admin' });
    const right = await from({ email: admin.email, password });
    expect(right.statusCode).toBe(200);
    const challenge = right.json<Challenge>();
    expect(challenge).toMatchObject({
      success: true,
      requires2fa: true,
      method: 'email',
      message: stepUpMessage,
    });
    expect(challenge).not.toHaveProperty('accessToken');
    const code = codeIn((await stuffed.mail(admin.email, /code/i)).text);
    const done = await stuffed.client().post<{ accessToken: string }>('/api/v1/verify-2fa', {
      two_factor_token: challenge.two_factor_token,
      two_factor_code: code,
    });
    expect(done.status).toBe(200);
    expect(typeof done.body.accessToken).toBe('string');

    // From an ordinary address the admin signs in as always.
    const elsewhere = await stuffed.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { email: admin.email, password },
      remoteAddress: '198.51.100.77',
    });
    expect(elsewhere.statusCode).toBe(200);
    expect(typeof elsewhere.json<{ accessToken: string }>().accessToken).toBe('string');
  });
});

describe('many failed logins of one account from many addresses', () => {
  const spread = async (target: string, failures: number) => {
    for (let i = 0; i < failures; i += 1) {
      const reply = await loginFrom(`10.7.${Math.floor(i / 4)}.${i % 4}`, {
        email: target,
        password: `Wrong@${i}xyz`,
      });
      expect(reply.statusCode).toBe(401);
    }
  };

  it('past 100 failures in an hour, a right password is completed with a code emailed to the account', async () => {
    const user = await server.createUser({ email: email('capped') });
    await spread(user.email, 100);

    const right = await loginFrom('198.51.100.5', { email: user.email, password });
    expect(right.statusCode).toBe(200);
    const challenge = right.json<Challenge>();
    expect(challenge).toMatchObject({ requires2fa: true, method: 'email', message: stepUpMessage });
    expect(challenge).not.toHaveProperty('accessToken');
    const code = codeIn((await server.mail(user.email, /code/i)).text);
    const done = await server.client().post<{ accessToken: string }>('/api/v1/verify-2fa', {
      two_factor_token: challenge.two_factor_token,
      two_factor_code: code,
    });
    expect(done.status).toBe(200);
    expect(typeof done.body.accessToken).toBe('string');
  });

  it('past the cap a wrong password answers exactly like a right one, so guessing learns nothing', async () => {
    const user = await server.createUser({ email: email('guessed') });
    await spread(user.email, 100);
    const wrong = await loginFrom('198.51.100.6', { email: user.email, password: 'Wrong@guess1' });
    expect(wrong.statusCode).toBe(200);
    const decoy = wrong.json<Challenge>();
    expect(Object.keys(decoy).sort()).toEqual([
      'message',
      'method',
      'requires2fa',
      'success',
      'two_factor_token',
    ]);
    expect(decoy).toMatchObject({
      success: true,
      requires2fa: true,
      method: 'email',
      message: stepUpMessage,
    });
    // No code was sent, and the decoy answers every step like a real challenge with a wrong code.
    const verify = (code: string) =>
      server.client().post<{ message: string }>('/api/v1/verify-2fa', {
        two_factor_token: decoy.two_factor_token,
        two_factor_code: code,
      });
    for (let i = 0; i < 4; i += 1) {
      const reply = await verify(String(100000 + i));
      expect(reply.status).toBe(400);
      expect(reply.body.message).toBe('Invalid code. Please check the code and try again.');
    }
    expect((await verify('123999')).body.message).toBe('Too many wrong codes. Request a new code.');
    const resent = await server
      .client()
      .post<{ success: boolean; activationToken: string }>('/api/v1/resend-otp', {
        is2fa: true,
        two_factor_token: decoy.two_factor_token,
      });
    expect(resent.status).toBe(200);
    expect(resent.body).toMatchObject({ success: true, message: 'We sent a new code to your email.' });
    const mails = await server
      .client()
      .get<unknown[]>(`/api/dev/outbox?to=${encodeURIComponent(user.email)}`);
    expect(mails.body).toEqual([]);

    // The real challenge's token carries the same claims and lifetime as the decoy's.
    const real = (await loginFrom('198.51.100.6', { email: user.email, password })).json<Challenge>();
    const claims = (token: string) =>
      JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<string, number>;
    const [a, b] = [claims(decoy.two_factor_token), claims(real.two_factor_token)];
    expect(Object.keys(a).sort()).toEqual(Object.keys(b).sort());
    expect((a.exp ?? 0) - (a.iat ?? 0)).toBe((b.exp ?? 0) - (b.iat ?? 0));

    // An unknown address past the cap answers the same: the cap does not tell accounts apart.
    const ghost = email('ghost');
    await spread(ghost, 100);
    const unknown = await loginFrom('198.51.100.7', { email: ghost, password });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json<Challenge>()).toMatchObject({
      requires2fa: true,
      method: 'email',
      message: stepUpMessage,
    });
  });
});

describe('login with hostile input', () => {
  it('treats SQL-looking emails as data', async () => {
    const user = await server.createUser({ email: email('victim') });
    const malformed = await login({ email: "' OR '1'='1", password });
    expect(malformed.status).toBe(400);
    expect((malformed.body as unknown as ErrorReply).errors).toContainEqual({
      path: 'email',
      message: 'Invalid format',
    });

    const sqlish = await login({ email: "admin'--@example.test", password: "' OR 1=1 --" });
    expect(sqlish.status).toBe(401);
    const quoted = await login({ email: "x'or'1'='1@example.test", password });
    expect(quoted.status).toBe(401);
    expect(quoted.body.message).toBe('Invalid email or password.');
    const [row] = await server.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.email).toBe(user.email);
  });

  it('refuses a 10 KB password with 400 before checking it', async () => {
    const user = await server.createUser({ email: email('long') });
    const reply = await login({ email: user.email, password: 'A@1a'.repeat(2560) });
    expect(reply.status).toBe(400);
    const body = reply.body as unknown as ErrorReply;
    expect(body.code).toBe('VALIDATION');
    expect(body.errors).toContainEqual({ path: 'password', message: 'Must not exceed 128 characters' });
    expect(await auditRows('AUTHENTICATION_FAILURE', user.id)).toHaveLength(0);
  });

  it('answers the missing-field messages for an empty body', async () => {
    const reply = await login({});
    expect(reply.status).toBe(400);
    const messages = (reply.body as unknown as ErrorReply).errors?.map((e) => `${e.path}: ${e.message}`);
    expect(messages).toEqual(
      expect.arrayContaining(['email: Email is required', 'password: Password is required']),
    );
  });

  it('refuses a body that is not JSON with 400', async () => {
    const reply = await server.client().request('POST', '/api/v1/login', {
      raw: '{"email": "a@example.test", "password": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ success: false, message: 'The request body is not valid JSON.' });
  });

  it('refuses a JSON body carrying __proto__ with 400', async () => {
    const user = await server.createUser({ email: email('proto') });
    const reply = await server.client().request('POST', '/api/v1/login', {
      raw: `{"email":"${user.email}","password":"${password}","__proto__":{"isAdmin":true}}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ success: false });
    expect(reply.body).not.toHaveProperty('accessToken');
    const constructor = await server.client().request('POST', '/api/v1/login', {
      raw: `{"email":"${user.email}","password":"${password}","constructor":{"prototype":{"x":1}}}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(constructor.status).toBe(400);
  });

  it('refuses other content types', async () => {
    const user = await server.createUser({ email: email('ctype') });
    const xml = await server.client().request('POST', '/api/v1/login', {
      raw: `<login><email>${user.email}</email></login>`,
      headers: { 'content-type': 'application/xml' },
    });
    expect(xml.status).toBe(415);
    expect(xml.body).toMatchObject({ success: false, code: 'UNSUPPORTED_MEDIA' });

    const form = await server.client().request('POST', '/api/v1/login', {
      raw: new URLSearchParams({ email: user.email, password }),
    });
    expect(form.status).toBe(415);

    const text = await server.client().request('POST', '/api/v1/login', {
      raw: JSON.stringify({ email: user.email, password }),
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(400);
    expect(text.body).not.toHaveProperty('accessToken');
  });
});

import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { password, startServer, type TestServer, testUserTimezone } from '../../../test/harness.js';
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

  it('locks the account after 5 failed logins, refuses even the right password, unlocks after 15 minutes', async () => {
    const user = await server.createUser({ email: email('lock') });
    for (let i = 0; i < 5; i += 1) {
      const reply = await login({ email: user.email, password: `Wrong@${i}abc` });
      expect(reply.status).toBe(401);
    }
    const locked = await login({ email: user.email, password: 'Wrong@zzz1' });
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({
      success: false,
      code: 'RATE_LIMITED',
      blocked: true,
      message: 'Too many failed login attempts. Please try again in 15 minutes.',
    });
    const retryAfter = Number(locked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);

    const right = await login({ email: user.email, password });
    expect(right.status).toBe(429);
    expect(right.body.blocked).toBe(true);
    expect(right.body).not.toHaveProperty('accessToken');

    // Another account from the same address is not locked.
    const other = await server.createUser({ email: email('free') });
    expect((await login({ email: other.email, password })).status).toBe(200);

    server.clock.advance(16 * 60_000);
    const after = await login({ email: user.email, password });
    expect(after.status).toBe(200);
    expect(typeof after.body.accessToken).toBe('string');
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

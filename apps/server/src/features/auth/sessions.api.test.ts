import { createHmac } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { password, startServer, type Client, type TestServer } from '../../../test/harness.js';
import { auditLogs, refreshTokens, users } from '../../db/schema/index.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

/** An HS256 token over the payload, signed with the given secret. */
function sign(payload: Record<string, unknown>, secret: string): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const input = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}

/** The claims of a token (not verified). */
function payloadOf(token: string): { sid: string } {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sid: string };
}

/** A second client holding the given refresh cookie value. */
function withCookie(value: string): Client {
  const client = server.client();
  client.setCookie('ml_refresh', value);
  return client;
}

async function liveTokens(userId: string) {
  return server.database.db
    .select()
    .from(refreshTokens)
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

describe('refresh', () => {
  it('rotates the cookie and answers a new access token and the user', async () => {
    const { client, user } = await server.signIn();
    const first = client.cookie('ml_refresh');
    server.clock.advance(1_000);
    const reply = await client.get<{ success: boolean; accessToken: string; user: { id: string } }>(
      '/api/v1/refresh',
    );
    expect(reply.status).toBe(200);
    expect(reply.body.success).toBe(true);
    expect(reply.body.user.id).toBe(user.id);
    expect(reply.body.accessToken).not.toBe(client.token);
    const setCookie = reply.headers.getSetCookie().find((c) => c.startsWith('ml_refresh='));
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Strict/i);
    const second = client.cookie('ml_refresh');
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    const me = await client.get('/api/v1/me', { token: reply.body.accessToken });
    expect(me.status).toBe(200);
    expect(await liveTokens(user.id)).toHaveLength(1);
  });

  it('revokes the whole family when a rotated cookie is reused after the grace period', async () => {
    const { client, user } = await server.signIn();
    const old = client.cookie('ml_refresh') ?? '';
    expect((await client.get('/api/v1/refresh')).status).toBe(200);
    const newer = client.cookie('ml_refresh') ?? '';

    // Within the 15-second grace a second tab may present the old cookie.
    const tab = await withCookie(old).get('/api/v1/refresh');
    expect(tab.status).toBe(200);

    server.clock.advance(20_000);
    const reuse = await withCookie(old).get('/api/v1/refresh');
    expect(reuse.status).toBe(401);
    expect(reuse.body).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
    expect(reuse.headers.getSetCookie().some((c) => /^ml_refresh=;/.test(c))).toBe(true);

    const afterwards = await withCookie(newer).get('/api/v1/refresh');
    expect(afterwards.status).toBe(401);
    expect(await liveTokens(user.id)).toHaveLength(0);
    const audit = await server.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'TOKEN_REUSE_DETECTED'), eq(auditLogs.actorId, user.id)));
    expect(audit).toHaveLength(1);
  });

  it('keeps other sessions of the same user when one family is revoked', async () => {
    const user = await server.createUser();
    const a = server.client();
    const b = server.client();
    for (const c of [a, b]) {
      expect((await c.post('/api/v1/login', { email: user.email, password })).status).toBe(200);
    }
    const old = a.cookie('ml_refresh') ?? '';
    await a.get('/api/v1/refresh');
    server.clock.advance(20_000);
    expect((await withCookie(old).get('/api/v1/refresh')).status).toBe(401);
    expect((await b.get('/api/v1/refresh')).status).toBe(200);
  });

  it('answers 401 without a cookie, with an unknown cookie and with an oversized one', async () => {
    for (const client of [server.client(), withCookie('not-a-real-token'), withCookie('x'.repeat(5000))]) {
      const reply = await client.get('/api/v1/refresh');
      expect(reply.status).toBe(401);
      expect(reply.body).not.toHaveProperty('accessToken');
    }
  });

  it('answers 401 for the refresh cookie of a user who has been deactivated', async () => {
    const { client, user } = await server.signIn({ role: 'provider' });
    await server.database.db.update(users).set({ approved: false }).where(eq(users.id, user.id));
    expect((await client.get('/api/v1/refresh')).status).toBe(401);
  });
});

describe('logout', () => {
  it('revokes the session and clears the cookie', async () => {
    const { client, user } = await server.signIn();
    const cookie = client.cookie('ml_refresh') ?? '';
    const reply = await client.post('/api/v1/logout', {}, { token: null });
    expect(reply.status).toBe(200);
    expect(reply.body.success).toBe(true);
    const cleared = reply.headers.getSetCookie().find((c) => c.startsWith('ml_refresh='));
    expect(cleared).toMatch(/^ml_refresh=;/);
    expect(cleared).toMatch(/Path=\/api/i);
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/i);
    // Cleared with the attributes it was set with (Secure only in production, see production.api.test.ts).
    expect(cleared).toMatch(/;\s*HttpOnly/i);
    expect(cleared).toMatch(/;\s*SameSite=Strict/i);
    expect(client.cookie('ml_refresh')).toBeUndefined();

    const refresh = await withCookie(cookie).get('/api/v1/refresh');
    expect(refresh.status).toBe(401);
    expect(await liveTokens(user.id)).toHaveLength(0);
    const audit = await server.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'LOGOUT'), eq(auditLogs.actorId, user.id)));
    expect(audit).toHaveLength(1);
  });

  it('answers 200 without a cookie and with an unknown one', async () => {
    expect((await server.client().post('/api/v1/logout')).status).toBe(200);
    expect((await withCookie('unknown').post('/api/v1/logout')).status).toBe(200);
  });
});

describe('me', () => {
  const secret = () => server.config.jwtSecret;
  const claims = (sub: string, extra: Record<string, unknown> = {}) => {
    const now = Math.floor(server.clock.now().getTime() / 1000);
    return { typ: 'access', role: 'admin', sub, iss: 'mindledger', iat: now, exp: now + 600, ...extra };
  };

  it('answers the signed-in user', async () => {
    const { client, user } = await server.signIn({ firstName: 'Mary', role: 'provider' });
    const reply = await client.get<{ success: boolean; user: Record<string, unknown> }>('/api/v1/me');
    expect(reply.status).toBe(200);
    expect(reply.body.user).toMatchObject({ id: user.id, firstName: 'Mary', userRole: 'provider' });
    expect(reply.headers.get('cache-control')).toBe('no-store');
    const proxied = await client.get<{ user: { id: string } }>('/api/proxy/v1/me');
    expect(proxied.body.user.id).toBe(user.id);
  });

  it('answers 401 without a token, with garbage and with a malformed header', async () => {
    const client = server.client();
    expect((await client.get('/api/v1/me')).status).toBe(401);
    expect((await client.get('/api/v1/me', { token: 'garbage' })).status).toBe(401);
    expect((await client.get('/api/v1/me', { token: 'a.b.c' })).status).toBe(401);
    const basic = await client.get('/api/v1/me', { headers: { authorization: 'Basic dXNlcjpwYXNz' } });
    expect(basic.status).toBe(401);
    expect(basic.body).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
  });

  it('answers 401 for tokens signed with another secret, unsigned, of another type or from another issuer', async () => {
    const { client, user } = await server.signIn({ role: 'admin' });
    const sid = payloadOf(client.token ?? '').sid;
    const forged = sign(claims(user.id, { sid }), 'another-secret-that-is-long-enough-0123456789');
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const none = `${header}.${Buffer.from(JSON.stringify(claims(user.id, { sid }))).toString('base64url')}.`;
    const purpose = sign(claims(user.id, { sid, typ: 'purpose', purpose: 'activation' }), secret());
    const issuer = sign(claims(user.id, { sid, iss: 'someone-else' }), secret());
    const role = sign(claims(user.id, { sid, role: 'superuser' }), secret());
    const noSession = sign(claims(user.id), secret());
    for (const token of [forged, none, purpose, issuer, role, noSession]) {
      expect((await server.client().get('/api/v1/me', { token })).status).toBe(401);
    }
    // The same claims signed with the server's secret are accepted: the refusals above are real.
    const genuine = await server
      .client()
      .get('/api/v1/me', { token: sign(claims(user.id, { sid }), secret()) });
    expect(genuine.status).toBe(200);
  });

  it('answers 401 for a genuine signature over another user’s session, or another role', async () => {
    const { client } = await server.signIn({ role: 'admin' });
    const other = await server.createUser({ role: 'admin' });
    const sid = payloadOf(client.token ?? '').sid;
    expect(
      (await server.client().get('/api/v1/me', { token: sign(claims(other.id, { sid }), secret()) })).status,
    ).toBe(401);
    const { client: patient, user: patientUser } = await server.signIn();
    const patientSid = payloadOf(patient.token ?? '').sid;
    const elevated = sign(claims(patientUser.id, { sid: patientSid, role: 'admin' }), secret());
    expect((await server.client().get('/api/v1/me', { token: elevated })).status).toBe(401);
  });

  it('answers 401 once the access token has expired (15 minutes)', async () => {
    const { client } = await server.signIn();
    server.clock.advance(14 * 60_000);
    expect((await client.get('/api/v1/me')).status).toBe(200);
    server.clock.advance(2 * 60_000);
    const reply = await client.get('/api/v1/me');
    expect(reply.status).toBe(401);
    // The refresh cookie still gives a new access token.
    const refresh = await client.get<{ accessToken: string }>('/api/v1/refresh');
    expect(refresh.status).toBe(200);
    expect((await client.get('/api/v1/me', { token: refresh.body.accessToken })).status).toBe(200);
  });

  it('answers 401 for a valid token of a user who no longer exists', async () => {
    const { client, user } = await server.signIn();
    await server.database.db.delete(users).where(eq(users.id, user.id));
    const reply = await client.get('/api/v1/me');
    expect(reply.status).toBe(401);
    expect((await client.get('/api/v1/refresh')).status).toBe(401);
  });
});

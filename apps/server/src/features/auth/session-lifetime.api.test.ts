import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Client, type TestServer } from '../../../test/harness.js';

/**
 * Server-side automatic logoff and an absolute lifetime (issue 10 item 6, HIPAA
 * 164.312(a)(2)(iii)). The access token here lives an hour, so that what refuses it below is the
 * session's idle limit, not the token's own expiry.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startServer({ env: { ACCESS_TOKEN_TTL_SECONDS: '3600' } });
});
afterAll(async () => {
  await server.close();
});

const minutes = (n: number) => n * 60_000;

async function refresh(client: Client) {
  const reply = await client.get<{ accessToken: string }>('/api/v1/refresh');
  if (reply.status === 200) client.token = reply.body.accessToken;
  return reply;
}

describe('idle limit (15 minutes in the web app; the server refuses after 16)', () => {
  it('refuses the refresh and the access token after 16 minutes without activity', async () => {
    const { client } = await server.signIn();
    server.clock.advance(minutes(16) + 1_000);
    expect((await client.get('/api/v1/me')).status).toBe(401);
    expect((await refresh(client)).status).toBe(401);
    // The refusal ends the session: coming back does not revive it.
    server.clock.advance(1_000);
    expect((await client.get('/api/v1/me')).status).toBe(401);
  });

  it('refuses the refresh alone after 16 minutes idle', async () => {
    const { client } = await server.signIn();
    server.clock.advance(minutes(16) + 1_000);
    const reply = await refresh(client);
    expect(reply.status).toBe(401);
    expect(reply.body).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
    expect(reply.headers.getSetCookie().some((c) => /^ml_refresh=;/.test(c))).toBe(true);
  });

  it('keeps a session alive while calls keep coming, whichever they are', async () => {
    const { client } = await server.signIn();
    // The access token lives an hour here: three calls 15.5 minutes apart stay within it.
    for (let i = 0; i < 3; i += 1) {
      server.clock.advance(minutes(15) + 30_000);
      expect((await client.get('/api/v1/me')).status, `round ${i}`).toBe(200);
    }
    for (let i = 0; i < 4; i += 1) {
      server.clock.advance(minutes(15) + 30_000);
      expect((await refresh(client)).status, `refresh ${i}`).toBe(200);
    }
  });

  it('accepts the refresh the web app makes when its own 15-minute logout reports it', async () => {
    const { client } = await server.signIn();
    server.clock.advance(minutes(15) + 5_000);
    expect((await refresh(client)).status).toBe(200);
    expect((await client.post('/api/v1/logout')).status).toBe(200);
  });

  it('session-activity counts as activity (a long journal entry typed without other calls)', async () => {
    const { client } = await server.signIn();
    server.clock.advance(minutes(10));
    const report = await client.post('/api/v1/session-activity', {});
    expect(report.status).toBe(200);
    expect(report.body).toMatchObject({ success: true });
    server.clock.advance(minutes(10));
    expect((await refresh(client)).status).toBe(200);
  });

  it('session-activity needs a live session', async () => {
    expect((await server.client().post('/api/v1/session-activity', {})).status).toBe(401);
    const { client } = await server.signIn();
    await client.post('/api/v1/logout');
    expect((await client.post('/api/v1/session-activity', {})).status).toBe(401);
  });

  it('on payment pages the web app asks for the longer idle limit (30 + 5 minutes, refused after 36)', async () => {
    const { client } = await server.signIn();
    expect((await client.post('/api/v1/session-activity', { payment: true })).status).toBe(200);
    server.clock.advance(minutes(35) + 30_000);
    expect((await client.get('/api/v1/me')).status).toBe(200);
    server.clock.advance(minutes(36) + 1_000);
    expect((await client.get('/api/v1/me')).status).toBe(401);

    const other = await server.signIn();
    expect((await other.client.post('/api/v1/session-activity', { payment: true })).status).toBe(200);
    // Leaving the payment pages brings the ordinary limit back.
    expect((await other.client.post('/api/v1/session-activity', { payment: false })).status).toBe(200);
    server.clock.advance(minutes(16) + 1_000);
    expect((await other.client.get('/api/v1/me')).status).toBe(401);
  });

  it('refuses a malformed activity report', async () => {
    const { client } = await server.signIn();
    const reply = await client.post('/api/v1/session-activity', { payment: 'yes' });
    expect(reply.status).toBe(400);
  });
});

describe('absolute lifetime (12 hours for providers and admins, 24 hours for clients)', () => {
  /** Refreshes every 10 minutes (an always active user) until the server refuses. */
  async function activeUntilRefused(client: Client, limitMinutes: number) {
    let elapsed = 0;
    while (elapsed <= limitMinutes + 20) {
      server.clock.advance(minutes(10));
      elapsed += 10;
      const reply = await refresh(client);
      if (reply.status !== 200) return elapsed;
    }
    return null;
  }

  it('refuses a provider’s refresh after 12 hours however active', async () => {
    const { client } = await server.signIn({ role: 'provider' });
    expect(await activeUntilRefused(client, 12 * 60)).toBe(12 * 60);
    expect((await client.get('/api/v1/me')).status).toBe(401);
  });

  it('refuses an admin’s refresh after 12 hours', async () => {
    const { client } = await server.signIn({ role: 'admin' });
    expect(await activeUntilRefused(client, 12 * 60)).toBe(12 * 60);
  });

  it('refuses a client’s refresh after 24 hours', async () => {
    const { client } = await server.signIn({ role: 'patient' });
    expect(await activeUntilRefused(client, 24 * 60)).toBe(24 * 60);
  });

  it('never sets the cookie, nor the access token, beyond the absolute lifetime', async () => {
    const { client } = await server.signIn({ role: 'provider' });
    const end = server.clock.now().getTime() + 12 * 3_600_000;
    const expiresOf = (reply: { headers: Headers }) => {
      const cookie = reply.headers.getSetCookie().find((c) => c.startsWith('ml_refresh=')) ?? '';
      return Date.parse(/Expires=([^;]+)/i.exec(cookie)?.[1] ?? '');
    };
    const tokenExp = (token: string) =>
      (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { exp: number }).exp;
    let last = await refresh(client);
    for (let elapsed = 10; elapsed <= 11 * 60 + 50; elapsed += 10) {
      server.clock.advance(minutes(10));
      last = await refresh(client);
      expect(last.status).toBe(200);
    }
    // 10 minutes before the end: the cookie and the access token (1 hour here) stop at the end.
    expect(expiresOf(last)).toBeLessThanOrEqual(end + 1_000);
    expect(expiresOf(last)).toBeGreaterThan(server.clock.now().getTime());
    expect(tokenExp(client.token ?? '') * 1000).toBeLessThanOrEqual(end + 1_000);
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Reply, type TestServer } from '../../test/harness.js';

/** Ordinary routes: 5 a minute; login, registration and code routes: 3 per 10 minutes each. */
let server: TestServer;
beforeAll(async () => {
  server = await startServer({ rateLimits: { perMinute: 5, perSecond: 100, authPer10Minutes: 3 } });
});
afterAll(async () => {
  await server.close();
});

interface LimitReply {
  success: boolean;
  code?: string;
  message: string;
  blocked?: boolean;
  burst?: boolean;
}

function limitHeaders(reply: { headers: Headers }) {
  return {
    limit: reply.headers.get('x-ratelimit-limit'),
    remaining: reply.headers.get('x-ratelimit-remaining'),
  };
}

function expectPlain429(reply: Reply<LimitReply>, maxSeconds: number) {
  expect(reply.status).toBe(429);
  const seconds = Number(reply.headers.get('retry-after'));
  expect(Number.isInteger(seconds)).toBe(true);
  expect(seconds).toBeGreaterThanOrEqual(1);
  expect(seconds).toBeLessThanOrEqual(maxSeconds);
  expect(reply.body).toEqual({
    success: false,
    code: 'RATE_LIMITED',
    message: `Rate limit reached. Please wait ${seconds} seconds before trying again.`,
  });
  return seconds;
}

const login = (email: string, path = '/api/v1/login') =>
  server.client().post<LimitReply>(path, { email, password: 'Wrong@1234' });

describe('auth routes: the stricter policy (authPer10Minutes)', () => {
  it('allows 3 logins per 10 minutes, counting the proxy path too, then answers 429', async () => {
    const replies = [];
    for (let i = 0; i < 3; i += 1) replies.push(await login(`nobody-${randomUUID()}@example.test`));
    expect(replies.map((r) => r.status)).toEqual([401, 401, 401]);
    expect(replies.map(limitHeaders)).toEqual([
      { limit: '3', remaining: '2' },
      { limit: '3', remaining: '1' },
      { limit: '3', remaining: '0' },
    ]);

    const refused = await login(`someone-${randomUUID()}@example.test`, '/api/proxy/v1/login');
    const seconds = expectPlain429(refused, 600);
    expect(seconds).toBeGreaterThan(540);
    expect(limitHeaders(refused)).toEqual({ limit: '3', remaining: '0' });
    expect((await login(`x-${randomUUID()}@example.test`)).status).toBe(429);
  });

  it('counts each auth route on its own, and apart from ordinary routes', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i += 1) {
      statuses.push((await server.client().post('/api/v1/registration', { firstName: 'Rate' })).status);
    }
    // Invalid requests count as well: the limit applies before validation.
    expect(statuses).toEqual([400, 400, 400, 429]);

    const reset = await server.client().post('/api/v1/reset-user-password', { email: 'r@example.test' });
    expect(reset.status).toBe(200);
    expect(limitHeaders(reset)).toEqual({ limit: '3', remaining: '2' });

    const ordinary = await server.client().get('/api/v1/client-config');
    expect(ordinary.status).toBe(200);
    expect(limitHeaders(ordinary).limit).toBe('5');
  });
});

describe('unlimited routes', () => {
  it('never limits /api/health and sends it no rate-limit headers', async () => {
    for (let i = 0; i < 12; i += 1) {
      const reply = await server.client().get('/api/health');
      expect(reply.status).toBe(200);
      expect(limitHeaders(reply)).toEqual({ limit: null, remaining: null });
    }
  });
});

describe('ordinary routes: perMinute', () => {
  it('counts down x-ratelimit-remaining, then answers the plain 429 with Retry-After', async () => {
    const first = await server.client().get('/api/v1/client-config');
    expect(first.status).toBe(200);
    expect(limitHeaders(first).limit).toBe('5');
    let remaining = Number(limitHeaders(first).remaining);
    expect(remaining).toBeGreaterThanOrEqual(1);
    expect(remaining).toBeLessThanOrEqual(3);

    while (remaining > 0) {
      const reply = await server.client().get('/api/v1/client-config');
      expect(reply.status).toBe(200);
      expect(Number(limitHeaders(reply).remaining)).toBe(remaining - 1);
      remaining -= 1;
    }

    const refused = await server.client().get<LimitReply>('/api/v1/client-config');
    expectPlain429(refused, 60);
    expect(limitHeaders(refused)).toEqual({ limit: '5', remaining: '0' });
    expect(refused.headers.get('cache-control')).toBe('no-store');
  });

  it('counts per client across routes, not per route', async () => {
    const { client } = { client: server.client() };
    expect((await client.get('/api/v1/me')).status).toBe(429);
    expect((await client.post('/api/audit-logs', { logs: [] })).status).toBe(429);
    expect((await client.get('/api/proxy/v1/client-config')).status).toBe(429);
    expect((await client.get('/api/v1/no-such-route')).status).toBe(429);
    expect((await client.get('/api/health')).status).toBe(200);
  });
});

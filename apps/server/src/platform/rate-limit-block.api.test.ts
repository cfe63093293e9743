import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Reply, type TestServer } from '../../test/harness.js';

/** 2 requests a minute; the third refusal within 5 minutes blocks the client for 5 minutes. */
let server: TestServer;
beforeAll(async () => {
  server = await startServer({
    rateLimits: { perMinute: 2, perSecond: 1_000, abuseThreshold: 3, blockMinutes: 5 },
  });
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

const blockedMessage = 'Access temporarily blocked due to too many requests. Please wait a few minutes.';

function expectBlocked(reply: Reply<LimitReply>, limit: string) {
  expect(reply.status).toBe(429);
  expect(reply.body).toEqual({
    success: false,
    code: 'RATE_LIMITED',
    message: blockedMessage,
    blocked: true,
  });
  const seconds = Number(reply.headers.get('retry-after'));
  expect(seconds).toBeGreaterThan(240);
  expect(seconds).toBeLessThanOrEqual(300);
  // Ruling 8: every 429 carries the rate-limit headers.
  expect(reply.headers.get('x-ratelimit-limit')).toBe(limit);
  expect(reply.headers.get('x-ratelimit-remaining')).toBe('0');
}

describe('abuse block (abuseThreshold)', () => {
  it('blocks a client after abuseThreshold refusals, on every limited route', async () => {
    const statuses: number[] = [];
    const flags: (boolean | undefined)[] = [];
    for (let i = 0; i < 5; i += 1) {
      const reply = await server.client().get<LimitReply>('/api/v1/client-config');
      statuses.push(reply.status);
      flags.push(reply.body.blocked);
    }
    // Two allowed, then three plain refusals; the third refusal sets the block.
    expect(statuses).toEqual([200, 200, 429, 429, 429]);
    expect(flags).toEqual([undefined, undefined, undefined, undefined, undefined]);

    expectBlocked(await server.client().get<LimitReply>('/api/v1/client-config'), '2');
    expectBlocked(await server.client().get<LimitReply>('/api/proxy/v1/me'), '2');
    expectBlocked(
      await server.client().post<LimitReply>('/api/v1/login', {
        email: `b-${randomUUID()}@example.test`,
        password: 'Wrong@1234',
      }),
      String(server.config.rateLimits.authPer10Minutes),
    );
    expect((await server.client().get('/api/health')).status).toBe(200);
  });

  it('lifts the block once blockMinutes have passed', async () => {
    server.clock.advance(5 * 60_000 + 1_000);
    const reply = await server
      .client()
      .post<LimitReply>('/api/v1/login', { email: `b-${randomUUID()}@example.test`, password: 'Wrong@1234' });
    expect(reply.status).toBe(401);
    expect(reply.body.blocked).toBeUndefined();
  });
});

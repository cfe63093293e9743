import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Reply, type TestServer } from '../../test/harness.js';

/** 3 requests a second before the burst answer; the per-minute budget stays large. */
let server: TestServer;
beforeAll(async () => {
  server = await startServer({ rateLimits: { perMinute: 1_000, perSecond: 3 } });
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

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function volley(path: string, n: number): Promise<Reply<LimitReply>[]> {
  return Promise.all(Array.from({ length: n }, () => server.client().get<LimitReply>(path)));
}

describe('burst limit (perSecond)', () => {
  it('answers 429 with burst: true to requests beyond perSecond within a second', async () => {
    const replies = await volley('/api/v1/client-config', 30);
    const ok = replies.filter((r) => r.status === 200);
    const burst = replies.filter((r) => r.status === 429);
    expect(ok.length + burst.length).toBe(30);
    expect(ok.length).toBeGreaterThanOrEqual(3);
    // 3 per one-second window: unless the volley is spread over 10 seconds, some are refused.
    expect(burst.length).toBeGreaterThan(0);
    for (const reply of burst) {
      expect(reply.body).toEqual({
        success: false,
        code: 'RATE_LIMITED',
        message: 'Please slow down your requests.',
        burst: true,
      });
      expect(reply.headers.get('retry-after')).toBe('1');
      // Ruling 8: every 429 carries the rate-limit headers.
      expect(reply.headers.get('x-ratelimit-limit')).toBe('3');
      expect(reply.headers.get('x-ratelimit-remaining')).toBe('0');
    }
  });

  it('lets the client go on after a second, without blocking it', async () => {
    await pause(1_100);
    const reply = await server.client().get<LimitReply>('/api/v1/client-config');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('x-ratelimit-limit')).toBe('1000');
  });

  it('never applies to /api/health', async () => {
    await pause(1_100);
    const replies = await volley('/api/health', 12);
    expect(replies.map((r) => r.status)).toEqual(Array(12).fill(200));
  });
});

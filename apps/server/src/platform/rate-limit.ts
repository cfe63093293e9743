import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimitConfig } from '../config.js';
import type { CounterStore } from './counter-store.js';
import { tooManyRequests } from './errors.js';

/** Policy of a route: ordinary API traffic, or the stricter auth/code routes. */
export type RateLimitPolicy = 'default' | 'auth' | false;

declare module 'fastify' {
  interface FastifyContextConfig {
    rateLimit?: RateLimitPolicy;
  }
}

const MINUTE = 60_000;

/**
 * Spec ruling 8: 429 answers carry Retry-After, x-ratelimit-limit / x-ratelimit-remaining and a
 * body flag `burst` (too many requests within a second) or `blocked` (a client that kept going
 * past its limit is refused for a few minutes).
 */
export function registerRateLimit(app: FastifyInstance, config: RateLimitConfig, store: CounterStore): void {
  if (!config.enabled) return;

  async function refuse(key: string): Promise<void> {
    const { count } = await store.hit(`abuse:${key}`, 5 * MINUTE);
    if (count >= config.abuseThreshold) await store.flag(`block:${key}`, config.blockMinutes * MINUTE);
  }

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.url.startsWith('/api/')) return;
    const policy = request.routeOptions.config?.rateLimit ?? 'default';
    if (policy === false) return;
    const key = request.ip;
    const [limit, windowMs, bucket] =
      policy === 'auth'
        ? [config.authPer10Minutes, 10 * MINUTE, `ra:${request.routeOptions.url}:${key}`]
        : [config.perMinute, MINUTE, `rm:${key}`];
    // Ruling 8: every 429 carries the rate-limit headers; blocked and burst answers name the limit
    // that refused them, with nothing remaining.
    const exhausted = (refusingLimit: number) => {
      reply.header('x-ratelimit-limit', String(refusingLimit));
      reply.header('x-ratelimit-remaining', '0');
    };

    const blockedMs = await store.flagged(`block:${key}`);
    if (blockedMs > 0) {
      exhausted(limit);
      throw tooManyRequests(
        'Access temporarily blocked due to too many requests. Please wait a few minutes.',
        {
          blocked: true,
          retryAfter: Math.ceil(blockedMs / 1000),
        },
      );
    }

    const perSecond = await store.hit(`rs:${key}`, 1000);
    if (perSecond.count > config.perSecond) {
      await refuse(key);
      exhausted(config.perSecond);
      throw tooManyRequests('Please slow down your requests.', { burst: true, retryAfter: 1 });
    }

    const window = await store.hit(bucket, windowMs);
    const remaining = Math.max(0, limit - window.count);
    reply.header('x-ratelimit-limit', String(limit));
    reply.header('x-ratelimit-remaining', String(remaining));
    if (window.count > limit) {
      await refuse(key);
      const seconds = Math.max(1, Math.ceil(window.resetMs / 1000));
      throw tooManyRequests(`Rate limit reached. Please wait ${seconds} seconds before trying again.`, {
        retryAfter: seconds,
      });
    }
  });
}

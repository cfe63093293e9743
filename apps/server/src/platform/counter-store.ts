import { Redis } from 'ioredis';

/**
 * Shared counters with expiry, for rate limits and login throttling. In memory by default; in
 * Redis with REDIS_URL so that several server instances count together.
 */
export interface CounterStore {
  /** Counts one hit in a fixed window; answers the count so far and the ms until the window ends. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetMs: number }>;
  count(key: string): Promise<number>;
  /** Sets a flag for ttlMs (a block). */
  flag(key: string, ttlMs: number): Promise<void>;
  /** Ms left on a flag, 0 when not set. */
  flagged(key: string): Promise<number>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

interface Entry {
  count: number;
  expiresAt: number;
}

export class MemoryCounterStore implements CounterStore {
  private readonly entries = new Map<string, Entry>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly now: () => number = Date.now) {
    this.sweeper = setInterval(() => this.sweep(), 60_000);
    this.sweeper.unref();
  }

  private live(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private sweep(): void {
    const now = this.now();
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
  }

  async hit(key: string, windowMs: number) {
    const entry = this.live(key) ?? { count: 0, expiresAt: this.now() + windowMs };
    entry.count += 1;
    this.entries.set(key, entry);
    return { count: entry.count, resetMs: entry.expiresAt - this.now() };
  }

  async count(key: string) {
    return this.live(key)?.count ?? 0;
  }

  async flag(key: string, ttlMs: number) {
    this.entries.set(key, { count: 1, expiresAt: this.now() + ttlMs });
  }

  async flagged(key: string) {
    const entry = this.live(key);
    return entry ? entry.expiresAt - this.now() : 0;
  }

  async reset(key: string) {
    this.entries.delete(key);
  }

  async close() {
    clearInterval(this.sweeper);
  }
}

export class RedisCounterStore implements CounterStore {
  private readonly redis: Redis;

  constructor(
    url: string,
    private readonly prefix = 'ml:',
    private readonly now: () => number = Date.now,
  ) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
  }

  async hit(key: string, windowMs: number) {
    const k = this.prefix + key;
    const result = await this.redis.multi().incr(k).pexpire(k, windowMs, 'NX').pttl(k).exec();
    const count = Number(result?.[0]?.[1] ?? 1);
    const ttl = Number(result?.[2]?.[1] ?? windowMs);
    return { count, resetMs: ttl > 0 ? ttl : windowMs };
  }

  async count(key: string) {
    return Number((await this.redis.get(this.prefix + key)) ?? 0);
  }

  /** A flag keeps its end time too, so that it follows the app's clock (tests move it by hand). */
  async flag(key: string, ttlMs: number) {
    await this.redis.set(this.prefix + key, String(this.now() + ttlMs), 'PX', ttlMs);
  }

  async flagged(key: string) {
    const k = this.prefix + key;
    const result = await this.redis.multi().pttl(k).get(k).exec();
    const ttl = Number(result?.[0]?.[1] ?? 0);
    if (ttl <= 0) return 0;
    const until = Number(result?.[1]?.[1]);
    return Number.isFinite(until) ? Math.max(0, Math.min(ttl, until - this.now())) : ttl;
  }

  async reset(key: string) {
    await this.redis.del(this.prefix + key);
  }

  async close() {
    await this.redis.quit();
  }
}

/** `now` is the app's clock (tests pass their hand-moved clock so that locks and windows follow it). */
export function createCounterStore(
  redisUrl: string | undefined,
  prefix?: string,
  now: () => number = Date.now,
): CounterStore {
  return redisUrl ? new RedisCounterStore(redisUrl, prefix, now) : new MemoryCounterStore(now);
}

import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import {
  decodeSessionEvent,
  encodeSessionEvent,
  type SessionBus,
  type SessionBusListener,
  type SessionEvent,
} from './bus.js';

const CHANNEL = 'mindledger:sessions';

/**
 * Redis pub/sub (with REDIS_URL): a subscriber connection and a publisher connection. The bus is
 * healthy only while the subscription stands; ioredis reconnects by itself, and we subscribe again
 * on each reconnect (then the cache is dropped: messages of the gap are lost).
 */
export class RedisSessionBus implements SessionBus {
  healthy = false;
  private readonly subscriber: Redis;
  private readonly publisher: Redis;
  private listener: SessionBusListener | undefined;
  private closed = false;
  private subscribed: () => void = () => undefined;

  constructor(
    url: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.subscriber = new Redis(url, { lazyConnect: true, autoResubscribe: false, maxRetriesPerRequest: 2 });
    this.publisher = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
    this.subscriber.on('message', (channel: string, message: string) => {
      if (channel !== CHANNEL) return;
      const event = decodeSessionEvent(message);
      if (event) this.listener?.onEvent(event);
    });
    const down = () => {
      if (this.healthy && !this.closed) this.log.warn('session bus: Redis subscription lost, reconnecting');
      this.healthy = false;
    };
    this.subscriber.on('close', down);
    this.subscriber.on('end', down);
    // Errors are followed by 'close' and a reconnect; without a listener they would be thrown.
    this.subscriber.on('error', () => undefined);
    this.publisher.on('error', () => undefined);
    this.subscriber.on('ready', () => void this.subscribe());
  }

  private async subscribe(): Promise<void> {
    try {
      await this.subscriber.subscribe(CHANNEL);
    } catch (error) {
      this.log.warn({ err: error }, 'session bus: cannot subscribe on Redis');
      return;
    }
    this.healthy = true;
    this.listener?.onReset();
    this.subscribed();
  }

  /** Resolves once subscribed, or after 3 s (the app starts anyway, unhealthy, and keeps trying). */
  async start(listener: SessionBusListener): Promise<void> {
    this.listener = listener;
    const first = new Promise<void>((resolve) => {
      this.subscribed = resolve;
      setTimeout(resolve, 3_000).unref();
    });
    this.subscriber.connect().catch(() => undefined);
    this.publisher.connect().catch(() => undefined);
    await first;
  }

  async publish(event: SessionEvent): Promise<void> {
    for (const payload of encodeSessionEvent(event)) await this.publisher.publish(CHANNEL, payload);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.healthy = false;
    this.subscriber.disconnect();
    this.publisher.disconnect();
  }
}

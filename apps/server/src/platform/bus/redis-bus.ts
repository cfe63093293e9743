import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { Bus, BusCodec, BusListener } from './bus.js';

/**
 * Redis pub/sub (with REDIS_URL): a subscriber connection and a publisher connection. The bus is
 * healthy only while the subscription stands; ioredis reconnects by itself, and we subscribe again
 * on each reconnect (then the cache is dropped: messages of the gap are lost).
 */
export class RedisBus<E> implements Bus<E> {
  healthy = false;
  private readonly subscriber: Redis;
  private readonly publisher: Redis;
  private listener: BusListener<E> | undefined;
  private readonly channel: string;
  private closed = false;
  private subscribed: () => void = () => undefined;

  constructor(
    url: string,
    private readonly log: FastifyBaseLogger,
    private readonly codec: BusCodec<E>,
  ) {
    this.channel = `mindledger:${codec.name}`;
    this.subscriber = new Redis(url, { lazyConnect: true, autoResubscribe: false, maxRetriesPerRequest: 2 });
    this.publisher = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
    this.subscriber.on('message', (channel: string, message: string) => {
      if (channel !== this.channel) return;
      const event = this.codec.decode(message);
      if (event) this.listener?.onEvent(event);
    });
    const down = () => {
      if (this.healthy && !this.closed)
        this.log.warn(`bus ${this.codec.name}: Redis subscription lost, reconnecting`);
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
      await this.subscriber.subscribe(this.channel);
    } catch (error) {
      this.log.warn({ err: error }, `bus ${this.codec.name}: cannot subscribe on Redis`);
      return;
    }
    this.healthy = true;
    this.listener?.onReset();
    this.subscribed();
  }

  /** Resolves once subscribed, or after 3 s (the app starts anyway, unhealthy, and keeps trying). */
  async start(listener: BusListener<E>): Promise<void> {
    this.listener = listener;
    const first = new Promise<void>((resolve) => {
      this.subscribed = resolve;
      setTimeout(resolve, 3_000).unref();
    });
    this.subscriber.connect().catch(() => undefined);
    this.publisher.connect().catch(() => undefined);
    await first;
  }

  async publish(event: E): Promise<void> {
    for (const payload of this.codec.encode(event)) await this.publisher.publish(this.channel, payload);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.healthy = false;
    this.subscriber.disconnect();
    this.publisher.disconnect();
  }
}

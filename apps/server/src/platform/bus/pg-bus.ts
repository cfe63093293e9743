import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { Bus, BusCodec, BusListener } from './bus.js';

/**
 * PostgreSQL LISTEN/NOTIFY: one dedicated connection listens (LISTEN needs a session of its own, so
 * behind a transaction-pooling PgBouncer set REDIS_URL instead); NOTIFY goes through the pool.
 * A lost connection makes the bus unhealthy until it is back, with retries from 0.5 s to 30 s.
 */
export class PgBus<E> implements Bus<E> {
  healthy = false;
  private client: pg.Client | undefined;
  private listener: BusListener<E> | undefined;
  private readonly channel: string;
  private closed = false;
  private retryMs = 500;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly connectionString: string,
    private readonly notify: (channel: string, payload: string) => Promise<void>,
    private readonly log: FastifyBaseLogger,
    private readonly codec: BusCodec<E>,
  ) {
    this.channel = `mindledger_${codec.name}`;
  }

  async start(listener: BusListener<E>): Promise<void> {
    this.listener = listener;
    await this.connect();
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.connectionString, keepAlive: true });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    client.on('notification', (message) => {
      if (message.channel !== this.channel || !message.payload) return;
      const event = this.codec.decode(message.payload);
      if (event) this.listener?.onEvent(event);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${this.channel}`);
    } catch (error) {
      this.log.warn({ err: error }, `bus ${this.codec.name}: cannot listen on PostgreSQL, retrying`);
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
      this.retry();
      return;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.healthy = true;
    this.retryMs = 500;
    this.listener?.onReset();
  }

  private lost(client: pg.Client, error?: Error): void {
    if (this.client !== client) return;
    this.client = undefined;
    this.healthy = false;
    if (!this.closed)
      this.log.warn({ err: error }, `bus ${this.codec.name}: PostgreSQL listener lost, reconnecting`);
    client.end().catch(() => undefined);
    this.retry();
  }

  private retry(): void {
    if (this.closed || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.connect();
    }, this.retryMs);
    this.timer.unref();
    this.retryMs = Math.min(this.retryMs * 2, 30_000);
  }

  async publish(event: E): Promise<void> {
    for (const payload of this.codec.encode(event)) await this.notify(this.channel, payload);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.healthy = false;
    if (this.timer) clearTimeout(this.timer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }
}

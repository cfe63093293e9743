/**
 * How the server instances tell each other things (sessions that ended, users with new
 * notifications): PostgreSQL LISTEN/NOTIFY (pg-bus.ts), Redis pub/sub when REDIS_URL is set
 * (redis-bus.ts), or nothing at all for the embedded database, which only one process can open.
 * Messages may be lost while a bus is unhealthy; `onReset` tells the listener to catch up.
 */
export interface BusCodec<E> {
  /** The channel's name (`mindledger_<name>` on PostgreSQL, `mindledger:<name>` on Redis). */
  name: string;
  /** The wire form of an event, cut into messages small enough for NOTIFY (8,000 bytes). */
  encode(event: E): string[];
  /** A message from the wire, or null when it is not one of ours. */
  decode(payload: string): E | null;
}

export interface BusListener<E> {
  onEvent(event: E): void;
  /** (Re)subscribed after a gap in which events may have been lost. */
  onReset(): void;
}

export interface Bus<E> {
  /** False while the subscription is down. */
  readonly healthy: boolean;
  start(listener: BusListener<E>): Promise<void>;
  publish(event: E): Promise<void>;
  close(): Promise<void>;
}

/** One process: its own events are applied where they happen, so there is nothing to tell anyone. */
export class LocalBus<E> implements Bus<E> {
  readonly healthy = true;
  async start(): Promise<void> {}
  async publish(): Promise<void> {}
  async close(): Promise<void> {}
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Keeps only uuids from a decoded list. */
export const uuidsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && UUID.test(v)) : [];

/** Cuts a list of ids into messages of at most `perMessage` (150 uuids fit a NOTIFY payload). */
export function chunked<T>(items: T[], perMessage = 150): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += perMessage) out.push(items.slice(i, i + perMessage));
  return out;
}

/**
 * How the server instances tell each other that sessions ended, so that each drops them from its
 * cache at once (platform/sessions/registry.ts). PostgreSQL LISTEN/NOTIFY (pg-bus.ts), Redis pub/sub
 * when REDIS_URL is set (redis-bus.ts), or nothing at all for the embedded database, which only one
 * process can open.
 */
export interface SessionEvent {
  /** Sessions that ended. */
  sessions?: string[];
  /** Users whose every session ended and who are gone (deleted accounts). */
  users?: string[];
}

export interface SessionBusListener {
  onEvent(event: SessionEvent): void;
  /** (Re)subscribed after a gap in which events may have been lost: drop what was cached. */
  onReset(): void;
}

export interface SessionBus {
  /** False while the subscription is down: cached "alive" answers must not be trusted then. */
  readonly healthy: boolean;
  start(listener: SessionBusListener): Promise<void>;
  publish(event: SessionEvent): Promise<void>;
  close(): Promise<void>;
}

/** One process: the registry applies its own endings, so there is nothing to tell anyone. */
export class LocalSessionBus implements SessionBus {
  readonly healthy = true;
  async start(): Promise<void> {}
  async publish(): Promise<void> {}
  async close(): Promise<void> {}
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** NOTIFY payloads stop at 8000 bytes: events are cut into messages of at most this many ids. */
const IDS_PER_MESSAGE = 150;

/** The wire form of an event, cut into messages small enough for NOTIFY. */
export function encodeSessionEvent(event: SessionEvent): string[] {
  const ids = [
    ...(event.sessions ?? []).map((id) => ({ kind: 's' as const, id })),
    ...(event.users ?? []).map((id) => ({ kind: 'u' as const, id })),
  ];
  const messages: string[] = [];
  for (let i = 0; i < ids.length; i += IDS_PER_MESSAGE) {
    const part = ids.slice(i, i + IDS_PER_MESSAGE);
    messages.push(
      JSON.stringify({
        s: part.filter((p) => p.kind === 's').map((p) => p.id),
        u: part.filter((p) => p.kind === 'u').map((p) => p.id),
      }),
    );
  }
  return messages;
}

/** A message from the wire, or null when it is not one of ours. */
export function decodeSessionEvent(payload: string): SessionEvent | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { s, u } = parsed as { s?: unknown; u?: unknown };
  const ids = (value: unknown) =>
    Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && UUID.test(v)) : [];
  return { sessions: ids(s), users: ids(u) };
}

import { uuidsOf, type Bus, type BusCodec, type BusListener } from '../bus/index.js';

/**
 * How the server instances tell each other that sessions ended, so that each drops them from its
 * cache at once (platform/sessions/registry.ts), over the platform's bus (platform/bus/).
 */
export interface SessionEvent {
  /** Sessions that ended. */
  sessions?: string[];
  /** Users whose every session ended and who are gone (deleted accounts). */
  users?: string[];
}

export type SessionBusListener = BusListener<SessionEvent>;
export type SessionBus = Bus<SessionEvent>;

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
  return { sessions: uuidsOf(s), users: uuidsOf(u) };
}

export const sessionCodec: BusCodec<SessionEvent> = {
  name: 'sessions',
  encode: encodeSessionEvent,
  decode: decodeSessionEvent,
};

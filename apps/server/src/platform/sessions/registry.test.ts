import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { Clock } from '../clock.js';
import type { AccessClaims } from '../tokens.js';
import {
  decodeSessionEvent,
  encodeSessionEvent,
  type SessionBus,
  type SessionBusListener,
  type SessionEvent,
} from './bus.js';
import { SessionRegistry } from './registry.js';
import type { SessionRecord, SessionStore } from './store.js';

class FakeClock implements Clock {
  ms = Date.UTC(2026, 0, 5, 9);
  now(): Date {
    return new Date(this.ms);
  }
}

/** The database as the registry sees it; counts reads and writes. */
class FakeStore implements SessionStore {
  async sweep(): Promise<number> {
    return 0;
  }
  readonly rows = new Map<string, SessionRecord>();
  loads = 0;
  touches: { id: string; at: number }[] = [];
  /** When set, a read waits for it (a read in flight). */
  gate: Promise<void> | null = null;

  async create(values: { id: string; userId: string; at: Date; absoluteExpiresAt: Date }) {
    this.rows.set(values.id, {
      id: values.id,
      userId: values.userId,
      lastSeenAt: values.at,
      absoluteExpiresAt: values.absoluteExpiresAt,
      paymentIdle: false,
      endedAt: null,
      userRole: 'patient',
      userActive: true,
    });
  }
  async load(id: string) {
    this.loads += 1;
    const row = this.rows.get(id);
    const copy = row ? { ...row } : undefined;
    if (this.gate) await this.gate;
    return copy;
  }
  async touch(id: string, at: Date) {
    this.touches.push({ id, at: at.getTime() });
    const row = this.rows.get(id);
    if (row && row.lastSeenAt < at) row.lastSeenAt = at;
  }
  async setPaymentIdle(id: string, paymentIdle: boolean) {
    const row = this.rows.get(id);
    if (row) row.paymentIdle = paymentIdle;
  }
  async end(target: { ids: string[] } | { userId: string }, _reason: string, at: Date) {
    const ended: string[] = [];
    for (const row of this.rows.values()) {
      const match = 'ids' in target ? target.ids.includes(row.id) : row.userId === target.userId;
      if (match && !row.endedAt) {
        row.endedAt = at;
        ended.push(row.id);
      }
    }
    return ended;
  }
}

class FakeBus implements SessionBus {
  healthy = true;
  listener: SessionBusListener | undefined;
  published: SessionEvent[] = [];
  failPublish = false;
  async start(listener: SessionBusListener) {
    this.listener = listener;
  }
  async publish(event: SessionEvent) {
    if (this.failPublish) throw new Error('bus down');
    this.published.push(event);
  }
  async close() {}
}

const MINUTE = 60_000;

async function setup() {
  const clock = new FakeClock();
  const store = new FakeStore();
  const bus = new FakeBus();
  const registry = new SessionRegistry({
    store,
    bus,
    clock,
    log: pino({ level: 'silent' }),
    idleLimitMs: (payment) => (payment ? 36 : 16) * MINUTE,
    rememberEndedMs: 16 * MINUTE,
  });
  await registry.start();
  const session = async (userId: string = randomUUID()): Promise<AccessClaims> => {
    const sid = randomUUID();
    await registry.create({ id: sid, userId, absoluteExpiresAt: new Date(clock.ms + 12 * 60 * MINUTE) });
    return { sub: userId, role: 'patient', sid };
  };
  return { clock, store, bus, registry, session };
}

describe('SessionRegistry: ended sessions', () => {
  it('trusts a cached answer for 10 s, then reads the row again', async () => {
    const { registry, store, clock, session } = await setup();
    const claims = await session();
    for (let i = 0; i < 5; i += 1) expect(await registry.check(claims)).toBe(true);
    expect(store.loads).toBe(1);
    clock.ms += 10_000;
    expect(await registry.check(claims)).toBe(true);
    expect(store.loads).toBe(2);
  });

  it('refuses at once a session another instance ended (the event alone, before the cache runs out)', async () => {
    const { registry, bus, session } = await setup();
    const claims = await session();
    expect(await registry.check(claims)).toBe(true);
    bus.listener?.onEvent({ sessions: [claims.sid] });
    expect(await registry.check(claims)).toBe(false);
  });

  it('refuses every session of a deleted user', async () => {
    const { registry, bus, session } = await setup();
    const a = await session();
    const b = await session(a.sub);
    const stranger = await session();
    for (const claims of [a, b, stranger]) expect(await registry.check(claims)).toBe(true);
    bus.listener?.onEvent({ users: [a.sub] });
    expect(await registry.check(a)).toBe(false);
    expect(await registry.check(b)).toBe(false);
    expect(await registry.check(stranger)).toBe(true);
  });

  it('ends sessions in the store, here, and tells the other instances', async () => {
    const { registry, bus, store, session } = await setup();
    const claims = await session();
    expect(await registry.check(claims)).toBe(true);
    expect(await registry.end([claims.sid], 'logout')).toEqual([claims.sid]);
    expect(store.rows.get(claims.sid)?.endedAt).not.toBeNull();
    expect(bus.published).toEqual([{ sessions: [claims.sid] }]);
    expect(await registry.check(claims)).toBe(false);
  });

  it('ends every session of a user, and only those', async () => {
    const { registry, bus, session } = await setup();
    const a = await session();
    const b = await session(a.sub);
    const other = await session();
    const ended = await registry.endAllOf(a.sub, 'password_changed');
    expect(ended.sort()).toEqual([a.sid, b.sid].sort());
    expect(bus.published).toEqual([{ sessions: ended }]);
    expect(await registry.check(a)).toBe(false);
    expect(await registry.check(other)).toBe(true);
  });

  it('still ends the session here when publishing fails (the others refuse within 10 s)', async () => {
    const { registry, bus, session } = await setup();
    const claims = await session();
    bus.failPublish = true;
    await registry.end([claims.sid], 'logout');
    expect(await registry.check(claims)).toBe(false);
  });

  it('while the bus is down, reads the row on every check, so an ending elsewhere is seen at once', async () => {
    const { registry, bus, store, session } = await setup();
    const claims = await session();
    expect(await registry.check(claims)).toBe(true);
    bus.healthy = false;
    expect(await registry.check(claims)).toBe(true);
    expect(store.loads).toBe(2);
    // Another instance ends it; its message is lost with the bus.
    const row = store.rows.get(claims.sid);
    if (row) row.endedAt = new Date();
    expect(await registry.check(claims)).toBe(false);
  });

  it('drops the cache when the bus comes back (endings of the gap may be lost)', async () => {
    const { registry, bus, store, session } = await setup();
    const claims = await session();
    expect(await registry.check(claims)).toBe(true);
    const row = store.rows.get(claims.sid);
    if (row) row.endedAt = new Date();
    // Cached: the lost message is not noticed...
    expect(await registry.check(claims)).toBe(true);
    // ...until the bus reconnects.
    bus.listener?.onReset();
    expect(await registry.check(claims)).toBe(false);
  });

  it('does not bring back a session that ended while its row was being read', async () => {
    const { registry, bus, store, session } = await setup();
    const claims = await session();
    let open: () => void = () => undefined;
    store.gate = new Promise((resolve) => (open = resolve));
    const pending = registry.check(claims);
    bus.listener?.onEvent({ sessions: [claims.sid] });
    open();
    store.gate = null;
    expect(await pending).toBe(false);
    expect(await registry.check(claims)).toBe(false);
  });

  it('refuses a token whose user, role or standing does not match the session', async () => {
    const { registry, store, clock, session } = await setup();
    const claims = await session();
    expect(await registry.check({ ...claims, sub: randomUUID() })).toBe(false);
    expect(await registry.check({ ...claims, role: 'admin' })).toBe(false);
    expect(await registry.check(claims)).toBe(true);
    const row = store.rows.get(claims.sid);
    if (row) row.userActive = false;
    clock.ms += 10_000;
    expect(await registry.check(claims)).toBe(false);
    expect(await registry.check({ ...claims, sid: randomUUID() })).toBe(false);
  });
});

describe('SessionRegistry: idle limit and absolute lifetime', () => {
  it('writes activity at most every 30 s', async () => {
    const { registry, store, clock, session } = await setup();
    const claims = await session();
    for (let i = 0; i < 20; i += 1) {
      clock.ms += 5_000;
      expect(await registry.check(claims)).toBe(true);
    }
    // 100 s of requests every 5 s: written at 30, 60 and 90 s.
    expect(store.touches).toHaveLength(3);
  });

  it('refuses after 16 minutes without a request and ends the session', async () => {
    const { registry, store, clock, bus, session } = await setup();
    const claims = await session();
    expect(await registry.check(claims)).toBe(true);
    clock.ms += 15 * MINUTE;
    expect(await registry.check(claims)).toBe(true);
    clock.ms += 16 * MINUTE;
    expect(await registry.check(claims)).toBe(false);
    await new Promise((resolve) => setImmediate(resolve));
    expect(store.rows.get(claims.sid)?.endedAt).not.toBeNull();
    expect(bus.published).toEqual([{ sessions: [claims.sid] }]);
  });

  it('asks the database before refusing on a stale idle answer: another instance saw activity', async () => {
    const { registry, store, clock, session } = await setup();
    const claims = await session();
    expect(await registry.check(claims)).toBe(true);
    clock.ms += 12 * MINUTE;
    // The user's requests went to another instance, which wrote them.
    await store.touch(claims.sid, new Date(clock.ms));
    clock.ms += 5 * MINUTE;
    expect(await registry.check(claims)).toBe(true);
  });

  it('gives payment pages the longer limit', async () => {
    const { registry, clock, session } = await setup();
    const claims = await session();
    expect(await registry.check(claims)).toBe(true);
    await registry.setPaymentIdle(claims.sid, true);
    clock.ms += 35 * MINUTE;
    expect(await registry.check(claims)).toBe(true);
    await registry.setPaymentIdle(claims.sid, false);
    clock.ms += 16 * MINUTE;
    expect(await registry.check(claims)).toBe(false);
  });

  it('refuses past the absolute lifetime, however active', async () => {
    const { registry, clock, session } = await setup();
    const claims = await session();
    for (let minutes = 0; minutes < 12 * 60 - 10; minutes += 10) {
      clock.ms += 10 * MINUTE;
      expect(await registry.check(claims), `${minutes}`).toBe(true);
    }
    clock.ms += 10 * MINUTE;
    expect(await registry.check(claims)).toBe(false);
  });

  it('writes a refresh’s activity before answering, at most every 30 s', async () => {
    const { registry, store, clock, session } = await setup();
    const claims = await session();
    const row = () => store.rows.get(claims.sid) as SessionRecord;
    clock.ms += 10_000;
    await registry.recordActivity(claims.sid, row().lastSeenAt);
    expect(store.touches).toHaveLength(0);
    clock.ms += 10 * MINUTE;
    await registry.recordActivity(claims.sid, row().lastSeenAt);
    expect(row().lastSeenAt.getTime()).toBe(clock.ms);
    clock.ms += 10 * MINUTE;
    expect(registry.expiry(row())).toBeNull();
  });

  it('reports why a session read for a refresh is over, counting activity not yet written', async () => {
    const { registry, store, clock, session } = await setup();
    const claims = await session();
    const row = () => store.rows.get(claims.sid) as SessionRecord;
    clock.ms += 20_000;
    expect(await registry.check(claims)).toBe(true);
    expect(store.touches).toHaveLength(0);
    clock.ms += 15 * MINUTE + 50_000;
    // The row says 16:10 idle; this instance saw a request 15:50 ago.
    expect(registry.expiry(row())).toBeNull();
    clock.ms += 30_000;
    expect(registry.expiry(row())).toBe('idle');
    clock.ms = row().absoluteExpiresAt.getTime();
    expect(registry.expiry({ ...row(), lastSeenAt: new Date(clock.ms) })).toBe('absolute');
  });
});

describe('SessionRegistry: what watches sessions (the live streams)', () => {
  async function watched() {
    const context = await setup();
    const ended: SessionEvent[] = [];
    let rechecks = 0;
    const stop = context.registry.watch({
      ended: (event) => ended.push(event),
      recheck: () => (rechecks += 1),
    });
    return { ...context, ended, rechecks: () => rechecks, stop };
  }

  it('is told of every ending: its own, another instance’s, a deleted user’s', async () => {
    const { registry, bus, ended, session } = await watched();
    const mine = await session();
    await registry.end([mine.sid], 'logout');
    const theirs = await session();
    bus.listener?.onEvent({ sessions: [theirs.sid] });
    const gone = await session();
    await registry.userDeleted(gone.sub);
    const all = await session();
    const second = await session(all.sub);
    await registry.endAllOf(all.sub, 'two_factor_changed');
    expect(ended).toEqual([
      { sessions: [mine.sid] },
      { sessions: [theirs.sid] },
      { users: [gone.sub] },
      { sessions: expect.arrayContaining([all.sid, second.sid]) as string[] },
    ]);
  });

  it('is told of an ending found in the database (a message lost while the bus was down)', async () => {
    const { registry, store, bus, ended, session } = await watched();
    const claims = await session();
    expect(await registry.check(claims)).toBe(true);
    bus.healthy = false;
    const row = store.rows.get(claims.sid);
    if (row) row.endedAt = new Date();
    expect(await registry.check(claims)).toBe(false);
    expect(ended).toEqual([{ sessions: [claims.sid] }]);
  });

  it('is asked to look again when the bus comes back, and no more once it stops watching', async () => {
    const { bus, rechecks, stop } = await watched();
    bus.listener?.onReset();
    expect(rechecks()).toBe(1);
    stop();
    bus.listener?.onReset();
    expect(rechecks()).toBe(1);
  });

  it('ends every session of an account found inactive, on every instance', async () => {
    const { registry, store, bus, clock, ended, session } = await watched();
    const claims = await session();
    const other = await session(claims.sub);
    expect(await registry.check(claims)).toBe(true);
    for (const row of store.rows.values()) row.userActive = false;
    clock.ms += 10_000;
    expect(await registry.check(claims)).toBe(false);
    await new Promise((resolve) => setImmediate(resolve));
    expect(store.rows.get(other.sid)?.endedAt).not.toBeNull();
    expect(bus.published).toEqual([
      { sessions: expect.arrayContaining([claims.sid, other.sid]) as string[] },
    ]);
    expect(ended).toHaveLength(1);
  });

  it('knows an ending heard before something started watching', async () => {
    const { registry, session } = await setup();
    const claims = await session();
    expect(registry.knownEnded(claims)).toBe(false);
    await registry.end([claims.sid], 'logout');
    expect(registry.knownEnded(claims)).toBe(true);
  });
});

describe('session bus messages', () => {
  it('round-trip, and are cut to fit a NOTIFY payload', () => {
    const sessions: string[] = Array.from({ length: 400 }, () => randomUUID());
    const users: string[] = [randomUUID()];
    const messages = encodeSessionEvent({ sessions, users });
    expect(messages.length).toBe(3);
    for (const message of messages) expect(Buffer.byteLength(message)).toBeLessThan(8000);
    const decoded = messages.map((m) => decodeSessionEvent(m));
    expect(decoded.flatMap((e) => e?.sessions ?? [])).toEqual(sessions);
    expect(decoded.flatMap((e) => e?.users ?? [])).toEqual(users);
  });

  it('ignore what is not ours', () => {
    expect(decodeSessionEvent('not json')).toBeNull();
    expect(decodeSessionEvent('null')).toBeNull();
    expect(decodeSessionEvent(JSON.stringify({ s: ['x', 1, randomUUID()] }))?.sessions).toHaveLength(1);
  });
});

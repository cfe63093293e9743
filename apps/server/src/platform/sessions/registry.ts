import type { FastifyBaseLogger } from 'fastify';
import type { Role } from '@mindledger/domain';
import type { SessionEndReason } from '../../db/schema/index.js';
import type { Clock } from '../clock.js';
import type { AccessClaims } from '../tokens.js';
import type { SessionBus, SessionEvent } from './bus.js';
import type { SessionRecord, SessionStore } from './store.js';

export interface SessionRegistryOptions {
  store: SessionStore;
  bus: SessionBus;
  clock: Clock;
  log: FastifyBaseLogger;
  /** After this long without a request a session is over (longer while on payment pages). */
  idleLimitMs: (paymentIdle: boolean) => number;
  /** How long an ended session or user is remembered: longer than any access token lives. */
  rememberEndedMs: number;
  /** How long a cached "alive" answer is trusted without asking the database again. */
  trustMs?: number;
  /** Activity is written to the database at most this often per session. */
  writeEveryMs?: number;
}

interface Entry {
  userId: string;
  userRole: Role;
  userActive: boolean;
  absoluteExpiresAt: number;
  paymentIdle: boolean;
  /** Latest activity this instance knows of (its own requests, or the database's). */
  lastSeenAt: number;
  /** Latest activity known to be in the database. */
  lastWrittenAt: number;
  /** When the database was last read for this entry. */
  checkedAt: number;
}

type Verdict = 'alive' | 'idle' | 'absolute' | 'inactive' | 'refused';

/**
 * What holds something open for a session (the live notification streams): told of every ending,
 * here or on another instance, as the registry learns of it, so that it closes at once.
 */
export interface SessionWatcher {
  /** These sessions ended, or every session of these users (deleted accounts). */
  ended(event: SessionEvent): void;
  /** The bus came back after a gap: endings may have been missed, so look at every session again. */
  recheck(): void;
}

/**
 * Whether an access token's session is alive, asked on every authenticated request (issue 10 item
 * 5). Answers come from memory: a session read from the database is trusted for `trustMs` (10 s),
 * and sessions ended anywhere are dropped at once, here directly and on the other instances
 * through the bus. While the bus is down nothing cached is trusted (every check reads the row), and
 * when it comes back the cache is dropped, since endings of the gap may have been missed.
 *
 * Activity (idle limit, item 6) is kept in memory and written at most every `writeEveryMs` (30 s).
 */
export class SessionRegistry {
  private readonly entries = new Map<string, Entry>();
  /** Session id → until when it is known to have ended. */
  private readonly endedSessions = new Map<string, number>();
  /** User id → until when every session of the user counts as ended (deleted accounts). */
  private readonly endedUsers = new Map<string, number>();
  private readonly loading = new Map<string, Promise<Entry | null>>();
  /** Bumped when the cache is dropped, so that a read begun before does not refill it. */
  private generation = 0;
  private readonly trustMs: number;
  private readonly writeEveryMs: number;
  private readonly sweeper: NodeJS.Timeout;
  private readonly writes = new Set<Promise<void>>();
  private readonly watchers = new Set<SessionWatcher>();

  constructor(private readonly options: SessionRegistryOptions) {
    this.trustMs = options.trustMs ?? 10_000;
    this.writeEveryMs = options.writeEveryMs ?? 30_000;
    this.sweeper = setInterval(() => this.sweep(), 60_000);
    this.sweeper.unref();
  }

  /** Subscribes to the other instances' endings. */
  async start(): Promise<void> {
    await this.options.bus.start({
      onEvent: (event) => this.forget(event),
      onReset: () => this.dropCache(),
    });
  }

  /** Tells `watcher` of every ending from now on; answers the call that stops it. */
  watch(watcher: SessionWatcher): () => void {
    this.watchers.add(watcher);
    return () => this.watchers.delete(watcher);
  }

  /**
   * Whether an ending of the token's session is already known here (no database read, no activity).
   * Something that starts watching a session checks this once: an ending it was not there to hear.
   */
  knownEnded(claims: AccessClaims): boolean {
    return this.isEnded(claims.sid, claims.sub, this.now());
  }

  private tell(call: (watcher: SessionWatcher) => void): void {
    for (const watcher of this.watchers) {
      try {
        call(watcher);
      } catch (error) {
        this.options.log.error({ err: error }, 'a session watcher failed');
      }
    }
  }

  get busHealthy(): boolean {
    return this.options.bus.healthy;
  }

  private now(): number {
    return this.options.clock.now().getTime();
  }

  private isEnded(sessionId: string, userId: string, now: number): boolean {
    return (this.endedSessions.get(sessionId) ?? 0) > now || (this.endedUsers.get(userId) ?? 0) > now;
  }

  private verdict(entry: Entry, claims: AccessClaims, now: number): Verdict {
    if (entry.userId !== claims.sub || entry.userRole !== claims.role) return 'refused';
    if (!entry.userActive) return 'inactive';
    if (now >= entry.absoluteExpiresAt) return 'absolute';
    if (now - entry.lastSeenAt >= this.options.idleLimitMs(entry.paymentIdle)) return 'idle';
    return 'alive';
  }

  /** True when the token's session is alive; records the request as activity. */
  async check(claims: AccessClaims): Promise<boolean> {
    const now = this.now();
    if (this.isEnded(claims.sid, claims.sub, now)) return false;
    let entry = this.entries.get(claims.sid);
    let fresh = false;
    if (!entry || !this.options.bus.healthy || now - entry.checkedAt >= this.trustMs) {
      entry = (await this.load(claims.sid)) ?? undefined;
      fresh = true;
    }
    if (!entry) return false;
    let verdict = this.verdict(entry, claims, now);
    // Before refusing on what was cached, ask the database: another instance may have seen activity.
    if (verdict !== 'alive' && !fresh) {
      entry = (await this.load(claims.sid)) ?? undefined;
      if (!entry) return false;
      verdict = this.verdict(entry, claims, now);
    }
    if (verdict === 'idle' || verdict === 'absolute') {
      this.end([claims.sid], verdict).catch((error: unknown) =>
        this.options.log.error({ err: error }, 'ending an expired session failed'),
      );
    }
    // The account is no longer active (not activated, or its approval withdrawn): none of its
    // sessions is, on any instance, and whatever they hold open closes.
    if (verdict === 'inactive') {
      this.endAllOf(entry.userId, 'access_withdrawn').catch((error: unknown) =>
        this.options.log.error({ err: error }, 'ending the sessions of an inactive account failed'),
      );
    }
    if (verdict !== 'alive') return false;
    this.touch(claims.sid, entry, now);
    return true;
  }

  private load(sessionId: string): Promise<Entry | null> {
    let pending = this.loading.get(sessionId);
    if (!pending) {
      pending = this.read(sessionId).finally(() => this.loading.delete(sessionId));
      this.loading.set(sessionId, pending);
    }
    return pending;
  }

  private async read(sessionId: string): Promise<Entry | null> {
    const generation = this.generation;
    const row = await this.options.store.load(sessionId);
    const now = this.now();
    if (!row || row.endedAt) {
      // Ended (maybe on another instance whose message was lost): here too, with what it holds open.
      if (!this.isEnded(sessionId, row?.userId ?? '', now)) this.forget({ sessions: [sessionId] });
      return null;
    }
    // Ended while the row was being read: the ending wins.
    if (this.isEnded(sessionId, row.userId, now)) return null;
    const entry = this.entryOf(row, this.entries.get(sessionId), now);
    if (generation === this.generation) this.entries.set(sessionId, entry);
    return entry;
  }

  private entryOf(row: SessionRecord, previous: Entry | undefined, now: number): Entry {
    const written = row.lastSeenAt.getTime();
    return {
      userId: row.userId,
      userRole: row.userRole,
      userActive: row.userActive,
      absoluteExpiresAt: row.absoluteExpiresAt.getTime(),
      paymentIdle: row.paymentIdle,
      lastSeenAt: Math.max(written, previous?.lastSeenAt ?? 0),
      lastWrittenAt: Math.max(written, previous?.lastWrittenAt ?? 0),
      checkedAt: now,
    };
  }

  private touch(sessionId: string, entry: Entry, now: number): void {
    entry.lastSeenAt = Math.max(entry.lastSeenAt, now);
    if (now - entry.lastWrittenAt < this.writeEveryMs) return;
    entry.lastWrittenAt = now;
    this.write(sessionId, now);
  }

  /** Activity is written in the background: the request does not wait for it. */
  private write(sessionId: string, at: number): void {
    const write = this.options.store
      .touch(sessionId, new Date(at))
      .catch((error: unknown) => this.options.log.warn({ err: error }, 'recording session activity failed'))
      .finally(() => this.writes.delete(write));
    this.writes.add(write);
  }

  /** Starts a session (a login). */
  async create(values: {
    id: string;
    userId: string;
    absoluteExpiresAt: Date;
    deviceKey?: string;
  }): Promise<void> {
    await this.options.store.create({ ...values, at: new Date(this.now()) });
  }

  /**
   * Why a session read for a refresh is over (idle or past its absolute lifetime), or null. The
   * activity this instance saw but has not written yet counts.
   */
  expiry(session: {
    id: string;
    lastSeenAt: Date;
    absoluteExpiresAt: Date;
    paymentIdle: boolean;
  }): 'idle' | 'absolute' | null {
    const now = this.now();
    if (now >= session.absoluteExpiresAt.getTime()) return 'absolute';
    const lastSeen = Math.max(session.lastSeenAt.getTime(), this.entries.get(session.id)?.lastSeenAt ?? 0);
    if (now - lastSeen >= this.options.idleLimitMs(session.paymentIdle)) return 'idle';
    return null;
  }

  /**
   * A refresh is activity too; `stored` is the row's last_seen_at, to write no more than needed.
   * Awaited (unlike a request's): a refresh is rare, and the next one, maybe on another instance,
   * must see it.
   */
  async recordActivity(sessionId: string, stored: Date): Promise<void> {
    const now = this.now();
    const entry = this.entries.get(sessionId);
    if (entry) entry.lastSeenAt = Math.max(entry.lastSeenAt, now);
    if (now - Math.max(stored.getTime(), entry?.lastWrittenAt ?? 0) < this.writeEveryMs) return;
    if (entry) entry.lastWrittenAt = now;
    await this.options.store
      .touch(sessionId, new Date(now))
      .catch((error: unknown) => this.options.log.warn({ err: error }, 'recording session activity failed'));
  }

  /** The web app is on payment pages (or left them): the idle limit follows. */
  async setPaymentIdle(sessionId: string, paymentIdle: boolean): Promise<void> {
    const entry = this.entries.get(sessionId);
    if (entry?.paymentIdle === paymentIdle) return;
    await this.options.store.setPaymentIdle(sessionId, paymentIdle);
    if (entry) entry.paymentIdle = paymentIdle;
  }

  /** Ends sessions: in the database, here, and on every other instance. */
  async end(sessionIds: string[], reason: SessionEndReason): Promise<string[]> {
    const ended = await this.options.store.end({ ids: sessionIds }, reason, new Date(this.now()));
    // Remember even the ones already ended: a stale cache entry must go either way.
    await this.announce({ sessions: sessionIds });
    return ended;
  }

  /** Ends every session of a user (password change or reset, withdrawn access, deletion). */
  async endAllOf(userId: string, reason: SessionEndReason): Promise<string[]> {
    const ended = await this.options.store.end({ userId }, reason, new Date(this.now()));
    await this.announce({ sessions: ended });
    return ended;
  }

  /** The user's row is gone: no session of theirs is alive, whatever a cache says. */
  async userDeleted(userId: string): Promise<void> {
    await this.announce({ users: [userId] });
  }

  private async announce(event: SessionEvent): Promise<void> {
    this.forget(event);
    if (!event.sessions?.length && !event.users?.length) return;
    try {
      await this.options.bus.publish(event);
    } catch (error) {
      // The database already says the sessions ended: other instances refuse them at the latest
      // when their cached answer runs out (trustMs).
      this.options.log.error({ err: error }, 'session bus: publishing an ending failed');
    }
  }

  /** Applies an ending, ours or another instance's. */
  private forget(event: SessionEvent): void {
    const until = this.now() + this.options.rememberEndedMs;
    for (const id of event.sessions ?? []) {
      this.entries.delete(id);
      this.endedSessions.set(id, until);
    }
    if (event.users?.length) {
      const users = new Set(event.users);
      for (const id of users) this.endedUsers.set(id, until);
      for (const [id, entry] of this.entries) if (users.has(entry.userId)) this.entries.delete(id);
    }
    if (event.sessions?.length || event.users?.length) this.tell((watcher) => watcher.ended(event));
  }

  /** After a gap in the bus: endings may have been missed, so nothing cached is kept. */
  private dropCache(): void {
    this.generation += 1;
    for (const [id, entry] of this.entries)
      if (entry.lastSeenAt > entry.lastWrittenAt) this.write(id, entry.lastSeenAt);
    this.entries.clear();
    this.tell((watcher) => watcher.recheck());
  }

  private sweep(): void {
    const now = this.now();
    for (const [id, until] of this.endedSessions) if (until <= now) this.endedSessions.delete(id);
    for (const [id, until] of this.endedUsers) if (until <= now) this.endedUsers.delete(id);
    for (const [id, entry] of this.entries) {
      if (now - entry.checkedAt < this.trustMs) continue;
      if (entry.lastSeenAt > entry.lastWrittenAt) this.write(id, entry.lastSeenAt);
      this.entries.delete(id);
    }
  }

  /**
   * Deletes from the database the sessions over for longer than `retentionDays` (ended, or past their
   * absolute lifetime) and their refresh tokens: nothing can revive them, and kept they would only grow.
   */
  async sweepStored(retentionDays: number): Promise<number> {
    return this.options.store.sweep(new Date(this.now() - retentionDays * 86_400_000));
  }

  /** Writes the activity not yet written, then stops listening. */
  async close(): Promise<void> {
    clearInterval(this.sweeper);
    for (const [id, entry] of this.entries)
      if (entry.lastSeenAt > entry.lastWrittenAt) this.write(id, entry.lastSeenAt);
    this.entries.clear();
    await Promise.all([...this.writes]);
    await this.options.bus.close();
  }
}

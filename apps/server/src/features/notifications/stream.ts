import type { NotificationResponse } from '@mindledger/domain';
import type { SessionEvent } from '../../platform/sessions/bus.js';
import type { NotificationsRepo } from './repo.js';

/** One open live stream (a browser tab): where it is in the user's notifications, and its socket. */
export interface StreamClient {
  userId: string;
  /** The session of the access token that opened it: the stream ends with it. */
  sessionId: string;
  /** The last seq sent; the next pump sends what comes after. */
  cursor: number;
  lastUnread: number | null;
  send(event: string, data: unknown, id?: number): void;
  end(): void;
  /** Asks whether its session is still alive, and ends the stream when it is not. */
  recheck(): void;
}

/** The most notifications one pump sends; the rest follow on the next wake. */
const CATCH_UP_LIMIT = 100;

/**
 * The open streams of this instance. A wake (a write here, or a bus message from another instance)
 * makes each stream of that user read what came after its cursor and the unread count, and send
 * them: the database is the source, so a lost wake loses nothing the next wake will not bring, and
 * nothing is sent twice (the cursor only moves forward).
 */
export class NotificationStreams {
  private readonly byUser = new Map<string, Set<StreamClient>>();
  private readonly bySession = new Map<string, Set<StreamClient>>();
  private readonly pumping = new Map<StreamClient, boolean>();

  constructor(
    private readonly repo: NotificationsRepo,
    private readonly present: (
      userId: string,
      rows: Awaited<ReturnType<NotificationsRepo['after']>>,
    ) => Promise<NotificationResponse[]>,
    private readonly onError: (error: unknown) => void,
  ) {}

  get size(): number {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }

  add(client: StreamClient): void {
    let set = this.byUser.get(client.userId);
    if (!set) this.byUser.set(client.userId, (set = new Set()));
    set.add(client);
    let ofSession = this.bySession.get(client.sessionId);
    if (!ofSession) this.bySession.set(client.sessionId, (ofSession = new Set()));
    ofSession.add(client);
  }

  remove(client: StreamClient): void {
    const set = this.byUser.get(client.userId);
    set?.delete(client);
    if (set?.size === 0) this.byUser.delete(client.userId);
    const ofSession = this.bySession.get(client.sessionId);
    ofSession?.delete(client);
    if (ofSession?.size === 0) this.bySession.delete(client.sessionId);
    this.pumping.delete(client);
  }

  /**
   * Sessions ended (here or on another instance, platform/sessions/registry.ts): their streams end
   * at once, before anything more is sent on them.
   */
  endSessions(event: SessionEvent): void {
    const ending: StreamClient[] = [];
    for (const id of event.sessions ?? []) ending.push(...(this.bySession.get(id) ?? []));
    for (const id of event.users ?? []) ending.push(...(this.byUser.get(id) ?? []));
    for (const client of ending) client.end();
  }

  /** Endings may have been missed (a gap of the session bus): every stream asks about its session. */
  recheckAll(): void {
    for (const set of [...this.byUser.values()]) for (const client of [...set]) client.recheck();
  }

  wake(userIds: Iterable<string>): void {
    for (const userId of userIds) for (const client of this.byUser.get(userId) ?? []) this.pump(client);
  }

  /** After a gap of the bus: every stream looks again. */
  wakeAll(): void {
    for (const set of this.byUser.values()) for (const client of set) this.pump(client);
  }

  closeAll(): void {
    for (const set of [...this.byUser.values()]) for (const client of [...set]) client.end();
    this.byUser.clear();
    this.bySession.clear();
  }

  /** Sends what is new; a wake during a pump makes it run once more (never two at once). */
  pump(client: StreamClient): void {
    if (this.pumping.has(client)) {
      this.pumping.set(client, true);
      return;
    }
    this.pumping.set(client, false);
    void this.run(client);
  }

  private async run(client: StreamClient): Promise<void> {
    try {
      for (;;) {
        const rows = await this.repo.after(client.userId, client.cursor, CATCH_UP_LIMIT);
        if (!this.pumping.has(client)) return;
        for (const notification of await this.present(client.userId, rows)) {
          client.send('notification', notification, notification.seq);
          client.cursor = Math.max(client.cursor, notification.seq);
        }
        const unread = await this.repo.unreadCount(client.userId);
        if (!this.pumping.has(client)) return;
        if (unread !== client.lastUnread) {
          client.lastUnread = unread;
          client.send('unread', { unreadCount: unread });
        }
        if (rows.length === CATCH_UP_LIMIT || this.pumping.get(client)) {
          this.pumping.set(client, false);
          continue;
        }
        break;
      }
    } catch (error) {
      this.onError(error);
    } finally {
      if (this.pumping.has(client)) this.pumping.delete(client);
    }
  }
}

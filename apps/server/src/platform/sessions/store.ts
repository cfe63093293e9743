import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Role } from '@mindledger/domain';
import type { Db } from '../../db/client.js';
import { refreshTokens, sessions, users, type SessionEndReason } from '../../db/schema/index.js';

/** A session as the per-request check needs it, with its user's standing. */
export interface SessionRecord {
  id: string;
  userId: string;
  lastSeenAt: Date;
  absoluteExpiresAt: Date;
  paymentIdle: boolean;
  endedAt: Date | null;
  /** The user's role now (a token of another role is refused). */
  userRole: Role;
  /** Activated and approved (an admin may withdraw a provider's approval). */
  userActive: boolean;
}

/** The SQL of sessions. */
export interface SessionStore {
  create(values: { id: string; userId: string; at: Date; absoluteExpiresAt: Date }): Promise<void>;
  load(id: string): Promise<SessionRecord | undefined>;
  /** Records activity (never moves it back). */
  touch(id: string, at: Date): Promise<void>;
  setPaymentIdle(id: string, paymentIdle: boolean): Promise<void>;
  /** Ends the live sessions named (by id, or all of a user) and revokes their refresh tokens; answers their ids. */
  end(target: { ids: string[] } | { userId: string }, reason: SessionEndReason, at: Date): Promise<string[]>;
  /**
   * Deletes sessions over before `before` (ended, or past their absolute lifetime), with their
   * refresh tokens; answers how many.
   */
  sweep(before: Date): Promise<number>;
}

function prepareLoad(db: Db) {
  return db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      lastSeenAt: sessions.lastSeenAt,
      absoluteExpiresAt: sessions.absoluteExpiresAt,
      paymentIdle: sessions.paymentIdle,
      endedAt: sessions.endedAt,
      userRole: users.role,
      userActive: sql<boolean>`${users.activated} and ${users.approved}`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sql.placeholder('id')))
    .limit(1)
    .prepare('session_by_id');
}

export class SqlSessionStore implements SessionStore {
  private readonly loadStatement: ReturnType<typeof prepareLoad>;

  constructor(private readonly db: Db) {
    this.loadStatement = prepareLoad(db);
  }

  async create(values: {
    id: string;
    userId: string;
    at: Date;
    absoluteExpiresAt: Date;
    deviceKey?: string;
  }): Promise<void> {
    await this.db.insert(sessions).values({
      id: values.id,
      userId: values.userId,
      createdAt: values.at,
      lastSeenAt: values.at,
      absoluteExpiresAt: values.absoluteExpiresAt,
      deviceKey: values.deviceKey ?? null,
    });
  }

  async load(id: string): Promise<SessionRecord | undefined> {
    const [row] = await this.loadStatement.execute({ id });
    return row ? { ...row, userActive: row.userActive === true } : undefined;
  }

  async touch(id: string, at: Date): Promise<void> {
    await this.db
      .update(sessions)
      .set({ lastSeenAt: sql`greatest(${sessions.lastSeenAt}, ${at.toISOString()}::timestamptz)` })
      .where(and(eq(sessions.id, id), isNull(sessions.endedAt)));
  }

  async setPaymentIdle(id: string, paymentIdle: boolean): Promise<void> {
    await this.db.update(sessions).set({ paymentIdle }).where(eq(sessions.id, id));
  }

  async end(
    target: { ids: string[] } | { userId: string },
    reason: SessionEndReason,
    at: Date,
  ): Promise<string[]> {
    if ('ids' in target && target.ids.length === 0) return [];
    const which = 'ids' in target ? inArray(sessions.id, target.ids) : eq(sessions.userId, target.userId);
    const ended = await this.db
      .update(sessions)
      .set({ endedAt: at, endedReason: reason })
      .where(and(which, isNull(sessions.endedAt)))
      .returning({ id: sessions.id });
    const ids = ended.map((row) => row.id);
    // Refresh tokens of an ended session are refused anyway (rotation checks the session); revoking
    // them keeps the table saying the same thing.
    if (ids.length > 0) {
      await this.db
        .update(refreshTokens)
        .set({ revokedAt: at })
        .where(and(inArray(refreshTokens.familyId, ids), isNull(refreshTokens.revokedAt)));
    }
    return ids;
  }

  async sweep(before: Date): Promise<number> {
    const gone = await this.db
      .delete(sessions)
      .where(
        sql`coalesce(${sessions.endedAt}, ${sessions.absoluteExpiresAt}) < ${before.toISOString()}::timestamptz`,
      )
      .returning({ id: sessions.id });
    return gone.length;
  }
}

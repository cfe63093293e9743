import { and, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { rowsOf, type Db, type Executor } from '../../db/client.js';
import { jobOutbox } from '../../db/schema/index.js';

export interface SendOptions {
  /**
   * Makes the enqueue idempotent: a second send with the same key (a retried request, a doubled
   * tick, a second worker) is dropped. Kept for `keyRetentionDays` after the job was handed over.
   */
  key?: string | undefined;
  /** Not before this instant. */
  startAfter?: Date | undefined;
  /** The caller's transaction: the job is asked for only if it commits. */
  tx?: Executor | undefined;
}

export interface OutboxRow {
  id: string;
  name: string;
  data: object;
  startAfter: Date | null;
}

/** Keyed rows are kept this long after hand-over, so a late retry with the same key stays a no-op. */
export const keyRetentionDays = 7;

/** Writes jobs to `job_outbox` (in the caller's transaction when given) and claims them for the relay. */
export class Outbox {
  constructor(private readonly db: Db) {}

  /** Asks for one job; false when its key was already used. */
  async add(name: string, data: object, options: SendOptions = {}): Promise<boolean> {
    const executor = options.tx ?? this.db;
    const inserted = await executor
      .insert(jobOutbox)
      .values({ name, data, key: options.key ?? null, startAfter: options.startAfter ?? null })
      .onConflictDoNothing({ target: jobOutbox.key })
      .returning({ id: jobOutbox.id });
    return inserted.length > 0;
  }

  /** Asks for many jobs in one statement; answers how many were new (the others' keys were used). */
  async addMany(
    items: { name: string; data: object; key?: string | undefined }[],
    tx?: Executor,
  ): Promise<number> {
    if (items.length === 0) return 0;
    const inserted = await (tx ?? this.db)
      .insert(jobOutbox)
      .values(items.map((item) => ({ name: item.name, data: item.data, key: item.key ?? null })))
      .onConflictDoNothing({ target: jobOutbox.key })
      .returning({ id: jobOutbox.id });
    return inserted.length;
  }

  /**
   * Takes up to `limit` rows not yet handed over and not held by another relay, holding them for
   * `leaseSeconds`: a relay that dies holding them lets another take them after that.
   */
  async claim(limit: number, leaseSeconds: number): Promise<OutboxRow[]> {
    const result = await this.db.execute(sql`
      update job_outbox set claimed_until = now() + make_interval(secs => ${leaseSeconds})
      where id in (
        select id from job_outbox
        where sent_at is null and (claimed_until is null or claimed_until < now())
        order by created_at limit ${limit}
        for update skip locked
      )
      returning id, name, data, start_after`);
    return rowsOf<{ id: string; name: string; data: object; start_after: string | Date | null }>(result).map(
      (r) => ({
        id: r.id,
        name: r.name,
        data: r.data,
        startAfter: r.start_after ? new Date(r.start_after) : null,
      }),
    );
  }

  /** Handed over: unkeyed rows go; keyed rows keep only their key (no data) until retention ends. */
  async sent(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.delete(jobOutbox).where(and(inArray(jobOutbox.id, ids), isNull(jobOutbox.key)));
    await this.db
      .update(jobOutbox)
      .set({ sentAt: sql`now()`, data: {}, claimedUntil: null })
      .where(inArray(jobOutbox.id, ids));
  }

  /**
   * A hand-over that failed (pg-boss refused or lost its connection): the rows are due again now,
   * not after the lease, which is there for a relay that died and cannot say so.
   */
  async release(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .update(jobOutbox)
      .set({ claimedUntil: null })
      .where(and(inArray(jobOutbox.id, ids), isNull(jobOutbox.sentAt)));
  }

  /** Keys older than the retention. */
  async purge(): Promise<void> {
    await this.db
      .delete(jobOutbox)
      .where(
        and(
          isNotNull(jobOutbox.sentAt),
          lt(jobOutbox.sentAt, sql`now() - make_interval(days => ${keyRetentionDays})`),
        ),
      );
  }
}

import { and, eq, sql } from 'drizzle-orm';
import { addDays, isLocalTime, isTimeZone, nextSlot, type LocalSchedule } from '@mindledger/domain';
import { rowsOf, type Db, type Executor } from '../../db/client.js';
import { jobOutbox, userSchedules } from '../../db/schema/index.js';
import type { Clock } from '../clock.js';

export interface UserScheduleInput extends LocalSchedule {
  /** Handed to each delivery (e.g. a reminder's message). No PHI: it lives in the job tables. */
  data?: object;
}

/** What a per-user schedule's job receives, once per user and slot. */
export interface ScheduleDelivery {
  userId: string;
  kind: string;
  /** The local day this delivery stands for. */
  slot: string;
  /** `kind:userId:slot`: the same for a retry or a second worker, so a consumer can key on it too. */
  key: string;
  data: object;
}

/** What a batched schedule's job receives: the deliveries of one claim. */
export interface ScheduleBatch {
  deliveries: ScheduleDelivery[];
}

/** The job a kind's deliveries are enqueued as. */
export const scheduleJobName = (kind: string) => `user-schedule:${kind}`;

/**
 * Per-user schedules in the user's time zone (docs/ARCHITECTURE.md "Jobs"): each row holds its next
 * local day and that day's instant (`due_at`, indexed with the kind). A tick claims due rows in
 * batches (`FOR UPDATE SKIP LOCKED`: two workers take different rows), enqueues one delivery per
 * row keyed `kind:user:day` and moves the row to its next slot, all in one transaction: a crash
 * before the commit leaves the rows due for the next tick, and nothing was enqueued.
 */
export class UserSchedules {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** Creates or changes a user's schedule; a slot already delivered is not delivered again. */
  async set(userId: string, kind: string, input: UserScheduleInput, tx?: Executor): Promise<void> {
    const schedule = checked(input);
    const executor = tx ?? this.db;
    const [existing] = await executor
      .select({ nextSlot: userSchedules.nextSlot })
      .from(userSchedules)
      .where(and(eq(userSchedules.userId, userId), eq(userSchedules.kind, kind)));
    const next = nextSlot(schedule, this.clock.now(), existing ? addDays(existing.nextSlot, -1) : null);
    if (!next) throw new RangeError('A schedule needs at least one weekday');
    const values = {
      timeZone: schedule.timeZone,
      localTime: schedule.localTime,
      weekdays: [...schedule.weekdays],
      data: input.data ?? {},
      nextSlot: next.slot,
      dueAt: next.at,
      updatedAt: this.clock.now(),
    };
    await executor
      .insert(userSchedules)
      .values({ userId, kind, ...values })
      .onConflictDoUpdate({ target: [userSchedules.userId, userSchedules.kind], set: values });
  }

  async remove(userId: string, kind: string, tx?: Executor): Promise<void> {
    await (tx ?? this.db)
      .delete(userSchedules)
      .where(and(eq(userSchedules.userId, userId), eq(userSchedules.kind, kind)));
  }

  /** The user moved to another zone: every schedule of theirs follows, at the same local time. */
  async rezone(userId: string, timeZone: string, tx?: Executor): Promise<void> {
    const executor = tx ?? this.db;
    const rows = await executor.select().from(userSchedules).where(eq(userSchedules.userId, userId));
    for (const row of rows) {
      if (row.timeZone === timeZone) continue;
      await this.set(userId, row.kind, { ...row, timeZone }, executor);
    }
  }

  /**
   * Claims due rows of `kind`, `batchSize` at a time until none is due, enqueueing one delivery each
   * as `scheduleJobName(kind)`. Returns how many were enqueued.
   */
  async claimDue(kind: string, batchSize = 200, batched = false): Promise<number> {
    let total = 0;
    for (;;) {
      const claimed = await this.claimBatch(kind, batchSize, batched);
      total += claimed;
      if (claimed < batchSize) return total;
    }
  }

  private claimBatch(kind: string, batchSize: number, batched: boolean): Promise<number> {
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const due = rowsOf<{
        user_id: string;
        time_zone: string;
        local_time: string;
        weekdays: number[];
        data: object;
        next_slot: string;
      }>(
        await tx.execute(sql`
          select user_id, time_zone, local_time, weekdays, data, next_slot from user_schedules
          where kind = ${kind} and due_at <= ${now.toISOString()}::timestamptz
          order by due_at limit ${batchSize}
          for update skip locked`),
      );
      if (due.length === 0) return 0;
      const deliveries = due.map((row) => {
        const key = `${kind}:${row.user_id}:${row.next_slot}`;
        const delivery: ScheduleDelivery = {
          userId: row.user_id,
          kind,
          slot: row.next_slot,
          key,
          data: row.data,
        };
        return { name: scheduleJobName(kind), data: delivery, key };
      });
      // Batched: one job for the claim, keyed by its first delivery (the claim moves its rows on in
      // this transaction, so no other claim holds that delivery).
      const jobs = batched
        ? [
            {
              name: scheduleJobName(kind),
              data: { deliveries: deliveries.map((d) => d.data) } satisfies ScheduleBatch,
              key: `batch:${deliveries[0]?.key ?? ''}`,
            },
          ]
        : deliveries;
      await tx.insert(jobOutbox).values(jobs).onConflictDoNothing({ target: jobOutbox.key });
      const moves = due.map((row) => {
        const next = nextSlot(
          { localTime: row.local_time, weekdays: row.weekdays, timeZone: row.time_zone },
          now,
          row.next_slot,
        );
        return { userId: row.user_id, next };
      });
      const ended = moves.filter((m) => !m.next).map((m) => m.userId);
      const moved = moves.filter((m) => m.next);
      if (moved.length > 0)
        await tx.execute(sql`
          update user_schedules as s set next_slot = v.slot, due_at = v.at::timestamptz, updated_at = ${now.toISOString()}::timestamptz
          from (values ${sql.join(
            moved.map((m) => sql`(${m.userId}::uuid, ${m.next?.slot}, ${m.next?.at.toISOString()})`),
            sql`, `,
          )}) as v(user_id, slot, at)
          where s.kind = ${kind} and s.user_id = v.user_id`);
      for (const userId of ended) await this.remove(userId, kind, tx);
      return due.length;
    });
  }
}

function checked(input: LocalSchedule): LocalSchedule {
  if (!isTimeZone(input.timeZone)) throw new RangeError(`Unknown time zone: ${input.timeZone}`);
  if (!isLocalTime(input.localTime)) throw new RangeError(`Not a time (HH:MM): ${input.localTime}`);
  return input;
}

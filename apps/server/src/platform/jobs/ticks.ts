import { and, eq, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { jobTicks } from '../../db/schema/index.js';
import type { Outbox } from './outbox.js';

export interface TickDefinition {
  /** The tick's name, also the job it enqueues. */
  name: string;
  everySeconds: number;
}

/** What a tick's job receives: the slot it stands for (slots are aligned to the epoch). */
export interface TickData {
  at: string;
}

/**
 * Recurring ticks on any database (PGlite included): `job_ticks` holds when each is due next; the
 * worker that moves it on, in the same transaction as the job it enqueues, owns that slot. Two
 * workers or a retry cannot both take a slot (the row is locked, and the job is keyed by the slot).
 * A worker that was down runs a missed tick once, not once per missed slot.
 */
export async function claimTick(db: Db, outbox: Outbox, tick: TickDefinition, now: Date): Promise<boolean> {
  const everyMs = tick.everySeconds * 1000;
  const slot = new Date(Math.floor(now.getTime() / everyMs) * everyMs);
  return db.transaction(async (tx) => {
    await tx.insert(jobTicks).values({ name: tick.name, dueAt: slot }).onConflictDoNothing();
    const claimed = await tx
      .update(jobTicks)
      .set({ dueAt: new Date(slot.getTime() + everyMs) })
      .where(and(eq(jobTicks.name, tick.name), lte(jobTicks.dueAt, now)))
      .returning({ name: jobTicks.name });
    if (claimed.length === 0) return false;
    const data: TickData = { at: slot.toISOString() };
    await outbox.add(tick.name, data, { key: `tick:${tick.name}:${data.at}`, tx });
    return true;
  });
}

import { and, asc, desc, eq, inArray, isNull, lt, lte, or } from 'drizzle-orm';
import type { MeasureKind } from '@mindledger/domain';
import type { Db, Executor } from '../../db/client.js';
import { connections, measureAssignments, measureResponses, users } from '../../db/schema/index.js';
import { activeConnection } from '../../platform/policy.js';

export type AssignmentRow = typeof measureAssignments.$inferSelect;
export type ResponseRow = typeof measureResponses.$inferSelect;

/** Responses a history answers at most (a weekly measure for almost four years). */
export const historyLimit = 200;

/** Measure assignments and responses (issue 16); every read names the client it is about. */
export class MeasuresRepo {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  async insertAssignment(
    tx: Executor,
    values: typeof measureAssignments.$inferInsert,
  ): Promise<AssignmentRow> {
    const [row] = await tx.insert(measureAssignments).values(values).returning();
    return row!;
  }

  /** One assignment of the client's (any state), or undefined. */
  async assignmentOfPatient(patientId: string, id: string): Promise<AssignmentRow | undefined> {
    const [row] = await this.db
      .select()
      .from(measureAssignments)
      .where(and(eq(measureAssignments.id, id), eq(measureAssignments.patientId, patientId)));
    return row;
  }

  /** One assignment a provider made, or undefined. */
  async assignmentOfProvider(providerId: string, id: string): Promise<AssignmentRow | undefined> {
    const [row] = await this.db
      .select()
      .from(measureAssignments)
      .where(and(eq(measureAssignments.id, id), eq(measureAssignments.providerId, providerId)));
    return row;
  }

  /** A client's live assignments (not stopped), with the assigning provider's name, soonest first. */
  async liveAssignments(patientId: string) {
    return this.db
      .select({
        assignment: measureAssignments,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(measureAssignments)
      .innerJoin(users, eq(users.id, measureAssignments.providerId))
      .where(and(eq(measureAssignments.patientId, patientId), isNull(measureAssignments.stoppedAt)))
      .orderBy(asc(measureAssignments.dueAt))
      .limit(50);
  }

  async stop(tx: Executor, id: string, at: Date): Promise<void> {
    await tx.update(measureAssignments).set({ stoppedAt: at }).where(eq(measureAssignments.id, id));
  }

  /** Moves a recurring assignment to its next cycle (not yet told to the client). */
  async advance(tx: Executor, id: string, dueAt: Date): Promise<void> {
    await tx.update(measureAssignments).set({ dueAt, notifiedAt: null }).where(eq(measureAssignments.id, id));
  }

  /** Inserts a response; undefined when this cycle of the assignment was already answered. */
  async insertResponse(
    tx: Executor,
    values: typeof measureResponses.$inferInsert,
  ): Promise<ResponseRow | undefined> {
    const [row] = await tx.insert(measureResponses).values(values).onConflictDoNothing().returning();
    return row;
  }

  /** A client's responses, oldest first (the order scores are read and flagged in). */
  async history(patientId: string, kind?: MeasureKind): Promise<ResponseRow[]> {
    const rows = await this.db
      .select()
      .from(measureResponses)
      .where(
        and(eq(measureResponses.patientId, patientId), kind ? eq(measureResponses.kind, kind) : undefined),
      )
      .orderBy(desc(measureResponses.completedAt), desc(measureResponses.id))
      .limit(historyLimit);
    return rows.reverse();
  }

  /** The first and the latest total of a client's measure, for a new score's change flags. */
  async firstAndLast(
    patientId: string,
    kind: MeasureKind,
  ): Promise<{ first: number | null; previous: number | null }> {
    const of = (order: 'asc' | 'desc') =>
      this.db
        .select({ total: measureResponses.total })
        .from(measureResponses)
        .where(and(eq(measureResponses.patientId, patientId), eq(measureResponses.kind, kind)))
        .orderBy(
          order === 'asc' ? asc(measureResponses.completedAt) : desc(measureResponses.completedAt),
          order === 'asc' ? asc(measureResponses.id) : desc(measureResponses.id),
        )
        .limit(1);
    const [[first], [last]] = await Promise.all([of('asc'), of('desc')]);
    return { first: first?.total ?? null, previous: last?.total ?? null };
  }

  /** Connected providers of a client (accepted, active): who a safety alert goes to. */
  async connectedProviders(patientId: string): Promise<string[]> {
    const rows = await this.db
      .select({ providerId: connections.providerId })
      .from(connections)
      .where(and(eq(connections.patientId, patientId), activeConnection()));
    return [...new Set(rows.map((r) => r.providerId))];
  }

  /**
   * Live assignments whose cycle began and whose client was not told yet, claimed in `tx` (two
   * workers take different rows): the tick tells the client and marks them.
   */
  async claimDueUntold(tx: Executor, now: Date, limit: number) {
    return tx
      .select({
        id: measureAssignments.id,
        patientId: measureAssignments.patientId,
        providerId: measureAssignments.providerId,
        kind: measureAssignments.kind,
        dueAt: measureAssignments.dueAt,
      })
      .from(measureAssignments)
      .where(
        and(
          isNull(measureAssignments.stoppedAt),
          lte(measureAssignments.dueAt, now),
          or(
            isNull(measureAssignments.notifiedAt),
            lt(measureAssignments.notifiedAt, measureAssignments.dueAt),
          ),
        ),
      )
      .orderBy(asc(measureAssignments.dueAt))
      .limit(limit)
      .for('update', { skipLocked: true });
  }

  async markNotified(tx: Executor, ids: string[], at: Date): Promise<void> {
    if (ids.length === 0) return;
    await tx.update(measureAssignments).set({ notifiedAt: at }).where(inArray(measureAssignments.id, ids));
  }
}

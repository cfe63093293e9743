import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { AcceptanceDocumentId, ConsentEventKind } from '@mindledger/domain';
import type { Executor } from '../../db/client.js';
import { consentEvents, legalAcceptances, userConsents } from '../../db/schema/index.js';

export type AcceptanceRow = typeof legalAcceptances.$inferSelect;
export type ConsentsRow = typeof userConsents.$inferSelect;
export type ConsentEventRow = typeof consentEvents.$inferSelect;

export interface AcceptanceToRecord {
  document: AcceptanceDocumentId;
  version: string;
  sha256: string;
}

/** The SQL of acceptances and consents; every statement names its user. */
export const legalRepo = {
  /** Records accepted versions; a version already accepted keeps its first acceptance. */
  async recordAcceptances(
    db: Executor,
    userId: string,
    documents: AcceptanceToRecord[],
    context: AcceptanceRow['context'],
    acceptedAt: Date,
  ): Promise<void> {
    if (documents.length === 0) return;
    await db
      .insert(legalAcceptances)
      .values(documents.map((d) => ({ ...d, userId, context, acceptedAt })))
      .onConflictDoNothing();
  },

  /** Every version the user accepted, newest first. */
  acceptances(db: Executor, userId: string): Promise<AcceptanceRow[]> {
    return db
      .select()
      .from(legalAcceptances)
      .where(eq(legalAcceptances.userId, userId))
      .orderBy(desc(legalAcceptances.acceptedAt), asc(legalAcceptances.document));
  },

  async consents(db: Executor, userId: string): Promise<ConsentsRow | undefined> {
    const [row] = await db.select().from(userConsents).where(eq(userConsents.userId, userId));
    return row;
  },

  /** The user's consents row, locked for a change (made first when there is none). */
  async lockConsents(db: Executor, userId: string): Promise<ConsentsRow> {
    await db.insert(userConsents).values({ userId }).onConflictDoNothing();
    const [row] = await db.select().from(userConsents).where(eq(userConsents.userId, userId)).for('update');
    if (!row) throw new Error('consents row not found after insert');
    return row;
  },

  async updateConsents(
    db: Executor,
    userId: string,
    values: Partial<Omit<ConsentsRow, 'userId'>>,
  ): Promise<ConsentsRow> {
    const [row] = await db
      .update(userConsents)
      .set(values)
      .where(eq(userConsents.userId, userId))
      .returning();
    if (!row) throw new Error('consents row not found');
    return row;
  },

  async addEvent(
    db: Executor,
    userId: string,
    event: { kind: ConsentEventKind; occurredAt: Date; version?: string | null; expiresAt?: Date | null },
  ): Promise<void> {
    await db.insert(consentEvents).values({ userId, ...event });
  },

  /** The latest changes first (at most `limit`). */
  events(db: Executor, userId: string, limit = 100): Promise<ConsentEventRow[]> {
    return db
      .select()
      .from(consentEvents)
      .where(eq(consentEvents.userId, userId))
      .orderBy(desc(consentEvents.occurredAt), desc(consentEvents.id))
      .limit(limit);
  },

  /**
   * Of `userIds`, those who opted out of research use of de-identified data: what any research or
   * analytics export must leave out (decision 094).
   */
  async researchOptedOut(db: Executor, userIds: readonly string[]): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const rows = await db
      .select({ userId: userConsents.userId })
      .from(userConsents)
      .where(and(eq(userConsents.researchOptOut, true), inArray(userConsents.userId, [...userIds])));
    return new Set(rows.map((r) => r.userId));
  },
};

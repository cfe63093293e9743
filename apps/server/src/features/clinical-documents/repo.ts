import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client.js';
import { descIndexed } from '../../db/order.js';
import {
  carePlanVersions,
  carePlans,
  journalEntries,
  notesSummaries,
  notesSummaryVersions,
  providerShares,
  users,
} from '../../db/schema/index.js';
import { visibleEntries } from '../../platform/read-scope.js';

export type SummaryRow = typeof notesSummaries.$inferSelect;
export type SummaryVersionRow = typeof notesSummaryVersions.$inferSelect;
export type CarePlanRow = typeof carePlans.$inferSelect;
export type CarePlanVersionRow = typeof carePlanVersions.$inferSelect;
export type ProviderShareRow = typeof providerShares.$inferSelect;
export type ShareKind = ProviderShareRow['kind'];

/** One version's metadata as a history list shows it (never its content). */
export interface VersionMeta {
  version: number;
  editMode: string;
  refinementDetails: string | null;
  isSigned: boolean;
  signedAt: Date | null;
  createdAt: Date;
  createdByName: string | null;
}

/** The SQL of notes summaries, care plans and what providers share with clients. */
export class ClinicalDocumentsRepo {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  // Notes summaries

  async insertSummary(
    tx: Tx,
    summary: typeof notesSummaries.$inferInsert,
    version: Omit<typeof notesSummaryVersions.$inferInsert, 'summaryId' | 'version'>,
  ): Promise<{ summary: SummaryRow; version: SummaryVersionRow }> {
    const [row] = await tx.insert(notesSummaries).values(summary).returning();
    const [v] = await tx
      .insert(notesSummaryVersions)
      .values({ ...version, summaryId: row!.id, version: 1 })
      .returning();
    return { summary: row!, version: v! };
  }

  async summaryById(providerId: string, id: string, tx: Executor = this.db): Promise<SummaryRow | undefined> {
    const [row] = await tx
      .select()
      .from(notesSummaries)
      .where(and(eq(notesSummaries.id, id), eq(notesSummaries.providerId, providerId)))
      .limit(1);
    return row;
  }

  async lockSummary(tx: Tx, id: string): Promise<SummaryRow | undefined> {
    const [row] = await tx.select().from(notesSummaries).where(eq(notesSummaries.id, id)).for('update');
    return row;
  }

  async summaryVersion(summaryId: string, version: number): Promise<SummaryVersionRow | undefined> {
    const [row] = await this.db
      .select()
      .from(notesSummaryVersions)
      .where(and(eq(notesSummaryVersions.summaryId, summaryId), eq(notesSummaryVersions.version, version)));
    return row;
  }

  async addSummaryVersion(
    tx: Tx,
    summary: SummaryRow,
    version: Omit<typeof notesSummaryVersions.$inferInsert, 'summaryId' | 'version'>,
    now: Date,
  ): Promise<SummaryVersionRow> {
    const next = summary.currentVersion + 1;
    const [v] = await tx
      .insert(notesSummaryVersions)
      .values({ ...version, summaryId: summary.id, version: next })
      .returning();
    await tx
      .update(notesSummaries)
      .set({ currentVersion: next, updatedAt: now })
      .where(eq(notesSummaries.id, summary.id));
    return v!;
  }

  /** A client's summaries by the provider, newest first, each with its current version. */
  summariesOf(providerId: string, patientId: string, limit: number) {
    return this.db
      .select({ summary: notesSummaries, version: notesSummaryVersions })
      .from(notesSummaries)
      .innerJoin(
        notesSummaryVersions,
        and(
          eq(notesSummaryVersions.summaryId, notesSummaries.id),
          eq(notesSummaryVersions.version, notesSummaries.currentVersion),
        ),
      )
      .where(and(eq(notesSummaries.providerId, providerId), eq(notesSummaries.patientId, patientId)))
      .orderBy(descIndexed(notesSummaries.createdAt))
      .limit(limit);
  }

  summaryHistory(summaryId: string): Promise<VersionMeta[]> {
    return this.db
      .select({
        version: notesSummaryVersions.version,
        editMode: notesSummaryVersions.editMode,
        refinementDetails: notesSummaryVersions.refinementDetails,
        isSigned: sql<boolean>`false`,
        signedAt: sql<Date | null>`null`,
        createdAt: notesSummaryVersions.createdAt,
        createdByName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
      })
      .from(notesSummaryVersions)
      .leftJoin(users, eq(users.id, notesSummaryVersions.createdBy))
      .where(eq(notesSummaryVersions.summaryId, summaryId))
      .orderBy(desc(notesSummaryVersions.version));
  }

  // Care plans

  async insertPlan(
    tx: Tx,
    plan: typeof carePlans.$inferInsert,
    version: Omit<typeof carePlanVersions.$inferInsert, 'carePlanId' | 'version'>,
  ): Promise<{ plan: CarePlanRow; version: CarePlanVersionRow }> {
    const [row] = await tx.insert(carePlans).values(plan).returning();
    const [v] = await tx
      .insert(carePlanVersions)
      .values({ ...version, carePlanId: row!.id, version: 1 })
      .returning();
    return { plan: row!, version: v! };
  }

  async planById(providerId: string, id: string): Promise<CarePlanRow | undefined> {
    const [row] = await this.db
      .select()
      .from(carePlans)
      .where(and(eq(carePlans.id, id), eq(carePlans.providerId, providerId)))
      .limit(1);
    return row;
  }

  async lockPlan(tx: Tx, id: string): Promise<CarePlanRow | undefined> {
    const [row] = await tx.select().from(carePlans).where(eq(carePlans.id, id)).for('update');
    return row;
  }

  async planVersion(carePlanId: string, version: number, tx: Executor = this.db) {
    const [row] = await tx
      .select()
      .from(carePlanVersions)
      .where(and(eq(carePlanVersions.carePlanId, carePlanId), eq(carePlanVersions.version, version)));
    return row;
  }

  async addPlanVersion(
    tx: Tx,
    plan: CarePlanRow,
    version: Omit<typeof carePlanVersions.$inferInsert, 'carePlanId' | 'version'>,
    now: Date,
  ): Promise<CarePlanVersionRow> {
    const next = plan.currentVersion + 1;
    const [v] = await tx
      .insert(carePlanVersions)
      .values({ ...version, carePlanId: plan.id, version: next })
      .returning();
    await tx
      .update(carePlans)
      .set({
        currentVersion: next,
        isSigned: version.isSigned ?? false,
        signedAt: version.signedAt ?? null,
        signedBy: version.isSigned ? version.createdBy : null,
        updatedAt: now,
      })
      .where(eq(carePlans.id, plan.id));
    return v!;
  }

  /** Signs the current version in place (no new version: the content is unchanged). */
  async signCurrent(tx: Tx, plan: CarePlanRow, by: string, now: Date): Promise<void> {
    await tx
      .update(carePlanVersions)
      .set({ isSigned: true, signedAt: now })
      .where(
        and(eq(carePlanVersions.carePlanId, plan.id), eq(carePlanVersions.version, plan.currentVersion)),
      );
    await tx
      .update(carePlans)
      .set({ isSigned: true, signedAt: now, signedBy: by, updatedAt: now })
      .where(eq(carePlans.id, plan.id));
  }

  plansOf(providerId: string, patientId: string, limit: number) {
    return this.db
      .select({ plan: carePlans, version: carePlanVersions })
      .from(carePlans)
      .innerJoin(
        carePlanVersions,
        and(
          eq(carePlanVersions.carePlanId, carePlans.id),
          eq(carePlanVersions.version, carePlans.currentVersion),
        ),
      )
      .where(and(eq(carePlans.providerId, providerId), eq(carePlans.patientId, patientId)))
      .orderBy(descIndexed(carePlans.createdAt))
      .limit(limit);
  }

  planHistory(carePlanId: string): Promise<VersionMeta[]> {
    return this.db
      .select({
        version: carePlanVersions.version,
        editMode: carePlanVersions.editMode,
        refinementDetails: carePlanVersions.refinementDetails,
        isSigned: carePlanVersions.isSigned,
        signedAt: carePlanVersions.signedAt,
        createdAt: carePlanVersions.createdAt,
        createdByName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
      })
      .from(carePlanVersions)
      .leftJoin(users, eq(users.id, carePlanVersions.createdBy))
      .where(eq(carePlanVersions.carePlanId, carePlanId))
      .orderBy(desc(carePlanVersions.version));
  }

  // The client's journal as a provider may see it (never private entries)

  async journalFigures(patientId: string, start: string, end: string) {
    const inRange = and(
      visibleEntries(patientId, false),
      sql`${journalEntries.localDay} between ${start} and ${end}`,
    );
    const [sentiments, emotions] = await Promise.all([
      this.db
        .select({ sentiment: journalEntries.sentiment, n: count() })
        .from(journalEntries)
        .where(inRange)
        .groupBy(journalEntries.sentiment),
      this.db
        .select({ name: journalEntries.primaryEmotion, n: count() })
        .from(journalEntries)
        .where(and(inRange, sql`${journalEntries.primaryEmotion} is not null`))
        .groupBy(journalEntries.primaryEmotion)
        .orderBy(desc(count()))
        .limit(5),
    ]);
    const by = (s: string) => sentiments.find((r) => r.sentiment === s)?.n ?? 0;
    return {
      entries: sentiments.reduce((sum, r) => sum + r.n, 0),
      emotions: emotions.map((e) => ({ name: e.name ?? '', count: e.n })),
      sentiment: { positive: by('positive'), neutral: by('neutral'), negative: by('negative') },
    };
  }

  // What providers share with clients

  async share(values: typeof providerShares.$inferInsert): Promise<ProviderShareRow> {
    const [row] = await this.db.insert(providerShares).values(values).returning();
    return row!;
  }

  async liveShare(kind: ShareKind, itemId: string, version: number) {
    const [row] = await this.db
      .select()
      .from(providerShares)
      .where(
        and(
          eq(providerShares.kind, kind),
          eq(providerShares.itemId, itemId),
          eq(providerShares.version, version),
          isNull(providerShares.withdrawnAt),
        ),
      );
    return row;
  }

  /** Live shares of items, for the provider's lists ("Shared with client"). */
  sharesOf(itemIds: string[]) {
    if (itemIds.length === 0) return Promise.resolve([] as ProviderShareRow[]);
    return this.db
      .select()
      .from(providerShares)
      .where(and(inArray(providerShares.itemId, itemIds), isNull(providerShares.withdrawnAt)));
  }

  /** What providers share with the client, newest first, with the provider's name. */
  sharedWith(patientId: string, limit = 100) {
    return this.db
      .select({ share: providerShares, firstName: users.firstName, lastName: users.lastName })
      .from(providerShares)
      .innerJoin(users, eq(users.id, providerShares.providerId))
      .where(and(eq(providerShares.patientId, patientId), isNull(providerShares.withdrawnAt)))
      .orderBy(descIndexed(providerShares.createdAt))
      .limit(limit);
  }

  async shareById(id: string): Promise<ProviderShareRow | undefined> {
    const [row] = await this.db.select().from(providerShares).where(eq(providerShares.id, id));
    return row;
  }

  async withdraw(id: string, now: Date): Promise<void> {
    await this.db.update(providerShares).set({ withdrawnAt: now }).where(eq(providerShares.id, id));
  }
}

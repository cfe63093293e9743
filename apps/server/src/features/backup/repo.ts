import { and, asc, desc, eq, gt, inArray, isNull, lte, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client.js';
import {
  aiDocuments,
  backupExports,
  backupImports,
  goalEntryLinks,
  goalMentions,
  goalNotificationSettings,
  goals,
  initialJourneyMessages,
  journalEntries,
  notificationSettings,
  users,
  weeklyAutomationSettings,
} from '../../db/schema/index.js';

export type ExportRow = typeof backupExports.$inferSelect;
export type ImportRow = typeof backupImports.$inferSelect;
export type EntryRow = typeof journalEntries.$inferSelect;
export type GoalRow = typeof goals.$inferSelect;

/** Entries read or written this many at a time. */
export const entryBatch = 500;

const isUuid = (v: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v);
const live = sql`not ${journalEntries.deleted}`;

/**
 * The backup's SQL (decision 095): its export and import rows, the reads of everything a user owns
 * for an export, what an import could conflict with, and the writes of an import (always inside
 * the import's one transaction). Every statement names the user it is about.
 */
export class BackupRepo {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  // ——— export and import rows ———

  async insertExport(tx: Executor, values: typeof backupExports.$inferInsert): Promise<ExportRow> {
    const [row] = await tx.insert(backupExports).values(values).returning();
    return row!;
  }

  async exportOf(userId: string, id: string): Promise<ExportRow | undefined> {
    const [row] = await this.db
      .select()
      .from(backupExports)
      .where(and(eq(backupExports.id, id), eq(backupExports.userId, userId)));
    return row;
  }

  async exportForJob(id: string): Promise<ExportRow | undefined> {
    const [row] = await this.db.select().from(backupExports).where(eq(backupExports.id, id));
    return row;
  }

  async updateExport(id: string, values: Partial<typeof backupExports.$inferInsert>): Promise<void> {
    await this.db.update(backupExports).set(values).where(eq(backupExports.id, id));
  }

  async exports(userId: string, limit: number): Promise<ExportRow[]> {
    return this.db
      .select()
      .from(backupExports)
      .where(eq(backupExports.userId, userId))
      .orderBy(desc(backupExports.createdAt), desc(backupExports.id))
      .limit(limit);
  }

  async expiredExports(now: Date, limit: number): Promise<ExportRow[]> {
    return this.db
      .select()
      .from(backupExports)
      .where(and(eq(backupExports.status, 'completed'), lte(backupExports.expiresAt, now)))
      .limit(limit);
  }

  async insertImport(values: typeof backupImports.$inferInsert): Promise<ImportRow> {
    const [row] = await this.db.insert(backupImports).values(values).returning();
    return row!;
  }

  async importForJob(id: string): Promise<ImportRow | undefined> {
    const [row] = await this.db.select().from(backupImports).where(eq(backupImports.id, id));
    return row;
  }

  async importOf(userId: string, id: string, tx: Executor = this.db): Promise<ImportRow | undefined> {
    const [row] = await tx
      .select()
      .from(backupImports)
      .where(and(eq(backupImports.id, id), eq(backupImports.userId, userId)));
    return row;
  }

  async updateImport(id: string, values: Partial<typeof backupImports.$inferInsert>, tx: Executor = this.db) {
    await tx.update(backupImports).set(values).where(eq(backupImports.id, id));
  }

  /** Moves an import from one status to another; false when it was not in `from` any more. */
  async moveImport(
    id: string,
    from: ImportRow['status'][],
    values: Partial<typeof backupImports.$inferInsert>,
    tx: Executor = this.db,
  ): Promise<boolean> {
    const rows = await tx
      .update(backupImports)
      .set(values)
      .where(and(eq(backupImports.id, id), inArray(backupImports.status, from)))
      .returning({ id: backupImports.id });
    return rows.length > 0;
  }

  /** A running import's heartbeat (nothing once it has ended). */
  async touchImport(id: string, at: Date): Promise<void> {
    await this.db
      .update(backupImports)
      .set({ updatedAt: at })
      .where(and(eq(backupImports.id, id), eq(backupImports.status, 'importing')));
  }

  /**
   * Moves the started imports (progress > 0) whose last heartbeat is before `cutoff`, other than
   * `except`, to `values` in one statement; answers them.
   */
  async failSilentRuns(
    cutoff: Date,
    except: string[],
    values: Partial<typeof backupImports.$inferInsert>,
  ): Promise<{ id: string; fileKey: string | null }[]> {
    return this.db
      .update(backupImports)
      .set(values)
      .where(
        and(
          eq(backupImports.status, 'importing'),
          gt(backupImports.progress, 0),
          lte(backupImports.updatedAt, cutoff),
          except.length > 0 ? notInArray(backupImports.id, except) : undefined,
        ),
      )
      .returning({ id: backupImports.id, fileKey: backupImports.fileKey });
  }

  async clearFiles(ids: string[]): Promise<void> {
    await this.db.update(backupImports).set({ fileKey: null }).where(inArray(backupImports.id, ids));
  }

  async imports(userId: string, limit: number): Promise<ImportRow[]> {
    return this.db
      .select()
      .from(backupImports)
      .where(eq(backupImports.userId, userId))
      .orderBy(desc(backupImports.createdAt), desc(backupImports.id))
      .limit(limit);
  }

  async runningImport(userId: string): Promise<ImportRow | undefined> {
    const [row] = await this.db
      .select()
      .from(backupImports)
      .where(and(eq(backupImports.userId, userId), eq(backupImports.status, 'importing')))
      .limit(1);
    return row;
  }

  /** Uploads never confirmed, and imports left running, older than `cutoff` (the sweep). */
  async staleImports(cutoff: Date, limit: number): Promise<ImportRow[]> {
    return this.db
      .select()
      .from(backupImports)
      .where(
        and(
          or(eq(backupImports.status, 'uploaded'), eq(backupImports.status, 'importing')),
          lte(backupImports.updatedAt, cutoff),
        ),
      )
      .limit(limit);
  }

  // ——— what an export reads ———

  async user(userId: string, tx: Executor = this.db) {
    const [row] = await tx.select().from(users).where(eq(users.id, userId));
    return row;
  }

  /** The user's live entries, oldest first, a page at a time (keyset on time and id). */
  async *entryPages(userId: string): AsyncGenerator<EntryRow[]> {
    let after: { at: Date; id: string } | null = null;
    for (;;) {
      const page: EntryRow[] = await this.db
        .select()
        .from(journalEntries)
        .where(
          and(
            eq(journalEntries.patientId, userId),
            live,
            after
              ? sql`(${journalEntries.entryAt}, ${journalEntries.id}) > (${after.at.toISOString()}::timestamptz, ${after.id}::uuid)`
              : undefined,
          ),
        )
        .orderBy(asc(journalEntries.entryAt), asc(journalEntries.id))
        .limit(entryBatch);
      if (page.length > 0) yield page;
      if (page.length < entryBatch) return;
      const last = page.at(-1)!;
      after = { at: last.entryAt, id: last.id };
    }
  }

  /** The goal ids each of these entries is linked to. */
  async linksOf(entryIds: string[]): Promise<Map<string, string[]>> {
    const map = new Map<string, string[]>();
    if (entryIds.length === 0) return map;
    const rows = await this.db
      .select({ entryId: goalEntryLinks.entryId, goalId: goalEntryLinks.goalId })
      .from(goalEntryLinks)
      .where(inArray(goalEntryLinks.entryId, entryIds));
    for (const r of rows) map.set(r.entryId, [...(map.get(r.entryId) ?? []), r.goalId]);
    return map;
  }

  async goalsOf(userId: string): Promise<GoalRow[]> {
    return this.db
      .select()
      .from(goals)
      .where(and(eq(goals.patientId, userId), sql`not ${goals.deleted}`))
      .orderBy(asc(goals.createdAt), asc(goals.id));
  }

  /** Mentions that came from no entry (entries carry their own links). */
  async looseMentions(userId: string) {
    return this.db
      .select({
        goalId: goalMentions.goalId,
        moodType: goalMentions.moodType,
        createdAt: goalMentions.createdAt,
      })
      .from(goalMentions)
      .where(and(eq(goalMentions.patientId, userId), isNull(goalMentions.entryId)))
      .orderBy(asc(goalMentions.createdAt));
  }

  async settingsOf(userId: string, tx: Executor = this.db) {
    // one after another: a transaction's client runs one query at a time
    const [notifications] = await tx
      .select()
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, userId));
    const [goalReminder] = await tx
      .select()
      .from(goalNotificationSettings)
      .where(eq(goalNotificationSettings.patientId, userId));
    const [weekly] = await tx
      .select()
      .from(weeklyAutomationSettings)
      .where(eq(weeklyAutomationSettings.patientId, userId));
    return { notifications, goalReminder, weekly };
  }

  async journeyMessages(userId: string, tx: Executor = this.db) {
    return tx
      .select()
      .from(initialJourneyMessages)
      .where(eq(initialJourneyMessages.patientId, userId))
      .orderBy(asc(initialJourneyMessages.seq));
  }

  async documents(userId: string, tx: Executor = this.db) {
    return tx
      .select()
      .from(aiDocuments)
      .where(eq(aiDocuments.patientId, userId))
      .orderBy(asc(aiDocuments.generatedAt), asc(aiDocuments.id));
  }

  // ——— what an import could conflict with ———

  /** Of the keys and file ids, which name live entries of the user already (by import key, by id). */
  async existingEntries(
    userId: string,
    keys: string[],
    ids: string[],
    moments: Date[],
    tx: Executor = this.db,
  ) {
    const byKey = new Map<string, string>();
    const byId = new Set<string>();
    const byMoment = new Map<number, string>();
    const uuids = ids.filter(isUuid);
    for (let i = 0; i < Math.max(keys.length, uuids.length, moments.length); i += 1000) {
      const k = keys.slice(i, i + 1000);
      const u = uuids.slice(i, i + 1000);
      const m = moments.slice(i, i + 1000);
      const conditions: SQL[] = [];
      if (k.length) conditions.push(inArray(journalEntries.importKey, k));
      if (u.length) conditions.push(inArray(journalEntries.id, u));
      if (m.length) conditions.push(inArray(journalEntries.entryAt, m));
      if (!conditions.length) continue;
      const rows = await tx
        .select({
          id: journalEntries.id,
          importKey: journalEntries.importKey,
          entryAt: journalEntries.entryAt,
        })
        .from(journalEntries)
        .where(and(eq(journalEntries.patientId, userId), live, or(...conditions)));
      for (const r of rows) {
        if (r.importKey) byKey.set(r.importKey, r.id);
        byId.add(r.id);
        byMoment.set(r.entryAt.getTime(), r.id);
      }
    }
    return { byKey, byId, byMoment };
  }

  async liveGoals(userId: string, tx: Executor = this.db) {
    return tx
      .select()
      .from(goals)
      .where(and(eq(goals.patientId, userId), sql`not ${goals.deleted}`));
  }

  // ——— what an import writes (inside its transaction) ———

  async lockUser(tx: Tx, userId: string): Promise<void> {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  }

  async insertGoal(tx: Tx, values: typeof goals.$inferInsert): Promise<string> {
    const [row] = await tx.insert(goals).values(values).returning({ id: goals.id });
    return row!.id;
  }

  async updateGoal(tx: Tx, userId: string, id: string, values: Partial<typeof goals.$inferInsert>) {
    await tx
      .update(goals)
      .set(values)
      .where(and(eq(goals.id, id), eq(goals.patientId, userId)));
  }

  async insertEntries(tx: Tx, rows: (typeof journalEntries.$inferInsert)[]): Promise<{ id: string }[]> {
    const out: { id: string }[] = [];
    for (let i = 0; i < rows.length; i += entryBatch)
      out.push(
        ...(await tx
          .insert(journalEntries)
          .values(rows.slice(i, i + entryBatch))
          .returning({ id: journalEntries.id })),
      );
    return out;
  }

  /** Replaced entries go as a deletion would take them: soft-deleted, their links and mentions gone. */
  async removeEntries(tx: Tx, userId: string, ids: string[], now: Date): Promise<string[]> {
    if (ids.length === 0) return [];
    const touched = await tx
      .delete(goalMentions)
      .where(inArray(goalMentions.entryId, ids))
      .returning({ goalId: goalMentions.goalId });
    await tx.delete(goalEntryLinks).where(inArray(goalEntryLinks.entryId, ids));
    await tx
      .update(journalEntries)
      .set({ deleted: true, deletedAt: now, updatedAt: now, importKey: null })
      .where(and(eq(journalEntries.patientId, userId), inArray(journalEntries.id, ids)));
    return [...new Set(touched.map((t) => t.goalId))];
  }

  async insertLinks(
    tx: Tx,
    links: {
      goalId: string;
      entryId: string;
      patientId: string;
      moodType: 'positive' | 'negative' | 'neutral';
      createdAt: Date;
    }[],
  ) {
    for (let i = 0; i < links.length; i += entryBatch) {
      const part = links.slice(i, i + entryBatch);
      await tx
        .insert(goalEntryLinks)
        .values(
          part.map(({ goalId, entryId, patientId, createdAt }) => ({
            goalId,
            entryId,
            patientId,
            createdAt,
          })),
        )
        .onConflictDoNothing();
      await tx.insert(goalMentions).values(part);
    }
  }

  async insertLooseMentions(
    tx: Tx,
    mentions: {
      goalId: string;
      patientId: string;
      moodType: 'positive' | 'negative' | 'neutral';
      createdAt: Date;
    }[],
  ) {
    for (let i = 0; i < mentions.length; i += entryBatch)
      await tx.insert(goalMentions).values(mentions.slice(i, i + entryBatch));
  }

  /** Mention counts and last mention dates of these goals, from their mention history. */
  async recount(tx: Tx, goalIds: string[]): Promise<void> {
    if (goalIds.length === 0) return;
    await tx.execute(sql`update ${goals} g set
      mention_count = (select count(*) from ${goalMentions} m where m.goal_id = g.id),
      last_mention_date = (select max(m.created_at) from ${goalMentions} m where m.goal_id = g.id)
      where g.id in (${sql.join(
        goalIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`);
  }

  async updateUser(tx: Tx, userId: string, values: Partial<typeof users.$inferInsert>) {
    await tx.update(users).set(values).where(eq(users.id, userId));
  }

  async saveGoalReminder(
    tx: Tx,
    userId: string,
    period: 'daily' | 'weekly' | 'monthly' | 'never',
    now: Date,
  ) {
    await tx
      .insert(goalNotificationSettings)
      .values({ patientId: userId, reminderPeriod: period, updatedAt: now })
      .onConflictDoUpdate({
        target: goalNotificationSettings.patientId,
        set: { reminderPeriod: period, updatedAt: now },
      });
  }

  async replaceJourney(
    tx: Tx,
    userId: string,
    messages: { role: 'user' | 'assistant'; text: string; createdAt: Date }[],
    append: boolean,
  ) {
    let start = 0;
    if (append) {
      const [row] = await tx
        .select({ max: sql<number | null>`max(${initialJourneyMessages.seq})` })
        .from(initialJourneyMessages)
        .where(eq(initialJourneyMessages.patientId, userId));
      start = Number(row?.max ?? 0);
    } else await tx.delete(initialJourneyMessages).where(eq(initialJourneyMessages.patientId, userId));
    if (messages.length)
      await tx
        .insert(initialJourneyMessages)
        .values(messages.map((m, i) => ({ patientId: userId, seq: start + i + 1, ...m })));
  }

  /**
   * The most private entries an Initial Journey document generated at `at` could have drawn on, for
   * a file that does not say (decision 103): the client's private entries with an emotion of the 30
   * days before it, a day more each side for any time zone (as migration 0022 counts old documents).
   */
  async privateEntriesAround(tx: Tx, userId: string, at: Date): Promise<number> {
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(journalEntries)
      .where(
        and(
          eq(journalEntries.patientId, userId),
          sql`${journalEntries.isPrivate} and ${journalEntries.primaryEmotion} is not null`,
          sql`${journalEntries.localDay} between (${at.toISOString()}::timestamptz at time zone 'UTC')::date - 31
            and (${at.toISOString()}::timestamptz at time zone 'UTC')::date + 1`,
        ),
      );
    return Number(row?.n ?? 0);
  }

  async insertDocument(tx: Tx, values: typeof aiDocuments.$inferInsert) {
    await tx.insert(aiDocuments).values(values);
  }

  async deleteDocument(tx: Tx, userId: string, id: string) {
    await tx.delete(aiDocuments).where(and(eq(aiDocuments.id, id), eq(aiDocuments.patientId, userId)));
  }
}

import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { CarePlanDocument } from '@mindledger/domain';
import { rowsOf, type Db, type Executor } from '../../db/client.js';
import {
  carePlans,
  carePlanVersions,
  clinicalExports,
  connections,
  goalMentions,
  goals,
  journalEntries,
  measureResponses,
  noteAddenda,
  providerNotes,
  providerShares,
  users,
} from '../../db/schema/index.js';
import { activeConnection } from '../../platform/policy.js';
import { fromVisibleEntry, visibleEntries, type ReadScope } from '../../platform/read-scope.js';
import type {
  RecordCarePlan,
  RecordEmotionCount,
  RecordEntry,
  RecordGoal,
  RecordMeasure,
  RecordNote,
  RecordPerson,
  RecordWeek,
} from './record.js';

export type ExportRow = typeof clinicalExports.$inferSelect;

/** Journal entries are read this many at a time while a Bundle is written. */
export const entryPageSize = 500;
/** Exports a list answers at most (newest first). */
export const listLimit = 50;
/** Notes and care plans an export holds at most. */
const notesLimit = 1000;

/** The export rows, and the reads of a client's record an export is built from (decision 093). */
export class ClinicalExportRepo {
  constructor(private readonly db: Db) {}

  async insert(tx: Executor, values: typeof clinicalExports.$inferInsert): Promise<ExportRow> {
    const [row] = await tx.insert(clinicalExports).values(values).returning();
    return row!;
  }

  /** One export the requester asked for, or undefined (another's export is nobody's to see). */
  async byId(requestedBy: string, id: string): Promise<ExportRow | undefined> {
    const [row] = await this.db
      .select()
      .from(clinicalExports)
      .where(and(eq(clinicalExports.id, id), eq(clinicalExports.requestedBy, requestedBy)));
    return row;
  }

  async byIdForJob(id: string): Promise<ExportRow | undefined> {
    const [row] = await this.db.select().from(clinicalExports).where(eq(clinicalExports.id, id));
    return row;
  }

  async list(requestedBy: string, patientId: string): Promise<ExportRow[]> {
    return this.db
      .select()
      .from(clinicalExports)
      .where(and(eq(clinicalExports.requestedBy, requestedBy), eq(clinicalExports.patientId, patientId)))
      .orderBy(desc(clinicalExports.createdAt), desc(clinicalExports.id))
      .limit(listLimit);
  }

  async update(id: string, values: Partial<typeof clinicalExports.$inferInsert>): Promise<void> {
    await this.db.update(clinicalExports).set(values).where(eq(clinicalExports.id, id));
  }

  /** Completed exports whose files are past their time (the purge deletes the files, then marks them). */
  async expired(now: Date, limit: number): Promise<ExportRow[]> {
    return this.db
      .select()
      .from(clinicalExports)
      .where(and(eq(clinicalExports.status, 'completed'), lte(clinicalExports.expiresAt, now)))
      .limit(limit);
  }

  /** Exports left queued or processing since before `cutoff` (their job was lost). */
  async stuck(cutoff: Date): Promise<ExportRow[]> {
    return this.db
      .select()
      .from(clinicalExports)
      .where(
        and(
          or(eq(clinicalExports.status, 'queued'), eq(clinicalExports.status, 'processing')),
          lte(clinicalExports.createdAt, cutoff),
        ),
      )
      .limit(100);
  }

  async person(id: string): Promise<RecordPerson | undefined> {
    const [row] = await this.db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        timezone: users.timezone,
      })
      .from(users)
      .where(eq(users.id, id));
    return row;
  }

  /** The first day of the client's journal in the scope (an export without a start begins there). */
  async firstDay(scope: ReadScope): Promise<string | null> {
    const [row] = await this.db
      .select({ day: sql<string | null>`min(${journalEntries.localDay})` })
      .from(journalEntries)
      .where(visibleEntries(scope.patientId, scope.includePrivate));
    return row?.day ?? null;
  }

  private entriesIn(scope: ReadScope, start: string, end: string): SQL {
    return and(
      visibleEntries(scope.patientId, scope.includePrivate),
      gte(journalEntries.localDay, start),
      lte(journalEntries.localDay, end),
    ) as SQL;
  }

  /** The entries of the period, oldest first, a page at a time (keyset on entry time and id). */
  async *entryPages(scope: ReadScope, start: string, end: string): AsyncGenerator<RecordEntry[]> {
    let after: { at: Date; id: string } | null = null;
    for (;;) {
      const page: RecordEntry[] = await this.db
        .select({
          id: journalEntries.id,
          entryAt: journalEntries.entryAt,
          localDay: journalEntries.localDay,
          userTimezone: journalEntries.userTimezone,
          mood: journalEntries.mood,
          notes: journalEntries.notes,
          journalType: journalEntries.journalType,
          emotionData: journalEntries.emotionData,
          coreEmotion: journalEntries.coreEmotion,
          intensity: journalEntries.intensity,
          sentiment: journalEntries.sentiment,
          isPrivate: journalEntries.isPrivate,
        })
        .from(journalEntries)
        .where(
          and(
            this.entriesIn(scope, start, end),
            after
              ? sql`(${journalEntries.entryAt}, ${journalEntries.id}) > (${after.at.toISOString()}::timestamptz, ${after.id}::uuid)`
              : undefined,
          ),
        )
        .orderBy(asc(journalEntries.entryAt), asc(journalEntries.id))
        .limit(entryPageSize);
      if (page.length > 0) yield page;
      if (page.length < entryPageSize) return;
      const last = page.at(-1)!;
      after = { at: last.entryAt, id: last.id };
    }
  }

  /** Entries per week of the period (Monday first, the client's days), oldest first. */
  async weeks(scope: ReadScope, start: string, end: string): Promise<RecordWeek[]> {
    const week = sql<string>`to_char(date_trunc('week', ${journalEntries.localDay}::timestamp), 'YYYY-MM-DD')`;
    const rows = await this.db
      .select({
        weekStart: week,
        entries: sql<number>`count(*)::int`,
        days: sql<number>`count(distinct ${journalEntries.localDay})::int`,
        averageIntensity: sql<number | null>`avg(${journalEntries.intensity})::float8`,
        positive: sql<number>`count(*) filter (where ${journalEntries.sentiment} = 'positive')::int`,
        neutral: sql<number>`count(*) filter (where ${journalEntries.sentiment} = 'neutral')::int`,
        negative: sql<number>`count(*) filter (where ${journalEntries.sentiment} = 'negative')::int`,
      })
      .from(journalEntries)
      .where(this.entriesIn(scope, start, end))
      .groupBy(week)
      .orderBy(week);
    return rows.map((r) => ({
      ...r,
      averageIntensity: r.averageIntensity === null ? null : Number(r.averageIntensity),
    }));
  }

  /** The eight primary emotions chosen most often in the period. */
  async emotions(scope: ReadScope, start: string, end: string): Promise<RecordEmotionCount[]> {
    const emotion = sql<string>`coalesce(${journalEntries.primaryEmotion}, ${journalEntries.coreEmotion})`;
    const rows = await this.db
      .select({
        emotion,
        count: sql<number>`count(*)::int`,
        averageIntensity: sql<number | null>`avg(${journalEntries.intensity})::float8`,
      })
      .from(journalEntries)
      .where(this.entriesIn(scope, start, end))
      .groupBy(emotion)
      .orderBy(sql`count(*) desc`, emotion)
      .limit(8);
    return rows.map((r) => ({
      ...r,
      averageIntensity: r.averageIntensity === null ? null : Number(r.averageIntensity),
    }));
  }

  /**
   * The measures completed in the period, oldest first, each with the client's first and previous
   * score of its kind (all time), read in one statement with window functions.
   */
  async measures(patientId: string, from: Date, until: Date): Promise<RecordMeasure[]> {
    const result = await this.db.execute(sql`select * from (
        select id, kind, answers, total, safety_alert, completed_at,
          first_value(total) over (partition by kind order by completed_at, id) as first,
          lag(total) over (partition by kind order by completed_at, id) as previous
        from ${measureResponses} where patient_id = ${patientId}
      ) m where completed_at >= ${from.toISOString()}::timestamptz and completed_at < ${until.toISOString()}::timestamptz
      order by completed_at, id limit ${measuresLimit}`);
    return rowsOf<MeasureSqlRow>(result).map((r) => ({
      id: r.id,
      kind: r.kind,
      answers: r.answers,
      total: Number(r.total),
      safetyAlert: r.safety_alert,
      completedAt: new Date(r.completed_at),
      // the first score is only a baseline for the ones after it
      first: r.previous === null ? null : Number(r.first),
      previous: r.previous === null ? null : Number(r.previous),
    }));
  }

  /**
   * The client's goals (live, not deleted; completed and stopped ones too), with the mentions the
   * reader may see: a provider's count leaves out mentions from private entries.
   */
  async goals(scope: ReadScope, practitionerId: string | null): Promise<RecordGoal[]> {
    const mentions = sql<number>`(select count(*)::int from ${goalMentions}
      where ${goalMentions.goalId} = ${goals.id} and ${fromVisibleEntry(scope, goalMentions.entryId)})`;
    const rows = await this.db
      .select({
        id: goals.id,
        type: goals.type,
        text: goals.text,
        notes: goals.notes,
        createdBy: goals.createdBy,
        createdAt: goals.createdAt,
        targetDate: goals.targetDate,
        completedAt: goals.completedAt,
        abandonedAt: goals.abandonedAt,
        mentions,
      })
      .from(goals)
      .where(and(eq(goals.patientId, scope.patientId), sql`not ${goals.deleted}`))
      .orderBy(asc(goals.createdAt), asc(goals.id))
      .limit(200);
    return rows.map(({ createdBy, ...g }) => ({
      ...g,
      mentions: Number(g.mentions),
      byPractitioner: practitionerId !== null && createdBy === practitionerId,
    }));
  }

  /** A provider's care plans for the client, newest first, each at its current version. */
  async providerCarePlans(providerId: string, patientId: string): Promise<RecordCarePlan[]> {
    const rows = await this.db
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
      .orderBy(desc(carePlans.updatedAt), desc(carePlans.id))
      .limit(20);
    return rows.map(({ plan, version }) => ({
      id: plan.id,
      version: version.version,
      isSigned: version.isSigned,
      signedAt: version.signedAt,
      updatedAt: plan.updatedAt,
      content: version.content as unknown as CarePlanDocument,
    }));
  }

  /** The care plans connected providers shared with the client (the shared version), newest first. */
  async sharedCarePlans(patientId: string): Promise<RecordCarePlan[]> {
    const rows = await this.db
      .select({ share: providerShares, version: carePlanVersions })
      .from(providerShares)
      .innerJoin(
        carePlanVersions,
        and(
          eq(carePlanVersions.carePlanId, providerShares.itemId),
          eq(carePlanVersions.version, providerShares.version),
        ),
      )
      .innerJoin(
        connections,
        and(
          eq(connections.providerId, providerShares.providerId),
          eq(connections.patientId, providerShares.patientId),
          activeConnection(),
        ),
      )
      .where(
        and(
          eq(providerShares.patientId, patientId),
          eq(providerShares.kind, 'carePlan'),
          isNull(providerShares.withdrawnAt),
        ),
      )
      .orderBy(desc(providerShares.createdAt))
      .limit(20);
    return rows.map(({ share, version }) => ({
      id: share.itemId,
      version: version.version,
      isSigned: version.isSigned,
      signedAt: version.signedAt,
      updatedAt: share.createdAt,
      content: version.content as unknown as CarePlanDocument,
    }));
  }

  /** The provider's signed notes about the client with sessions in the period, oldest first, with addenda. */
  async signedNotes(
    providerId: string,
    patientId: string,
    start: string,
    end: string,
  ): Promise<RecordNote[]> {
    const rows = await this.db
      .select({
        note: providerNotes,
        signer: sql<string>`coalesce(${users.firstName} || ' ' || ${users.lastName}, 'Unknown')`,
      })
      .from(providerNotes)
      .leftJoin(users, eq(users.id, providerNotes.signedBy))
      .where(
        and(
          eq(providerNotes.providerId, providerId),
          eq(providerNotes.patientId, patientId),
          eq(providerNotes.isSigned, true),
          isNotNull(providerNotes.signedAt),
          gte(providerNotes.sessionDate, start),
          lte(providerNotes.sessionDate, end),
        ),
      )
      .orderBy(asc(providerNotes.sessionDate), asc(providerNotes.timeMinutes), asc(providerNotes.createdAt))
      .limit(notesLimit);
    const ids = rows.map((r) => r.note.id);
    const addenda = ids.length
      ? await this.db
          .select()
          .from(noteAddenda)
          .where(inArray(noteAddenda.noteId, ids))
          .orderBy(asc(noteAddenda.createdAt), asc(noteAddenda.id))
      : [];
    return rows.map(({ note, signer }) => ({
      id: note.id,
      title: note.title,
      notes: note.notes,
      additionalNotes: note.additionalNotes,
      category: note.category,
      sessionDate: note.sessionDate,
      timeMinutes: note.timeMinutes,
      duration: note.duration,
      service: note.service,
      recommendations: note.recommendations,
      frequency: note.frequency,
      signedAt: note.signedAt!,
      signedByName: signer,
      addenda: addenda
        .filter((a) => a.noteId === note.id)
        .map((a) => ({ id: a.id, authorName: a.authorName, text: a.text, createdAt: a.createdAt })),
    }));
  }
}

interface MeasureSqlRow {
  id: string;
  kind: RecordMeasure['kind'];
  answers: Record<string, number>;
  total: number | string;
  safety_alert: boolean;
  completed_at: string | Date;
  first: number | string;
  previous: number | string | null;
}

/** Measures an export holds at most (a weekly measure of each kind for nearly ten years). */
const measuresLimit = 1000;

/** Where an export's files live: under the client, so the client's account deletion removes them. */
export const exportFolder = (patientId: string, exportId: string) => `exports/${patientId}/${exportId}`;

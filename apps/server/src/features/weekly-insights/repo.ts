import { and, count, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { WeeklyReport } from '@mindledger/domain';
import { rowsOf, type Db, type Executor } from '../../db/client.js';
import {
  aiDocuments,
  connections,
  dashboardShares,
  documentShares,
  users,
  weeklyGenerationJobs,
} from '../../db/schema/index.js';
import { activeConnection } from '../../platform/policy.js';
import { sharedDocumentReadable } from '../../platform/read-scope.js';
import type { Period } from './period.js';

export type JobRow = typeof weeklyGenerationJobs.$inferSelect;
export type DocumentRow = typeof aiDocuments.$inferSelect;
export type ShareRow = typeof documentShares.$inferSelect;
export type DashboardShareRow = typeof dashboardShares.$inferSelect;
export type ReportSource = 'manual' | 'automation';

export interface ProviderBrief {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}

export interface ShareWithProvider {
  share: ShareRow;
  provider: ProviderBrief;
}

/** How long a finished job stays on the active list (Part 2 §4): 3 s after success, 5 s after failure. */
export const completedVisibleMs = 3_000;
export const failedVisibleMs = 5_000;
/** Finished rows are purged this long after they finished (Part 2 §4: completed after 1 hour). */
export const purgeAfterMs = 3_600_000;
/** A generation still running after this long is taken as lost (its worker died) and failed. */
export const staleAfterMs = 15 * 60_000;

const weekly = eq(aiDocuments.kind, 'weeklyReport');
const providerColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
};

/** Every statement of weekly insights: jobs, reports, shares, dashboard snapshots. */
export class WeeklyRepo {
  constructor(private readonly db: Db) {}

  // Generation jobs

  /** A new running job; null when one already runs for this client and week (unique index). */
  async insertJob(tx: Executor, patientId: string, period: Period, now: Date): Promise<JobRow | null> {
    const [row] = await tx
      .insert(weeklyGenerationJobs)
      .values({ patientId, ...period, status: 'generating', startTime: now })
      .onConflictDoNothing()
      .returning();
    return row ?? null;
  }

  async runningJob(
    patientId: string,
    startDate: string,
    tx: Executor = this.db,
  ): Promise<JobRow | undefined> {
    const [row] = await tx
      .select()
      .from(weeklyGenerationJobs)
      .where(
        and(
          eq(weeklyGenerationJobs.patientId, patientId),
          eq(weeklyGenerationJobs.startDate, startDate),
          eq(weeklyGenerationJobs.status, 'generating'),
        ),
      );
    return row;
  }

  async job(id: string): Promise<JobRow | undefined> {
    const [row] = await this.db.select().from(weeklyGenerationJobs).where(eq(weeklyGenerationJobs.id, id));
    return row;
  }

  async ownJob(patientId: string, id: string): Promise<JobRow | undefined> {
    const [row] = await this.db
      .select()
      .from(weeklyGenerationJobs)
      .where(and(eq(weeklyGenerationJobs.id, id), eq(weeklyGenerationJobs.patientId, patientId)));
    return row;
  }

  async jobStatus(id: string): Promise<JobRow['status'] | undefined> {
    const [row] = await this.db
      .select({ status: weeklyGenerationJobs.status })
      .from(weeklyGenerationJobs)
      .where(eq(weeklyGenerationJobs.id, id));
    return row?.status;
  }

  /** The active list: running jobs, and jobs that finished a moment ago (§4), oldest first. */
  async activeJobs(patientId: string, now: Date): Promise<JobRow[]> {
    const t = weeklyGenerationJobs;
    return this.db
      .select()
      .from(t)
      .where(
        and(
          eq(t.patientId, patientId),
          or(
            eq(t.status, 'generating'),
            and(eq(t.status, 'completed'), gt(t.completedTime, new Date(now.getTime() - completedVisibleMs))),
            and(eq(t.status, 'failed'), gt(t.failedTime, new Date(now.getTime() - failedVisibleMs))),
          ),
        ),
      )
      .orderBy(t.startTime, t.id);
  }

  /** Whether a job of the client completed after `since` (the page's refresh flag). */
  async completedSince(patientId: string, since: Date): Promise<boolean> {
    const t = weeklyGenerationJobs;
    const [row] = await this.db
      .select({ id: t.id })
      .from(t)
      .where(and(eq(t.patientId, patientId), eq(t.status, 'completed'), gt(t.completedTime, since)))
      .limit(1);
    return row !== undefined;
  }

  /** Cancels a running job of the client; answers the row as it is after (or undefined if not theirs). */
  async cancelJob(patientId: string, id: string, now: Date, error: string): Promise<JobRow | undefined> {
    const t = weeklyGenerationJobs;
    const [cancelled] = await this.db
      .update(t)
      .set({ status: 'cancelled', failedTime: now, error })
      .where(and(eq(t.id, id), eq(t.patientId, patientId), eq(t.status, 'generating')))
      .returning();
    return cancelled ?? this.ownJob(patientId, id);
  }

  /** Marks a running job completed; null when it no longer runs (cancelled meanwhile). */
  async completeJob(tx: Executor, id: string, documentId: string, now: Date): Promise<JobRow | null> {
    const t = weeklyGenerationJobs;
    const [row] = await tx
      .update(t)
      .set({ status: 'completed', completedTime: now, documentId, error: null })
      .where(and(eq(t.id, id), eq(t.status, 'generating')))
      .returning();
    return row ?? null;
  }

  async failJob(id: string, error: string, now: Date): Promise<void> {
    const t = weeklyGenerationJobs;
    await this.db
      .update(t)
      .set({ status: 'failed', failedTime: now, error })
      .where(and(eq(t.id, id), eq(t.status, 'generating')));
  }

  /**
   * The purge (Part 2 §4): finished rows an hour after they finished; and a generation running for
   * longer than `staleAfterMs` (its worker died mid-way) is failed so the week can be generated again.
   */
  async purgeJobs(now: Date, timedOut: string): Promise<{ purged: number; failed: number }> {
    const t = weeklyGenerationJobs;
    const cutoff = new Date(now.getTime() - purgeAfterMs);
    const failed = await this.db
      .update(t)
      .set({ status: 'failed', failedTime: now, error: timedOut })
      .where(and(eq(t.status, 'generating'), lt(t.startTime, new Date(now.getTime() - staleAfterMs))))
      .returning({ id: t.id });
    const purged = await this.db
      .delete(t)
      .where(
        or(
          and(eq(t.status, 'completed'), lt(t.completedTime, cutoff)),
          and(inArray(t.status, ['failed', 'cancelled']), lt(t.failedTime, cutoff)),
        ),
      )
      .returning({ id: t.id });
    return { purged: purged.length, failed: failed.length };
  }

  // Reports

  /**
   * Stores a client's report for a period: one per client and first day (the partial unique index),
   * so a regeneration, an automation night run twice or a retried job replaces it in place (same
   * id, so its shares stay attached).
   */
  async upsertReport(
    tx: Executor,
    values: {
      patientId: string;
      period: Period;
      report: WeeklyReport;
      model: string;
      promptVersion: string;
      source: ReportSource;
      generatedAt: Date;
    },
  ): Promise<DocumentRow> {
    const set = {
      content: values.report as unknown as Record<string, unknown>,
      model: values.model,
      promptVersion: values.promptVersion,
      source: values.source,
      periodEnd: values.period.endDate,
      generatedAt: values.generatedAt,
    };
    const [row] = await tx
      .insert(aiDocuments)
      .values({
        patientId: values.patientId,
        kind: 'weeklyReport',
        periodStart: values.period.startDate,
        ...set,
      })
      .onConflictDoUpdate({
        target: [aiDocuments.patientId, aiDocuments.periodStart],
        targetWhere: sql`${aiDocuments.kind} = 'weeklyReport'`,
        set,
      })
      .returning();
    if (!row) throw new Error('weekly report not stored');
    return row;
  }

  async report(id: string): Promise<DocumentRow | undefined> {
    const [row] = await this.db
      .select()
      .from(aiDocuments)
      .where(and(eq(aiDocuments.id, id), weekly));
    return row;
  }

  async reportByPeriodStart(patientId: string, startDate: string): Promise<DocumentRow | undefined> {
    const [row] = await this.db
      .select()
      .from(aiDocuments)
      .where(and(eq(aiDocuments.patientId, patientId), weekly, eq(aiDocuments.periodStart, startDate)));
    return row;
  }

  /** A page of the client's reports, newest period first. */
  async history(
    patientId: string,
    page: number,
    limit: number,
  ): Promise<{ rows: DocumentRow[]; total: number }> {
    const mine = and(eq(aiDocuments.patientId, patientId), weekly);
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(aiDocuments)
        .where(mine)
        .orderBy(desc(aiDocuments.periodStart), desc(aiDocuments.generatedAt))
        .limit(limit)
        .offset((page - 1) * limit),
      this.db.select({ n: count() }).from(aiDocuments).where(mine),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  /** Reports whose first day falls in [from, to], newest generation first (the four-weeks view). */
  async reportsStartingBetween(
    patientId: string,
    from: string,
    to: string,
  ): Promise<{ id: string; periodStart: string }[]> {
    const rows = await this.db
      .select({ id: aiDocuments.id, periodStart: aiDocuments.periodStart })
      .from(aiDocuments)
      .where(
        and(
          eq(aiDocuments.patientId, patientId),
          weekly,
          sql`${aiDocuments.periodStart} between ${from}::date and ${to}::date`,
        ),
      )
      .orderBy(desc(aiDocuments.generatedAt));
    return rows.flatMap((r) => (r.periodStart ? [{ id: r.id, periodStart: r.periodStart }] : []));
  }

  // Providers and shares

  /** A provider with this email connected to the client (accepted and active), or undefined. */
  async connectedProviderByEmail(patientId: string, email: string): Promise<ProviderBrief | undefined> {
    const [row] = await this.db
      .select(providerColumns)
      .from(users)
      .innerJoin(
        connections,
        and(eq(connections.providerId, users.id), eq(connections.patientId, patientId), activeConnection()),
      )
      .where(and(eq(users.email, email.toLowerCase()), eq(users.role, 'provider')))
      .limit(1);
    return row;
  }

  /** A live share; null when this report is already shared with this provider (unique index). */
  async insertShare(
    tx: Executor,
    values: { patientId: string; providerId: string; documentId: string },
  ): Promise<ShareRow | null> {
    const [row] = await tx
      .insert(documentShares)
      .values({ ...values, kind: 'weeklyReport' })
      .onConflictDoNothing()
      .returning();
    return row ?? null;
  }

  async withdrawShare(patientId: string, shareId: string, now: Date): Promise<ShareRow | undefined> {
    const [row] = await this.db
      .update(documentShares)
      .set({ withdrawnAt: now })
      .where(
        and(
          eq(documentShares.id, shareId),
          eq(documentShares.patientId, patientId),
          eq(documentShares.kind, 'weeklyReport'),
          isNull(documentShares.withdrawnAt),
        ),
      )
      .returning();
    return row;
  }

  /**
   * Whether the report is shared with the provider (live share) and the connection still stands. A
   * report never reads private entries (decision 087); the read rule of every shared document
   * (`sharedDocumentReadable`, decision 103) holds here all the same.
   */
  async sharedWith(documentId: string, providerId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: documentShares.id })
      .from(documentShares)
      .innerJoin(aiDocuments, eq(aiDocuments.id, documentShares.documentId))
      .innerJoin(
        connections,
        and(
          eq(connections.providerId, documentShares.providerId),
          eq(connections.patientId, documentShares.patientId),
          activeConnection(),
        ),
      )
      .where(
        and(
          eq(documentShares.documentId, documentId),
          eq(documentShares.providerId, providerId),
          eq(documentShares.kind, 'weeklyReport'),
          isNull(documentShares.withdrawnAt),
          sharedDocumentReadable(),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  /** The live shares of the client's reports (all, or of one report), with their providers. */
  async sharesOf(patientId: string, documentId?: string): Promise<ShareWithProvider[]> {
    const rows = await this.db
      .select({ share: documentShares, provider: providerColumns })
      .from(documentShares)
      .innerJoin(users, eq(users.id, documentShares.providerId))
      .where(
        and(
          eq(documentShares.patientId, patientId),
          eq(documentShares.kind, 'weeklyReport'),
          isNull(documentShares.withdrawnAt),
          documentId ? eq(documentShares.documentId, documentId) : undefined,
        ),
      )
      .orderBy(desc(documentShares.createdAt));
    return rows;
  }

  /**
   * Live shares of the client's reports, newest period first: those with one provider (the
   * provider's Summaries tab), or all of them (the client's own view), each with its provider.
   */
  async sharedReports(
    patientId: string,
    providerId?: string,
  ): Promise<{ share: ShareRow; report: DocumentRow; provider: ProviderBrief }[]> {
    return this.db
      .select({ share: documentShares, report: aiDocuments, provider: providerColumns })
      .from(documentShares)
      .innerJoin(aiDocuments, and(eq(aiDocuments.id, documentShares.documentId), weekly))
      .innerJoin(users, eq(users.id, documentShares.providerId))
      .where(
        and(
          eq(documentShares.patientId, patientId),
          providerId ? eq(documentShares.providerId, providerId) : undefined,
          eq(documentShares.kind, 'weeklyReport'),
          isNull(documentShares.withdrawnAt),
          providerId ? sharedDocumentReadable() : undefined,
        ),
      )
      .orderBy(desc(aiDocuments.periodStart), desc(documentShares.createdAt))
      .limit(200);
  }

  async insertDashboardShare(
    tx: Executor,
    values: { patientId: string; providerId: string; data: Record<string, unknown> },
  ): Promise<DashboardShareRow> {
    const [row] = await tx.insert(dashboardShares).values(values).returning();
    if (!row) throw new Error('dashboard share not stored');
    return row;
  }

  async dashboardShare(id: string): Promise<DashboardShareRow | undefined> {
    const [row] = await this.db
      .select()
      .from(dashboardShares)
      .where(and(eq(dashboardShares.id, id), isNull(dashboardShares.withdrawnAt)));
    return row;
  }

  // The four-weeks view

  /**
   * Entries per local week (Monday first: the `local_day` column is already the client's day) and
   * per emotion and sentiment, for the weeks starting at `from` up to `to` (inclusive): one grouped
   * read, reduced per week by the service.
   */
  async weekBuckets(
    patientId: string,
    from: string,
    to: string,
  ): Promise<{ week: string; emotion: string; sentiment: string; n: number }[]> {
    return rowsOf<{ week: string; emotion: string; sentiment: string; n: number | string }>(
      await this.db.execute(sql`
        select to_char(date_trunc('week', e.local_day::timestamp), 'YYYY-MM-DD') as week,
               coalesce(e.primary_emotion, e.core_emotion) as emotion,
               e.sentiment, count(*)::int as n
        from journal_entries e
        where e.patient_id = ${patientId}::uuid and not e.deleted
          and e.local_day between ${from}::date and ${to}::date
        group by 1, 2, 3`),
    ).map((r) => ({ ...r, n: Number(r.n) }));
  }

  /** Whether the client has a live entry before `day` (whether older weeks exist to page to). */
  async hasEntriesBefore(patientId: string, day: string): Promise<boolean> {
    const rows = rowsOf<{ one: number }>(
      await this.db.execute(sql`
        select 1 as one from journal_entries e
        where e.patient_id = ${patientId}::uuid and not e.deleted and e.local_day < ${day}::date
        limit 1`),
    );
    return rows.length > 0;
  }
}

import type { FastifyRequest } from 'fastify';
import {
  addDays,
  aiDocumentMessages,
  automationPeriod,
  dayBounds,
  daysBetween,
  isTimeZone,
  isUuid,
  localDay,
  minimumWeeklyEntries,
  mondayOf,
  weeklyInsightMessages,
  type Sentiment,
} from '@mindledger/domain';
import type { AppContext } from '../../context.js';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.js';
import type { InWrite } from '../../platform/idempotency.js';
import type { ScheduleDelivery } from '../../platform/jobs/index.js';
import type { AccessClaims } from '../../platform/tokens.js';
import { findUserById } from '../../platform/users.js';
import type { BillingService } from '../billing/index.js';
import { notify } from '../notifications/index.js';
import type { WeeklyReportGenerator } from '../weekly-automation/index.js';
import { countReportEntries, entryCountKey, weeklyInput, type ReportClient } from './input.js';
import { weeklyTexts } from './messages.js';
import { sevenDaysEndingYesterday, checkedPeriod, weekRangeText, type Period } from './period.js';
import {
  presentJob,
  presentProvider,
  presentReport,
  presentReportItem,
  presentShare,
  type JobView,
} from './presenter.js';
import { WeeklyRepo, type JobRow, type ReportSource } from './repo.js';

/** The job that generates one requested report (keyed by the client, the week and the job). */
export const GENERATE_JOB = 'weekly-report-generate';
/** The job that generates one client's automation report (keyed by the client and the week). */
export const AUTOMATION_JOB = 'weekly-report-automation';
/** The tick that purges finished jobs and fails lost ones. */
export const PURGE_TICK = 'weekly-report-jobs-purge';
export const PURGE_TICK_SECONDS = 300;
/** How often a running generation looks whether it was cancelled (from any instance). */
const CANCEL_POLL_MS = 1_000;

export interface GenerateJob {
  jobId: string;
}

export interface AutomationJob {
  patientId: string;
  startDate: string;
  endDate: string;
}

/** Thrown inside the storing transaction when the job was cancelled meanwhile: nothing is stored. */
class Cancelled extends Error {}

const emptyBuckets = () => ({ positive: 0, neutral: 0, negative: 0 });

/**
 * Weekly insights (issue 14, docs/API-weekly-insights.md): generation in the background with its
 * job list and cancel, the synchronous seven-day summary, history and reading, the four-weeks
 * view, sharing with connected providers, dashboard snapshots, and the automation nights.
 */
export class WeeklyInsightsService implements WeeklyReportGenerator {
  readonly repo: WeeklyRepo;
  /** Generations running in this process, by job id: a cancel here aborts at once. */
  private readonly running = new Map<string, AbortController>();

  constructor(
    private readonly ctx: AppContext,
    private readonly billing: Pick<BillingService, 'requireFeature' | 'allows' | 'allowedAmong'>,
  ) {
    this.repo = new WeeklyRepo(ctx.db);
  }

  private now(): Date {
    return this.ctx.clock.now();
  }

  private async client(patientId: string): Promise<ReportClient | null> {
    const user = await findUserById(this.ctx.db, patientId);
    if (!user || user.role !== 'patient') return null;
    return {
      id: user.id,
      firstName: user.firstName,
      timeZone: isTimeZone(user.timezone) ? user.timezone : 'UTC',
    };
  }

  private async requireClient(patientId: string): Promise<ReportClient> {
    const client = await this.client(patientId);
    if (!client) throw notFound('User not found');
    return client;
  }

  private today(client: ReportClient): string {
    return localDay(this.now(), client.timeZone);
  }

  private requireStandard(patientId: string): Promise<void> {
    return this.billing.requireFeature(patientId, 'weekly-insights', weeklyTexts.featureLabel);
  }

  private async requireEntries(patientId: string, period: Period): Promise<void> {
    const counts = await countReportEntries(this.ctx.db, [{ patientId, period }]);
    if ((counts.get(entryCountKey(patientId, period)) ?? 0) < minimumWeeklyEntries)
      throw badRequest(weeklyInsightMessages.tooFewEntries);
  }

  // Background generation (POST generate-weekly-report)

  /**
   * Starts a generation: Standard required, the period checked, at least 2 entries. A week already
   * generating answers its running job (a double click, a retry, another tab). `inWrite` runs last
   * in the transaction that starts a job (an idempotent route records its answer there, decision
   * 104); not when a running job is answered.
   */
  async startGeneration(
    patientId: string,
    body: { startDate?: unknown; endDate?: unknown },
    inWrite?: InWrite<JobView>,
  ): Promise<{ job: JobView; created: boolean }> {
    await this.requireStandard(patientId);
    const client = await this.requireClient(patientId);
    const period = checkedPeriod(body.startDate, body.endDate, this.today(client));
    const running = await this.repo.runningJob(patientId, period.startDate);
    if (running) return { job: presentJob(running), created: false };
    await this.requireEntries(patientId, period);
    const result = await this.ctx.db.transaction(async (tx) => {
      const row = await this.repo.insertJob(tx, patientId, period, this.now());
      if (!row) return null;
      await this.ctx.jobs.send<GenerateJob>(
        GENERATE_JOB,
        { jobId: row.id },
        { key: `weekly-report:${patientId}:${period.startDate}:${row.id}`, tx },
      );
      await inWrite?.(tx, presentJob(row));
      return row;
    });
    if (result) return { job: presentJob(result), created: true };
    // another request for this week won the race: answer its job
    const winner = await this.repo.runningJob(patientId, period.startDate);
    if (!winner) throw conflict(weeklyTexts.jobFinished);
    return { job: presentJob(winner), created: false };
  }

  /** The job's work: generate, store (unless cancelled meanwhile), complete and notify; or fail. */
  async runGeneration({ jobId }: GenerateJob): Promise<void> {
    const job = await this.repo.job(jobId);
    if (!job || job.status !== 'generating') return;
    const controller = new AbortController();
    this.running.set(jobId, controller);
    const watch = setInterval(() => {
      this.repo.jobStatus(jobId).then(
        (status) => {
          if (status !== 'generating') controller.abort(new Cancelled('cancelled'));
        },
        () => undefined,
      );
    }, CANCEL_POLL_MS);
    watch.unref();
    try {
      await this.generateForJob(job, controller.signal);
    } catch (error) {
      if (controller.signal.aborted || error instanceof Cancelled) return;
      const message = error instanceof AppError ? error.message : weeklyInsightMessages.failed;
      if (!(error instanceof AppError)) this.ctx.log.error({ err: error }, 'weekly report generation failed');
      await this.repo.failJob(jobId, message, this.now());
    } finally {
      clearInterval(watch);
      this.running.delete(jobId);
    }
  }

  private async generateForJob(job: JobRow, signal: AbortSignal): Promise<void> {
    const client = await this.client(job.patientId);
    if (!client) return;
    const period = { startDate: job.startDate, endDate: job.endDate };
    const input = await weeklyInput(this.ctx.db, client, period, this.today(client));
    // entries may have been deleted (or made private) since the request
    if (input.entries.length < minimumWeeklyEntries) throw badRequest(weeklyInsightMessages.tooFewEntries);
    const generated = await this.ctx.ai.generate({ kind: 'weeklyReport', input, signal });
    if (signal.aborted) return;
    await this.ctx.db.transaction(async (tx) => {
      const document = await this.repo.upsertReport(tx, {
        patientId: job.patientId,
        period,
        report: generated.document,
        model: generated.model,
        promptVersion: generated.promptVersion,
        source: 'manual',
        generatedAt: generated.generatedAt,
      });
      const done = await this.repo.completeJob(tx, job.id, document.id, this.now());
      if (!done) throw new Cancelled('cancelled');
      await this.notifyReady(job.patientId, document.id, `weekly-report-ready:${job.id}`, tx);
    });
  }

  private async notifyReady(
    patientId: string,
    reportId: string,
    key: string,
    tx: Parameters<typeof notify>[3],
  ) {
    await notify(
      this.ctx,
      patientId,
      {
        type: 'weekly_summary_generated',
        title: weeklyTexts.readyTitle,
        message: weeklyTexts.readyMessage,
        data: { url: `/user/report?reportId=${reportId}` },
        key,
      },
      tx,
    );
  }

  /** The active list (§4) and whether a job completed since `since` (the page refreshes). */
  async activeJobs(patientId: string, since?: Date): Promise<{ jobs: JobView[]; refresh: boolean }> {
    const now = this.now();
    const [rows, refresh] = await Promise.all([
      this.repo.activeJobs(patientId, now),
      since ? this.repo.completedSince(patientId, since) : Promise.resolve(false),
    ]);
    return { jobs: rows.map(presentJob), refresh };
  }

  async jobOf(patientId: string, id: string): Promise<JobView> {
    const row = isUuid(id) ? await this.repo.ownJob(patientId, id) : undefined;
    if (!row) throw notFound(weeklyTexts.jobNotFound);
    return presentJob(row);
  }

  /** Cancels a running generation: its row says so at once and the generation is aborted. */
  async cancel(patientId: string, id: string): Promise<JobView> {
    const row = isUuid(id)
      ? await this.repo.cancelJob(patientId, id, this.now(), weeklyInsightMessages.cancelled)
      : undefined;
    if (!row) throw notFound(weeklyTexts.jobNotFound);
    if (row.status !== 'cancelled') throw conflict(weeklyTexts.jobFinished);
    this.running.get(id)?.abort(new Cancelled('cancelled'));
    return presentJob(row);
  }

  /** The purge tick: finished rows after an hour; generations lost for 15 minutes are failed. */
  purge(): Promise<{ purged: number; failed: number }> {
    return this.repo.purgeJobs(this.now(), weeklyTexts.timedOut);
  }

  // Reading

  async history(patientId: string, page: number, limit: number) {
    const { rows, total } = await this.repo.history(patientId, page, limit);
    return { reports: rows.map(presentReportItem), total, page, limit, hasNext: page * limit < total };
  }

  /**
   * A report for its owner, or for a provider it is shared with (live share, connection accepted
   * and active; ACCESS_PHI recorded). Anyone else, and any id that names no report: 404.
   */
  async fetch(request: FastifyRequest, actor: AccessClaims, id: string) {
    const row = isUuid(id) ? await this.repo.report(id) : undefined;
    if (row && actor.role === 'patient' && row.patientId === actor.sub)
      return presentReport(row, 'owner', await this.repo.sharesOf(row.patientId, row.id));
    if (row && actor.role === 'provider' && (await this.repo.sharedWith(row.id, actor.sub))) {
      await this.ctx.audit.record(
        { action: 'ACCESS_PHI', resourceType: 'weekly-report', resourceId: row.id, patientId: row.patientId },
        request,
      );
      return presentReport(row, 'provider');
    }
    await this.ctx.audit.record(
      { action: 'AUTHORIZATION_FAILURE', resourceType: 'weekly-report', resourceId: id, patientId: null },
      request,
    );
    throw notFound(weeklyTexts.reportNotFound);
  }

  /**
   * The four-weeks view: per local week (Monday first, the client's zone) of the `limit` weeks of
   * page `page` (page 1 ends with the current week): entries, their sentiments, the most felt
   * emotion and the report whose period starts in that week. The client's own view: private
   * entries count (it is their data), but no words of any entry are in it.
   */
  async fourWeeks(patientId: string, page: number, limit: number) {
    const client = await this.requireClient(patientId);
    const today = this.today(client);
    const current = mondayOf(today);
    // pages past the first days a journal can hold (1970) are empty
    if ((page - 1) * limit * 7 > daysBetween(dayBounds.first, current))
      return { weeks: [], page, limit, hasNext: false };
    const newest = addDays(current, -7 * (page - 1) * limit);
    const starts = Array.from({ length: limit }, (_, i) => addDays(newest, -7 * i));
    const oldest = starts[starts.length - 1] ?? newest;
    const last = addDays(newest, 6);
    const [buckets, reports, older] = await Promise.all([
      this.repo.weekBuckets(patientId, oldest, last),
      this.repo.reportsStartingBetween(patientId, oldest, last),
      this.repo.hasEntriesBefore(patientId, oldest),
    ]);
    const reportOf = new Map<string, string>();
    for (const r of reports) {
      const week = mondayOf(r.periodStart);
      if (!reportOf.has(week)) reportOf.set(week, r.id);
    }
    const weeks = starts.map((weekStart) => {
      const rows = buckets.filter((b) => b.week === weekStart);
      const sentiment = emptyBuckets();
      const emotions = new Map<string, number>();
      for (const row of rows) {
        if (row.sentiment in sentiment) sentiment[row.sentiment as Sentiment] += row.n;
        emotions.set(row.emotion, (emotions.get(row.emotion) ?? 0) + row.n);
      }
      const top = [...emotions].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0];
      const weekEnd = addDays(weekStart, 6);
      return {
        weekStart,
        weekEnd,
        weekRange: weekRangeText({ startDate: weekStart, endDate: weekEnd }),
        isCurrentWeek: weekStart === current,
        entryCount: sentiment.positive + sentiment.neutral + sentiment.negative,
        ...sentiment,
        topEmotion: top ? { name: top[0], count: top[1] } : null,
        reportId: reportOf.get(weekStart) ?? null,
      };
    });
    return { weeks, page, limit, hasNext: older };
  }

  // The AI service's seven-day summary

  /** The stored report for the seven days ending yesterday in the client's zone, or null. */
  async sevenDaySummary(patientId: string) {
    const client = await this.requireClient(patientId);
    const period = sevenDaysEndingYesterday(this.today(client));
    const row = await this.repo.reportByPeriodStart(patientId, period.startDate);
    return row ? presentReport(row, 'owner', await this.repo.sharesOf(patientId, row.id)) : null;
  }

  /** Generates the seven days ending yesterday now (the caller waits); Standard, ≥ 2 entries. */
  async generateSevenDaySummary(patientId: string, signal?: AbortSignal) {
    await this.requireStandard(patientId);
    const client = await this.requireClient(patientId);
    const period = sevenDaysEndingYesterday(this.today(client));
    const stored = await this.generateAndStore(client, period, 'manual', signal);
    if (!stored) throw badRequest(weeklyInsightMessages.tooFewEntries);
    return presentReport(stored, 'owner', await this.repo.sharesOf(patientId, stored.id));
  }

  /** Reads the input, generates and stores (one report per client and first day); null: too few entries. */
  private async generateAndStore(
    client: ReportClient,
    period: Period,
    source: ReportSource,
    signal?: AbortSignal,
    notifyKey?: string,
  ) {
    const input = await weeklyInput(this.ctx.db, client, period, this.today(client));
    if (input.entries.length < minimumWeeklyEntries) return null;
    const generated = await this.ctx.ai.generate({
      kind: 'weeklyReport',
      input,
      ...(signal ? { signal } : {}),
    });
    return this.ctx.db.transaction(async (tx) => {
      const row = await this.repo.upsertReport(tx, {
        patientId: client.id,
        period,
        report: generated.document,
        model: generated.model,
        promptVersion: generated.promptVersion,
        source,
        generatedAt: generated.generatedAt,
      });
      if (notifyKey) await this.notifyReady(client.id, row.id, notifyKey, tx);
      return row;
    });
  }

  // Sharing

  private providerEmail(doctorEmail: unknown): string {
    const value =
      typeof doctorEmail === 'string'
        ? doctorEmail
        : typeof doctorEmail === 'object' && doctorEmail !== null && 'email' in doctorEmail
          ? (doctorEmail as { email: unknown }).email
          : undefined;
    const email = typeof value === 'string' ? value.trim() : '';
    if (!email) throw badRequest(aiDocumentMessages.selectProvider);
    return email;
  }

  private async connectedProvider(patientId: string, email: string) {
    const provider = await this.repo.connectedProviderByEmail(patientId, email);
    if (!provider) throw badRequest(weeklyTexts.providerNotConnected);
    return provider;
  }

  /**
   * Shares a report with a connected provider (accepted and active). The same report and provider
   * again: a warning, 'Summary Already Shared.' The provider is told in the app (no PHI outside it).
   * `inWrite` runs last in the share's transaction (not when it was shared already).
   */
  async share(
    patientId: string,
    body: { reportId?: string | undefined; doctorEmail?: unknown },
    inWrite?: InWrite<{ message: string; share: ReturnType<typeof presentShare> }>,
  ): Promise<
    | { warning: true; message: string }
    | { warning: false; message: string; share: ReturnType<typeof presentShare> }
  > {
    const email = this.providerEmail(body.doctorEmail);
    const report = body.reportId && isUuid(body.reportId) ? await this.repo.report(body.reportId) : undefined;
    if (!report || report.patientId !== patientId) throw notFound(weeklyTexts.reportNotFound);
    const provider = await this.connectedProvider(patientId, email);
    const client = await findUserById(this.ctx.db, patientId);
    const clientName = `${client?.firstName ?? ''} ${client?.lastName ?? ''}`.trim() || 'A client';
    const share = await this.ctx.db.transaction(async (tx) => {
      const row = await this.repo.insertShare(tx, {
        patientId,
        providerId: provider.id,
        documentId: report.id,
      });
      if (!row) return null;
      await notify(
        this.ctx,
        provider.id,
        {
          type: 'weekly_summary_to_provider',
          title: weeklyTexts.providerTitle,
          message: weeklyTexts.providerMessage(clientName),
          data: { url: `/provider/patient-overview/${patientId}?tab=summaries`, clientId: patientId },
          key: `weekly-share:${row.id}`,
        },
        tx,
      );
      await inWrite?.(tx, { message: weeklyTexts.shared, share: presentShare(row, provider) });
      return row;
    });
    if (!share) return { warning: true, message: aiDocumentMessages.alreadyShared };
    return { warning: false, message: weeklyTexts.shared, share: presentShare(share, provider) };
  }

  /** Withdraws a share of the client's: the provider loses the report at once. */
  async withdraw(patientId: string, shareId: string) {
    const row = isUuid(shareId) ? await this.repo.withdrawShare(patientId, shareId, this.now()) : undefined;
    if (!row) throw notFound(weeklyTexts.shareNotFound);
    return { shareId: row.id, reportId: row.documentId, withdrawnAt: row.withdrawnAt?.toISOString() ?? null };
  }

  /**
   * The client's reports shared with the calling provider (the Summaries tab), or, for the client
   * themselves, every live share of theirs with its provider. Scoped by the access policy: a
   * provider not connected gets 404.
   */
  async sharedReports(request: FastifyRequest, actor: AccessClaims, patientId: string) {
    const scope = await this.ctx.policy.readScope(request, actor, patientId, 'weekly-report');
    const rows = await this.repo.sharedReports(
      scope.patientId,
      actor.role === 'provider' ? actor.sub : undefined,
    );
    return {
      reports: rows.map(({ share, report, provider }) => ({
        ...presentReportItem(report),
        shareId: share.id,
        sharedAt: share.createdAt.toISOString(),
        ...(actor.role === 'provider' ? {} : { provider: presentProvider(provider) }),
      })),
    };
  }

  // Dashboard sharing

  /** `inWrite` runs last in the share's transaction (an idempotent route records its answer there). */
  async shareDashboard(
    patientId: string,
    body: { doctorEmail?: unknown; dashboardData: Record<string, unknown> },
    inWrite?: InWrite<{ id: string; sharedAt: string; provider: ReturnType<typeof presentProvider> }>,
  ) {
    const email = this.providerEmail(body.doctorEmail);
    const provider = await this.connectedProvider(patientId, email);
    const client = await findUserById(this.ctx.db, patientId);
    const clientName = `${client?.firstName ?? ''} ${client?.lastName ?? ''}`.trim() || 'A client';
    const shared = (row: { id: string; createdAt: Date }) => ({
      id: row.id,
      sharedAt: row.createdAt.toISOString(),
      provider: presentProvider(provider),
    });
    const row = await this.ctx.db.transaction(async (tx) => {
      const inserted = await this.repo.insertDashboardShare(tx, {
        patientId,
        providerId: provider.id,
        data: body.dashboardData,
      });
      // In the app only (summary_shared has no email or push): the snapshot is behind sign-in.
      await notify(
        this.ctx,
        provider.id,
        {
          type: 'summary_shared',
          title: weeklyTexts.dashboardProviderTitle,
          message: weeklyTexts.dashboardProviderMessage(clientName),
          data: { url: `/provider/shared-dashboard/${inserted.id}`, clientId: patientId },
          key: `dashboard-share:${inserted.id}`,
        },
        tx,
      );
      await inWrite?.(tx, shared(inserted));
      return inserted;
    });
    return shared(row);
  }

  /** A shared snapshot: its owner, or the provider it went to while still connected; else 404. */
  async sharedDashboard(request: FastifyRequest, actor: AccessClaims, id: string) {
    const row = isUuid(id) ? await this.repo.dashboardShare(id) : undefined;
    const present = () => ({
      id: row!.id,
      patientId: row!.patientId,
      sharedAt: row!.createdAt.toISOString(),
      dashboardData: row!.data,
    });
    if (row && actor.role === 'patient' && row.patientId === actor.sub) return present();
    if (
      row &&
      actor.role === 'provider' &&
      row.providerId === actor.sub &&
      (await this.ctx.policy.isConnected(actor.sub, row.patientId))
    ) {
      await this.ctx.audit.record(
        {
          action: 'ACCESS_PHI',
          resourceType: 'shared-dashboard',
          resourceId: row.id,
          patientId: row.patientId,
        },
        request,
      );
      return present();
    }
    await this.ctx.audit.record(
      { action: 'AUTHORIZATION_FAILURE', resourceType: 'shared-dashboard', resourceId: id, patientId: null },
      request,
    );
    throw notFound(weeklyTexts.dashboardNotFound);
  }

  // Automation (the weekly-automation feature's schedule hands its claimed batches here)

  /**
   * An automation night's batch: for each delivery (slot = the local run day) the period is the
   * seven days before it. Clients without Standard, or with fewer than 2 entries, are skipped
   * (nothing is sent or told). The eligibility of the whole batch is read set-based (one plan read
   * and one entry count for all its clients); each eligible client-week becomes one keyed job, so however many
   * workers or retries handle this batch, each client gets one report per week.
   */
  async runAutomation(deliveries: ScheduleDelivery[]): Promise<void> {
    const due = new Map<string, { patientId: string; period: Period }>();
    for (const d of deliveries) {
      const period = automationPeriod(d.slot);
      due.set(`${d.userId}:${period.startDate}`, { patientId: d.userId, period });
    }
    if (due.size === 0) return;
    const userIds = [...new Set([...due.values()].map((d) => d.patientId))];
    const standard = await this.billing.allowedAmong(userIds, 'weekly-insights');
    const eligible = [...due.values()].filter((d) => standard.has(d.patientId));
    if (eligible.length === 0) return;
    // one statement for the whole batch, each client with their own period
    const counts = await countReportEntries(this.ctx.db, eligible);
    const items = eligible
      .filter((d) => (counts.get(entryCountKey(d.patientId, d.period)) ?? 0) >= minimumWeeklyEntries)
      .map((d) => ({
        data: { patientId: d.patientId, ...d.period } satisfies AutomationJob,
        key: automationKey(d.patientId, d.period.startDate),
      }));
    if (items.length > 0) await this.ctx.jobs.sendMany<AutomationJob>(AUTOMATION_JOB, items);
  }

  /** One client's automation report (source 'automation'), told with a key of its client-week. */
  async runAutomationJob(job: AutomationJob): Promise<void> {
    const client = await this.client(job.patientId);
    if (!client) return;
    const period = { startDate: job.startDate, endDate: job.endDate };
    await this.generateAndStore(
      client,
      period,
      'automation',
      undefined,
      automationKey(job.patientId, job.startDate),
    );
  }
}

const automationKey = (patientId: string, startDate: string) => `weekly-auto:${patientId}:${startDate}`;

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseDateInput, weeklyInsightMessages } from '@mindledger/domain';
import type { AppContext } from '../../context.js';
import { caller } from '../../platform/auth.js';
import { tooManyRequests } from '../../platform/errors.js';
import { dashboardShareBody } from './dashboard.js';
import { weeklyTexts } from './messages.js';
import type { JobView } from './presenter.js';
import type { WeeklyInsightsService } from './service.js';
import { abortOnDisconnect } from '../../platform/disconnect.js';

const tags = ['weekly-insights'];
const MINUTE = 60_000;

const day = z.string({ error: weeklyTexts.invalidDates }).max(40, weeklyTexts.invalidDates).optional();
const generateBody = z.object({ startDate: day, endDate: day });
const page = z.coerce.number().int().min(1).max(100_000).default(1);
const historyQuery = z.object({ page, limit: z.coerce.number().int().min(1).max(50).default(10) });
const fourWeeksQuery = z.object({ page, limit: z.coerce.number().int().min(1).max(52).default(8) });
const jobsQuery = z.object({ since: z.string().max(40).optional() });
const idParams = z.object({ id: z.string().max(64) });
const shareParams = z.object({ shareId: z.string().max(64) });
const patientParams = z.object({ patientId: z.string().max(64) });
const doctorEmail = z.union([z.string().max(255), z.object({ email: z.string().max(255) })]).optional();
const shareBody = z.object({ reportId: z.string().max(64).optional(), doctorEmail });

/** Generations per user per minute (the AI budget of ai-journal), on top of the per-address limit. */
export async function throttleGeneration(ctx: AppContext, userId: string): Promise<void> {
  const { rateLimits, ai } = ctx.config;
  if (!rateLimits.enabled) return;
  const { count, resetMs } = await ctx.store.hit(`weekly-ai:${userId}`, MINUTE);
  if (count > ai.perMinute) {
    const seconds = Math.max(1, Math.ceil(resetMs / 1000));
    throw tooManyRequests(`Rate limit reached. Please wait ${seconds} seconds before trying again.`, {
      retryAfter: seconds,
    });
  }
}

/**
 * A poll's `since`: an instant the shared date reader accepts, or nothing (an unreadable one, or one
 * outside the years a journal can mean, counts as none: PostgreSQL refuses year -271821).
 */
function sinceOf(value: string | undefined): Date | undefined {
  return parseDateInput(value)?.instant;
}

/** Weekly insights under /api/v1 (docs/API-weekly-insights.md). Role guards run before validation. */
export function weeklyInsightsRoutes(ctx: AppContext, service: WeeklyInsightsService): FastifyPluginAsyncZod {
  const patient = { preValidation: ctx.guards.requireRole('patient') };
  const reader = { preValidation: ctx.guards.requireRole('patient', 'provider') };
  const idempotent = { config: { idempotent: true } };

  return async (app) => {
    app.post(
      '/generate-weekly-report',
      { ...patient, ...idempotent, schema: { tags, body: generateBody } },
      async (request, reply) => {
        const me = caller(request).sub;
        await throttleGeneration(ctx, me);
        const started = (job: JobView) => ({
          success: true,
          message: weeklyInsightMessages.generating,
          data: {
            jobId: job.id,
            status: job.status,
            weekRange: job.weekRange,
            startDate: job.startDate,
            endDate: job.endDate,
            startTime: job.startTime,
          },
        });
        // a new job's answer is kept with it, in its transaction (decision 104)
        const answer = ctx.idempotency.answer<ReturnType<typeof started>>(request, reply, 202);
        const { job } = await service.startGeneration(me, request.body, (tx, made) =>
          answer.record(tx, started(made)),
        );
        return answer.send(started(job));
      },
    );

    app.get(
      '/weekly-report-jobs',
      { ...patient, schema: { tags, querystring: jobsQuery } },
      async (request) => ({
        success: true,
        data: await service.activeJobs(caller(request).sub, sinceOf(request.query.since)),
      }),
    );

    app.get(
      '/weekly-report-jobs/:id',
      { ...patient, schema: { tags, params: idParams } },
      async (request) => ({
        success: true,
        data: await service.jobOf(caller(request).sub, request.params.id),
      }),
    );

    app.post(
      '/weekly-report-jobs/:id/cancel',
      { ...patient, schema: { tags, params: idParams } },
      async (request) => ({
        success: true,
        message: weeklyInsightMessages.cancelled,
        data: await service.cancel(caller(request).sub, request.params.id),
      }),
    );

    app.get(
      '/get-historical-weekly-reports',
      { ...patient, schema: { tags, querystring: historyQuery } },
      async (request) => ({
        success: true,
        data: await service.history(caller(request).sub, request.query.page, request.query.limit),
      }),
    );

    app.get(
      '/fetch-weekly-report/:id',
      { ...reader, schema: { tags, params: idParams } },
      async (request) => ({
        success: true,
        data: await service.fetch(request, caller(request), request.params.id),
      }),
    );

    app.get(
      '/get-mood-report-by-four-weeks',
      { ...patient, schema: { tags, querystring: fourWeeksQuery } },
      async (request) => ({
        success: true,
        data: await service.fourWeeks(caller(request).sub, request.query.page, request.query.limit),
      }),
    );

    app.post(
      '/share-weekly-report',
      { ...patient, ...idempotent, schema: { tags, body: shareBody } },
      async (request, reply) => {
        // a new share's answer is kept with it, in its transaction (decision 104)
        const answer = ctx.idempotency.answer(request, reply, 201);
        const result = await service.share(caller(request).sub, request.body, (tx, made) =>
          answer.record(tx, { success: true, message: made.message, data: made.share }),
        );
        if (result.warning) return { success: true, warning: true, message: result.message };
        return answer.send();
      },
    );

    app.delete(
      '/share-weekly-report/:shareId',
      { ...patient, schema: { tags, params: shareParams } },
      async (request) => ({
        success: true,
        message: weeklyTexts.shareWithdrawn,
        data: await service.withdraw(caller(request).sub, request.params.shareId),
      }),
    );

    app.get(
      '/shared-weekly-reports/:patientId',
      { ...reader, schema: { tags, params: patientParams } },
      async (request) => ({
        success: true,
        data: await service.sharedReports(request, caller(request), request.params.patientId),
      }),
    );

    app.post(
      '/dashboard/share',
      { ...patient, ...idempotent, schema: { tags, body: dashboardShareBody } },
      async (request, reply) => {
        const answer = ctx.idempotency.answer(request, reply, 201);
        await service.shareDashboard(caller(request).sub, request.body, (tx, data) =>
          answer.record(tx, { success: true, message: weeklyTexts.dashboardShared, data }),
        );
        return answer.send();
      },
    );

    app.get('/dashboard/shared/:id', { ...reader, schema: { tags, params: idParams } }, async (request) => ({
      success: true,
      data: await service.sharedDashboard(request, caller(request), request.params.id),
    }));
  };
}

/** The AI service's seven-day summary (`/api/ai`, also `/api/proxy/ai`). */
export function weeklyInsightsAiRoutes(
  ctx: AppContext,
  service: WeeklyInsightsService,
): FastifyPluginAsyncZod {
  const patient = { preValidation: ctx.guards.requireRole('patient') };

  return async (app) => {
    app.post('/get-sevenday-summary', { ...patient, schema: { tags } }, async (request) => ({
      success: true,
      data: await service.sevenDaySummary(caller(request).sub),
    }));

    app.post('/generate-sevenday-summary', { ...patient, schema: { tags } }, async (request, reply) => {
      const me = caller(request).sub;
      await throttleGeneration(ctx, me);
      const data = await service.generateSevenDaySummary(me, abortOnDisconnect(reply));
      return { success: true, message: weeklyInsightMessages.generated, data };
    });
  };
}

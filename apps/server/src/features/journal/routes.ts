import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dayInput, journalReadBounds, updateDayDetailsSchema, yearBounds } from '@mindledger/domain';
import type { AppContext } from '../../context.js';
import { caller } from '../../platform/auth.js';
import { badRequest } from '../../platform/errors.js';
import { addDays, mondayOf } from '@mindledger/domain';
import { parseTimeRange, rangeDays, shapeAnalytics, timeRanges, type TimeRange } from './analytics.js';
import { presentEntry, type StoredEntry } from './presenter.js';
import { decodeRangeCursor, encodeRangeCursor } from './range-cursor.js';
import type { JournalService } from './service.js';
import type { Scope } from './repo.js';

const tags = ['moods'];
const entryBody = z.record(z.string(), z.unknown());
const idParams = z.object({ id: z.string().max(64) });
const moodIdParams = z.object({ moodId: z.string().max(64) });
/** A week's day or a range's end: a real calendar day within the bounds (dates/input.ts). */
const isoDay = dayInput;
const pageQuery = z.object({
  page: z.coerce.number().int('Must be a valid number').min(1, 'Must be at least 1').max(100_000).default(1),
  limit: z.coerce
    .number()
    .int('Must be a valid number')
    .min(1, 'Must be at least 1')
    .max(100, 'Must not exceed 100')
    .default(10),
  search: z.string().trim().max(200, 'Must not exceed 200 characters').optional(),
});
const yearQuery = z.object({
  year: z.coerce
    .number()
    .int('Must be a valid number')
    .min(yearBounds.min, `Must be at least ${yearBounds.min}`)
    .max(yearBounds.max, `Must not exceed ${yearBounds.max}`)
    .optional(),
});
const rangeQuery = z.object({
  timerange: z.string().max(20).optional(),
  date: isoDay.optional(),
});
const analyticsQuery = rangeQuery.extend({ shared: z.enum(['true', 'false']).optional() });
/** Week and range answers carry a bounded page of entries; `after` (a previous answer's `next`) pages on. */
const rangePageQuery = z.object({
  limit: z.coerce
    .number()
    .int('Must be a valid number')
    .min(1, 'Must be at least 1')
    .max(journalReadBounds.rangeEntries, `Must not exceed ${journalReadBounds.rangeEntries}`)
    .default(journalReadBounds.rangeEntries),
  after: z.string().max(200, 'Must not exceed 200 characters').optional(),
});
type RangePageQuery = z.infer<typeof rangePageQuery>;

function paged<T>(data: T[], total: number, page: number, limit: number, totalCapped = false) {
  const pages = Math.max(1, Math.ceil(total / limit));
  return { success: true, data, total, totalCapped, page, limit, pages, hasNext: page < pages };
}

/** One page of a day range: its entries, whether more follow and the `after` that reads them. */
async function rangePage(
  service: JournalService,
  scope: Scope,
  span: { from: string; to: string },
  query: RangePageQuery,
  withActivities = false,
) {
  let after;
  if (query.after !== undefined) {
    after = decodeRangeCursor(query.after);
    if (!after) throw badRequest('This page link is not valid. Please reload.');
  }
  const { rows, hasMore } = await service.rangePage(scope, span, query.limit, after, withActivities);
  const last: StoredEntry | undefined = rows.at(-1);
  const next =
    hasMore && last
      ? encodeRangeCursor({ day: last.localDay, at: last.entryAt.toISOString(), id: last.id })
      : null;
  return { rows, paging: { limit: query.limit, hasMore, next } };
}

/** The entries of a range, counted from its day summary. */
const totalOf = (summary: { count: number }[]): number => summary.reduce((sum, row) => sum + row.count, 0);

/**
 * Monday..Sunday of `day`: each day's count and newest entry (exact, however many), the week's
 * total, and one page of its entries (oldest first; `next` pages on).
 */
async function weekAnswer(
  service: JournalService,
  scope: Scope,
  day: string,
  viewer: string,
  query: RangePageQuery,
) {
  const from = mondayOf(day);
  const to = addDays(from, 6);
  const [summary, page] = await Promise.all([
    service.daySummary(scope, from, to),
    rangePage(service, scope, { from, to }, query),
  ]);
  const days = Array.from({ length: 7 }, (_, i) => {
    const date = addDays(from, i);
    const row = summary.find((r) => r.date === date);
    const latest = row ? { id: row.id, mood: row.mood, emoji: row.emoji, color: row.color } : null;
    return { date, count: row?.count ?? 0, latest };
  });
  return {
    weekStart: from,
    weekEnd: to,
    days,
    total: totalOf(summary),
    entries: service.present(page.rows, viewer),
    ...page.paging,
  };
}

const allowedRanges = `Must be one of: ${Object.keys(timeRanges).join(', ')}`;

/** Journal entries under /api/v1 (docs/API-moods.md); role guards run before validation. */
export function journalRoutes(ctx: AppContext, service: JournalService): FastifyPluginAsyncZod {
  const patient = { preValidation: ctx.guards.requireRole('patient') };
  const reader = { preValidation: ctx.guards.requireRole('patient', 'provider') };

  async function range(scope: Scope, query: z.infer<typeof rangeQuery>, fallback: TimeRange) {
    const name = parseTimeRange(query.timerange, fallback);
    if (!name) throw badRequest(allowedRanges);
    const end = query.date ?? (await service.today(scope.patientId));
    return { name, ...rangeDays(name, end) };
  }

  return async (app) => {
    const create = { ...patient, config: { idempotent: true } };
    app.post('/create-mood', { ...create, schema: { tags, body: entryBody } }, async (request, reply) => {
      const me = caller(request).sub;
      // the answer is kept with the entry, in its transaction (decision 104)
      const answer = ctx.idempotency.answer(request, reply, 201);
      await service.create(me, request.body, (tx, { row, safety }) => {
        const [data] = service.present([row], me);
        return answer.record(tx, { success: true, message: 'Journal entry saved', data, safety });
      });
      return answer.send();
    });

    app.put(
      '/update-mood/:moodId',
      { ...patient, schema: { tags, params: moodIdParams, body: entryBody } },
      async (request) => {
        const { row, safety } = await service.update(
          caller(request).sub,
          request.params.moodId,
          request.body,
        );
        const [data] = service.present([row], caller(request).sub);
        return { success: true, message: 'Journal entry updated', data, safety };
      },
    );

    app.delete('/delete-mood/:id', { ...patient, schema: { tags, params: idParams } }, async (request) => {
      await service.remove(caller(request).sub, request.params.id);
      return { success: true, message: 'Journal entry deleted', id: request.params.id };
    });

    app.get('/get-mood/:id', { ...patient, schema: { tags, params: idParams } }, async (request) => {
      const row = await service.ownOrThrow(caller(request).sub, request.params.id);
      const [data] = service.present([row], caller(request).sub);
      return { success: true, data };
    });

    app.get('/get-all-mood', { ...patient, schema: { tags, querystring: pageQuery } }, async (request) => {
      const { page, limit, search } = request.query;
      const scope = await service.scopeFor(request, caller(request));
      const { rows, total, totalCapped } = await service.page(scope, page, limit, search);
      return paged(service.present(rows, caller(request).sub), total, page, limit, totalCapped);
    });

    app.get('/get-latest-mood', { ...patient, schema: { tags } }, async (request) => {
      const scope = await service.scopeFor(request, caller(request));
      const row = await service.latest(scope);
      return { success: true, data: row ? service.present([row], caller(request).sub)[0] : null };
    });

    app.get(
      '/get-mood-by-count',
      { ...patient, schema: { tags, querystring: yearQuery } },
      async (request) => {
        const scope = await service.scopeFor(request, caller(request));
        return { success: true, data: await service.yearCounts(scope, request.query.year) };
      },
    );

    app.get(
      '/get-mood-by-date',
      { ...patient, schema: { tags, querystring: yearQuery } },
      async (request) => {
        const scope = await service.scopeFor(request, caller(request));
        return { success: true, data: await service.yearByDate(scope, request.query.year) };
      },
    );

    app.get(
      '/get-mood-by-week/:isoDate',
      { ...patient, schema: { tags, params: z.object({ isoDate: isoDay }), querystring: rangePageQuery } },
      async (request) => {
        const scope = await service.scopeFor(request, caller(request));
        return {
          success: true,
          data: await weekAnswer(service, scope, request.params.isoDate, caller(request).sub, request.query),
        };
      },
    );

    app.get(
      '/get-mood-by-two-weeks/',
      { ...patient, schema: { tags, querystring: rangeQuery.extend(rangePageQuery.shape) } },
      async (request) => {
        const scope = await service.scopeFor(request, caller(request));
        const span = await range(scope, request.query, '2 Weeks');
        const [summary, page] = await Promise.all([
          service.daySummary(scope, span.from, span.to),
          rangePage(service, scope, span, request.query),
        ]);
        return {
          success: true,
          data: {
            timerange: span.name,
            from: span.from,
            to: span.to,
            total: totalOf(summary),
            entries: service.present(page.rows, caller(request).sub),
            ...page.paging,
          },
        };
      },
    );

    app.get(
      '/get-mood-analytics/',
      { ...patient, schema: { tags, querystring: analyticsQuery } },
      async (request) => {
        const own = await service.scopeFor(request, caller(request));
        // `shared=true`: what a provider would see (no private entry), for a snapshot the client shares.
        const scope = request.query.shared === 'true' ? { ...own, includePrivate: false } : own;
        const span = await range(scope, request.query, '1 Week');
        const rows = await service.aggregate(scope, span.from, span.to);
        return {
          success: true,
          data: { timerange: span.name, ...shapeAnalytics(rows, { from: span.from, to: span.to }) },
        };
      },
    );

    app.get(
      '/get-all-activities/',
      { ...patient, schema: { tags, querystring: rangeQuery.extend(rangePageQuery.shape) } },
      async (request) => {
        const scope = await service.scopeFor(request, caller(request));
        const span = await range(scope, request.query, '1 Week');
        const page = await rangePage(service, scope, span, request.query, true);
        const data = page.rows
          .map((row) => presentEntry(row))
          .map((e) => ({
            id: e.id,
            _id: e.id,
            date: e.date,
            mood: e.mood,
            emoji: e.emoji,
            activities: e.activities,
            sleepRoutine: e.sleepRoutine,
            productivity: e.productivity,
            betterme: e.betterme,
            therapyProcess: e.therapyProcess,
          }));
        return {
          success: true,
          data: {
            timerange: span.name,
            from: span.from,
            to: span.to,
            entries: data,
            ...page.paging,
          },
        };
      },
    );

    app.get(
      '/get-activity-by-count',
      { ...patient, schema: { tags, querystring: rangeQuery } },
      async (request) => {
        const scope = await service.scopeFor(request, caller(request));
        const span = await range(scope, request.query, '30 Days');
        const data = await service.activityCounts(scope, span.from, span.to);
        return { success: true, data, timerange: span.name, from: span.from, to: span.to };
      },
    );

    app.get(
      '/get-sleep-activity-by-count',
      { ...patient, schema: { tags, querystring: rangeQuery } },
      async (request) => {
        const scope = await service.scopeFor(request, caller(request));
        const span = await range(scope, request.query, '30 Days');
        const rows = await service.sleepCounts(scope, span.from, span.to);
        const all = rows.find((r) => r.quality === null);
        const byQuality: Record<string, number> = { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 };
        for (const r of rows) if (r.quality !== null && r !== all) byQuality[String(r.quality)] = r.nights;
        return {
          success: true,
          data: { nights: all?.nights ?? 0, averageHours: all?.avg_hours ?? null, byQuality },
          timerange: span.name,
          from: span.from,
          to: span.to,
        };
      },
    );

    app.put(
      '/update-mood-swp',
      { ...patient, schema: { tags, body: updateDayDetailsSchema } },
      async (request) => {
        const row = await service.updateDayDetails(caller(request).sub, request.body);
        const [data] = service.present([row], caller(request).sub);
        return { success: true, message: 'Journal entry updated', data };
      },
    );

    app.get('/streak-dates', { ...patient, schema: { tags } }, async (request) => {
      const scope = await service.scopeFor(request, caller(request));
      const { days, streak, today } = await service.streak(scope);
      return {
        success: true,
        streak,
        today,
        entries: days.map((d) => ({ date: d.day, count: d.count })),
      };
    });

    // Provider reads of one client (through the access policy; private entries never included).
    app.get(
      '/get-all-patient-mood/:id',
      { ...reader, schema: { tags, params: idParams, querystring: pageQuery } },
      async (request) => {
        const scope = await service.scopeFor(request, caller(request), request.params.id);
        const { page, limit, search } = request.query;
        const { rows, total, totalCapped } = await service.page(scope, page, limit, search);
        return paged(service.present(rows, caller(request).sub), total, page, limit, totalCapped);
      },
    );

    app.get(
      '/get-latest-patient-mood/:id',
      { ...reader, schema: { tags, params: idParams } },
      async (request) => {
        const scope = await service.scopeFor(request, caller(request), request.params.id);
        const row = await service.latest(scope);
        return { success: true, data: row ? service.present([row], caller(request).sub)[0] : null };
      },
    );
  };
}

/** The provider dashboard's reads under /api/dashboard (Part 1 §7). */
export function dashboardRoutes(ctx: AppContext, service: JournalService): FastifyPluginAsyncZod {
  const reader = { preValidation: ctx.guards.requireRole('patient', 'provider') };
  const patientParams = z.object({ patientId: z.string().max(64) });

  return async (app) => {
    app.get(
      '/dashboard/patient-mood-by-date/:patientId',
      { ...reader, schema: { tags, params: patientParams, querystring: yearQuery } },
      async (request) => {
        const scope = await service.scopeFor(request, caller(request), request.params.patientId);
        return { success: true, data: await service.yearByDate(scope, request.query.year) };
      },
    );

    app.get(
      '/dashboard/patient-mood-by-week/:patientId',
      {
        ...reader,
        schema: {
          tags,
          params: patientParams,
          querystring: z.object({ startDate: isoDay.optional() }).extend(rangePageQuery.shape),
        },
      },
      async (request) => {
        const scope = await service.scopeFor(request, caller(request), request.params.patientId);
        const day = request.query.startDate ?? (await service.today(scope.patientId));
        return {
          success: true,
          data: await weekAnswer(service, scope, day, caller(request).sub, request.query),
        };
      },
    );

    app.get(
      '/dashboard/patient-mood-count/:patientId',
      { ...reader, schema: { tags, params: patientParams, querystring: yearQuery } },
      async (request) => {
        const scope = await service.scopeFor(request, caller(request), request.params.patientId);
        return { success: true, data: await service.yearCounts(scope, request.query.year) };
      },
    );

    app.get(
      '/dashboard/patient-mood-analytics/:patientId',
      {
        ...reader,
        schema: {
          tags,
          params: patientParams,
          querystring: z.object({
            limit: z.coerce
              .number()
              .int()
              .min(1, 'Must be at least 1')
              .max(1000, 'Must not exceed 1000')
              .default(1000),
          }),
        },
      },
      async (request) => {
        const scope = await service.scopeFor(request, caller(request), request.params.patientId);
        const rows = await service.aggregateLatest(scope, request.query.limit);
        return { success: true, data: shapeAnalytics(rows) };
      },
    );
  };
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adoptPresetSchema,
  archivedQuery,
  createGoalSchema,
  findPresetGoal,
  goalListQuery,
  goalMessages as msg,
  goalNotificationSchema,
  goalPageQuery,
  goalTextKey,
  incrementMentionSchema,
  isActiveGoal,
  linkEntryGoalsSchema,
  presetCategories,
  presetGoals,
  presetQuery,
  updateGoalSchema,
} from '@mindledger/domain';
import type { AppContext } from '../../context.js';
import { caller } from '../../platform/auth.js';
import { notFound } from '../../platform/errors.js';
import { ownScope } from '../../platform/read-scope.js';
import { presentGoal, type GoalRow } from './presenter.js';
import type { GoalsService } from './service.js';

const tags = ['goals'];
const idParams = z.object({ id: z.string().max(64) });
const goalIdParams = z.object({ goalId: z.string().max(64) });
const optionalBody = z.record(z.string(), z.unknown()).nullish();

function split(rows: GoalRow[]) {
  const all = rows.map(presentGoal);
  return {
    personal: all.filter((g) => g.type === 'personal'),
    therapist: all.filter((g) => g.type === 'therapist'),
    all,
  };
}

/**
 * One page of a goal list (at most `goalPageMax`), with what pages on: active goals are few (the
 * goal limits), but completed and abandoned ones accumulate for as long as a client uses the product.
 */
function pageOf<T>(rows: T[], query: { page: number; limit: number }) {
  const { page, limit } = query;
  const pages = Math.max(1, Math.ceil(rows.length / limit));
  return {
    rows: rows.slice((page - 1) * limit, page * limit),
    paging: { total: rows.length, page, limit, pages, hasNext: page < pages },
  };
}

/** Goals under /api/v1/goals (docs/API-goals.md). Role guards run before validation. */
export function goalRoutes(
  ctx: AppContext,
  service: GoalsService,
  /** Moves the patient's goal reminder schedule (notifications). */
  onReminderChange: (patientId: string) => Promise<void>,
): FastifyPluginAsyncZod {
  const patient = { preValidation: ctx.guards.requireRole('patient') };
  const either = { preValidation: ctx.guards.requireRole('patient', 'provider') };

  return async (app) => {
    app.get('/goals/', { ...either, schema: { tags, querystring: goalListQuery } }, async (request) => {
      const q = request.query;
      const scope = await service.scopeFor(request, caller(request), q.patientId);
      const { rows: shown, paging } = pageOf(await service.filtered(scope, q), q);
      const data = split(shown);
      return { success: true, data, goals: data.all, ...paging };
    });

    app.get(
      '/goals/archived',
      { ...either, schema: { tags, querystring: archivedQuery } },
      async (request) => {
        const scope = await service.scopeFor(request, caller(request), request.query.patientId);
        const rows = await service.archived(scope, request.query.type);
        const { rows: shown, paging } = pageOf(rows, request.query);
        return { success: true, data: shown.map(presentGoal), ...paging };
      },
    );

    const idempotent = { config: { idempotent: true } };
    app.post(
      '/goals/',
      { ...either, ...idempotent, schema: { tags, body: createGoalSchema } },
      async (request, reply) => {
        const me = caller(request);
        const scope = await service.scopeFor(request, me, request.body.patientId);
        // the answer is kept with the goal, in its transaction (decision 104)
        const answer = ctx.idempotency.answer(request, reply, 201);
        await service.createFor(me, scope, request.body, async (tx, row) =>
          answer.record(tx, {
            success: true,
            message: msg.created,
            data: presentGoal(await service.shown(scope, row, tx)),
          }),
        );
        return answer.send();
      },
    );

    app.get('/goals/stats', { ...patient, schema: { tags } }, async (request) => {
      const rows = await service.list(ownScope(caller(request).sub));
      return { success: true, data: service.stats(rows) };
    });

    app.get('/goals/home-filters', { ...patient, schema: { tags } }, async (request) => {
      const rows = (await service.list(ownScope(caller(request).sub))).filter(
        (g) => g.homePageVisible && isActiveGoal(g),
      );
      return {
        success: true,
        data: rows.map((g) => ({ id: g.id, _id: g.id, text: g.text, emoji: g.emoji, type: g.type })),
      };
    });

    app.get(
      '/goals/getall-goal',
      { ...patient, schema: { tags, querystring: goalPageQuery } },
      async (request) => {
        const { rows, paging } = pageOf(await service.list(ownScope(caller(request).sub)), request.query);
        return { success: true, data: rows.map(presentGoal), ...paging };
      },
    );

    app.get(
      '/goals/getall-completed-goal',
      { ...patient, schema: { tags, querystring: goalPageQuery } },
      async (request) => {
        const completed = (await service.list(ownScope(caller(request).sub))).filter((g) => g.completed);
        const { rows, paging } = pageOf(completed, request.query);
        return { success: true, data: rows.map(presentGoal), ...paging };
      },
    );

    app.get('/goals/journal/goals-summary', { ...patient, schema: { tags } }, async (request) => {
      const me = caller(request).sub;
      const rows = await service.active(ownScope(me));
      const entries = await service.entryCounts(me);
      return {
        success: true,
        data: rows.map((g) => ({
          goalId: g.id,
          text: g.text,
          emoji: g.emoji,
          type: g.type,
          mentionCount: g.mentionCount,
          lastMentionDate: g.lastMentionDate?.toISOString() ?? null,
          entryCount: entries.get(g.id) ?? 0,
        })),
      };
    });

    app.get('/goals/preset', { ...patient, schema: { tags, querystring: presetQuery } }, (request) => {
      const { category, search } = request.query;
      const key = search ? goalTextKey(search) : undefined;
      const data = presetGoals.filter(
        (p) => (!category || p.category === category) && (!key || goalTextKey(p.text).includes(key)),
      );
      return { success: true, data };
    });

    app.get('/goals/preset/categories', { ...patient, schema: { tags } }, () => ({
      success: true,
      data: presetCategories(),
    }));

    app.post(
      '/goals/preset/:presetId/adopt',
      {
        ...patient,
        ...idempotent,
        schema: { tags, params: z.object({ presetId: z.string().max(100) }), body: adoptPresetSchema },
      },
      async (request, reply) => {
        const preset = findPresetGoal(request.params.presetId);
        if (!preset) throw notFound(msg.presetNotFound);
        const me = caller(request);
        const answer = ctx.idempotency.answer(request, reply, 201);
        await service.create(
          me.sub,
          me.sub,
          'personal',
          {
            text: preset.text,
            notes: request.body.notes ?? preset.notes,
            emoji: request.body.emoji ?? preset.emoji,
            priority: request.body.priority ?? preset.priority,
            categories: [preset.category],
            targetDate: undefined,
          },
          { presetId: preset.id },
          (tx, row) => answer.record(tx, { success: true, message: msg.created, data: presentGoal(row) }),
        );
        return answer.send();
      },
    );

    app.get(
      '/goals/mention-history/:id',
      { ...either, schema: { tags, params: idParams } },
      async (request) => {
        const { goal, scope } = await service.reachable(request, caller(request), request.params.id);
        const rows = await service.mentionHistory(scope, goal.id);
        return {
          success: true,
          data: rows.map((r) => ({ date: r.date.toISOString(), moodType: r.moodType, entryId: r.entryId })),
        };
      },
    );

    app.patch(
      '/goals/:goalId/increment-mention',
      { ...patient, ...idempotent, schema: { tags, params: goalIdParams, body: incrementMentionSchema } },
      async (request, reply) => {
        const { goal } = await service.reachable(request, caller(request), request.params.goalId);
        const answer = ctx.idempotency.answer(request, reply, 200);
        await service.mention(goal, request.body.moodType, request.body.entryId, (tx, row) =>
          answer.record(tx, { success: true, message: msg.mentionRecorded, data: presentGoal(row) }),
        );
        return answer.send();
      },
    );

    app.get('/goals/:id', { ...either, schema: { tags, params: idParams } }, async (request) => {
      const { goal } = await service.reachable(request, caller(request), request.params.id);
      return { success: true, data: presentGoal(goal) };
    });

    app.put(
      '/goals/:id',
      { ...either, schema: { tags, params: idParams, body: updateGoalSchema } },
      async (request) => {
        const me = caller(request);
        const { goal, scope } = await service.reachable(request, me, request.params.id);
        const row = await service.update(me, goal, request.body);
        return { success: true, message: msg.updated, data: presentGoal(await service.shown(scope, row)) };
      },
    );

    app.delete(
      '/goals/:id',
      { ...either, schema: { tags, params: idParams, body: optionalBody } },
      async (request) => {
        const me = caller(request);
        const { goal } = await service.reachable(request, me, request.params.id);
        await service.remove(me, goal);
        return { success: true, message: msg.deleted };
      },
    );

    app.patch(
      '/goals/:id/complete',
      { ...either, schema: { tags, params: idParams, body: optionalBody } },
      async (request) => {
        const { goal, scope } = await service.reachable(request, caller(request), request.params.id);
        const row = await service.end(goal, 'complete');
        return { success: true, message: msg.completed, data: presentGoal(await service.shown(scope, row)) };
      },
    );

    app.patch(
      '/goals/:id/abandon',
      { ...either, schema: { tags, params: idParams, body: optionalBody } },
      async (request) => {
        const { goal, scope } = await service.reachable(request, caller(request), request.params.id);
        const row = await service.end(goal, 'abandon');
        return { success: true, message: msg.abandoned, data: presentGoal(await service.shown(scope, row)) };
      },
    );

    app.patch(
      '/goals/:id/toggle-home',
      { ...patient, schema: { tags, params: idParams, body: optionalBody } },
      async (request) => {
        const { goal } = await service.reachable(request, caller(request), request.params.id);
        const row = await service.toggleHome(goal);
        return { success: true, data: presentGoal(row) };
      },
    );

    app.get(
      '/goals/getuser-all-goals/:id',
      {
        preValidation: ctx.guards.requireRole('provider'),
        schema: { tags, params: idParams, querystring: goalPageQuery },
      },
      async (request) => {
        const scope = await service.scopeFor(request, caller(request), request.params.id);
        const { rows, paging } = pageOf(await service.list(scope), request.query);
        return { success: true, data: split(rows), ...paging };
      },
    );

    app.post(
      '/goals/journal/entries/:entryId/goals',
      {
        ...patient,
        schema: { tags, params: z.object({ entryId: z.string().max(64) }), body: linkEntryGoalsSchema },
      },
      async (request) => {
        const linked = await service.linkEntry(
          caller(request).sub,
          request.params.entryId,
          request.body.goalIds,
          request.body.moodType,
        );
        return { success: true, linked };
      },
    );

    app.get(
      '/goals/journal/entries/by-goal/:id',
      { ...patient, schema: { tags, params: idParams } },
      async (request) => {
        const { goal } = await service.reachable(request, caller(request), request.params.id);
        const rows = await service.entriesByGoal(goal.id);
        return {
          success: true,
          data: rows.map((r) => ({
            entryId: r.entryId,
            linkedAt: r.createdAt.toISOString(),
            date: r.date,
            entryAt: r.entryAt.toISOString(),
            mood: r.mood,
            emoji: r.emoji,
            notes: r.notes,
            journalType: r.journalType,
          })),
        };
      },
    );

    app.post(
      '/goals/goal-notification',
      { ...patient, schema: { tags, body: goalNotificationSchema } },
      async (request) => {
        const reminderPeriod = request.body.reminderPeriod;
        await service.setReminderPeriod(caller(request).sub, reminderPeriod);
        await onReminderChange(caller(request).sub);
        return { success: true, message: msg.notificationSaved, reminderPeriod };
      },
    );

    app.get('/goals/get-notification-frequency', { ...patient, schema: { tags } }, async (request) => {
      return { success: true, reminderPeriod: await service.reminderPeriod(caller(request).sub) };
    });
  };
}

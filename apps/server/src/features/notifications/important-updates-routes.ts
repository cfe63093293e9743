import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { lengths, notificationMessages as msg, plainText } from '@mindledger/domain';
import type { AppContext } from '../../context.js';
import { caller } from '../../platform/auth.js';
import { notFound } from '../../platform/errors.js';
import { presentUpdate, type ImportantUpdates } from './important-updates.js';

const tags = ['admin'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const resourceType = 'important_update';

/** An https address, or a path inside the app (never `//host`, never another scheme). */
const link = z
  .string()
  .trim()
  .max(500)
  .refine((v) => v === '' || (v.startsWith('/') && !v.startsWith('//')) || /^https:\/\/[^\s]+$/i.test(v), {
    message: 'Link must be an https address or a path in the app',
  })
  .optional()
  .transform((v) => (v ? v : undefined));

const createBody = z.object({
  title: plainText('Title', lengths.title),
  message: plainText('Message', lengths.mediumText),
  link,
  audience: z.enum(['all', 'patients', 'providers']),
  publishAt: z.iso.datetime({ offset: true }).optional(),
});
const listQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** Admin important updates (docs/API-notifications.md), audited. */
export function importantUpdateRoutes(ctx: AppContext, updates: ImportantUpdates): FastifyPluginAsyncZod {
  const admin = { preValidation: ctx.guards.requireRole('admin') };
  return async (app) => {
    app.get(
      '/admin/important-updates',
      { ...admin, schema: { tags, querystring: listQuery } },
      async (request) => ({
        success: true,
        ...(await updates.list(request.query.page, request.query.limit)),
      }),
    );

    app.post(
      '/admin/important-updates',
      { ...admin, config: { idempotent: true }, schema: { tags, body: createBody } },
      async (request, reply) => {
        const body = request.body;
        // the answer is kept with the update, in its transaction (decision 104)
        const answer = ctx.idempotency.answer(request, reply, 201);
        const row = await updates.create(
          caller(request).sub,
          { ...body, publishAt: body.publishAt ? new Date(body.publishAt) : undefined },
          (tx, made) => answer.record(tx, { success: true, update: presentUpdate(made) }),
        );
        await ctx.audit.record(
          { action: 'IMPORTANT_UPDATE_CREATED', resourceType, resourceId: row.id },
          request,
        );
        return answer.send();
      },
    );

    app.post(
      '/admin/important-updates/:id/withdraw',
      { ...admin, schema: { tags, params: z.object({ id: z.string().max(64) }) } },
      async (request) => {
        if (!UUID.test(request.params.id)) throw notFound(msg.updateNotFound);
        const row = await updates.withdraw(request.params.id);
        await ctx.audit.record(
          { action: 'IMPORTANT_UPDATE_WITHDRAWN', resourceType, resourceId: row.id },
          request,
        );
        return { success: true, message: msg.updateWithdrawn, update: presentUpdate(row) };
      },
    );
  };
}

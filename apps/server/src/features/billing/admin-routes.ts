import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminSubscriptionsQuery, adminSubscriptionStatusSchema } from '@mindledger/domain';
import type { AppContext } from '../../context.js';
import { notFound } from '../../platform/errors.js';
import { presentAdminRow, presentSubscription } from './presenter.js';
import { listSubscriptions } from './repo.js';
import type { BillingService } from './service.js';

const tags = ['admin'];

/** The admin's Subscriptions screen (Part 2 §2, §7 Admin). */
export function adminSubscriptionRoutes(ctx: AppContext, service: BillingService): FastifyPluginAsyncZod {
  const admin = { preValidation: ctx.guards.requireRole('admin') };
  return async (app) => {
    app.get(
      '/subscriptions',
      { ...admin, schema: { tags, querystring: adminSubscriptionsQuery } },
      async (request) => {
        const query = request.query;
        const { rows, total } = await listSubscriptions(ctx.db, query);
        const pages = Math.max(1, Math.ceil(total / query.limit));
        return {
          success: true,
          subscriptions: rows.map((r) => presentAdminRow(r.sub, r.user)),
          total,
          page: query.page,
          limit: query.limit,
          pages,
          hasNext: query.page < pages,
        };
      },
    );

    app.patch(
      '/subscriptions/:subscriptionId/status',
      {
        ...admin,
        schema: {
          tags,
          params: z.object({ subscriptionId: z.string().max(64) }),
          body: adminSubscriptionStatusSchema,
        },
      },
      async (request) => {
        const id = request.params.subscriptionId;
        if (!z.uuid().safeParse(id).success) throw notFound('Subscription not found');
        const row = await service.setStatus(id, request.body.status);
        await ctx.audit.record(
          {
            action: 'SUBSCRIPTION_STATUS_CHANGED',
            resourceType: 'subscription',
            resourceId: id,
            metadata: { status: request.body.status },
          },
          request,
        );
        return {
          success: true,
          message: `Subscription status updated to ${request.body.status}`,
          subscription: presentSubscription(row, null, null),
        };
      },
    );
  };
}

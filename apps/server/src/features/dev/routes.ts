import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { mailOutbox } from '../../db/schema/index.js';
import { isLocalRequest } from '../../platform/local-request.js';

/**
 * Development-only routes (never registered in production): GET /api/dev/outbox, the local
 * outbox, newest first. The outbox holds every code the server mails (activation, sign-in,
 * password reset), so it answers only this machine itself or a signed-in admin: the default start
 * listens on 0.0.0.0 and anyone else reading a reset code could take the account.
 */
export function devRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const admin = ctx.guards.requireRole('admin');
  return async (app) => {
    // One hook for every route of this plugin, so a dev route added later is guarded too.
    app.addHook('onRequest', async (request, reply) => {
      if (!isLocalRequest(request)) await admin(request, reply);
    });
    app.get(
      '/dev/outbox',
      {
        config: { rateLimit: false },
        schema: {
          tags: ['dev'],
          querystring: z.object({
            to: z.string().max(255).optional(),
            limit: z.coerce.number().int().min(1).max(200).default(50),
          }),
        },
      },
      async (request) => {
        const rows = await ctx.db
          .select({
            to: mailOutbox.to,
            subject: mailOutbox.subject,
            text: mailOutbox.text,
            html: mailOutbox.html,
            sentAt: mailOutbox.sentAt,
          })
          .from(mailOutbox)
          .where(request.query.to ? eq(mailOutbox.to, request.query.to.toLowerCase()) : undefined)
          .orderBy(desc(mailOutbox.sentAt))
          .limit(request.query.limit);
        return rows.map((row) => ({ ...row, sentAt: row.sentAt.toISOString() }));
      },
    );
  };
}

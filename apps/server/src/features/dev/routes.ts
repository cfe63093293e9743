import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { mailOutbox } from '../../db/schema/index.js';

/** GET /api/dev/outbox: the local outbox, newest first. Never registered in production. */
export function devRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
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

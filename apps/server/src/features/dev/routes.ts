import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { mailOutbox, userSchedules, users } from '../../db/schema/index.js';
import { isLocalRequest } from '../../platform/local-request.js';

/**
 * Development-only routes (never registered in production): GET /api/dev/outbox, the local
 * outbox, newest first. The outbox holds every code the server mails (activation, sign-in,
 * password reset), so it answers only this machine itself or a signed-in admin: the default start
 * listens on 0.0.0.0 and anyone else reading a reset code could take the account.
 */
export function devRoutes(
  ctx: AppContext,
  syncSchedules: (userId: string) => Promise<void>,
): FastifyPluginAsyncZod {
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

    // Makes a user's reminder of `kind` due now and claims it, so a browser test sees a reminder
    // arrive while its page is open (the clock of a built server cannot be moved).
    app.post(
      '/dev/reminders/due',
      {
        config: { rateLimit: false },
        schema: {
          tags: ['dev'],
          body: z.object({
            email: z.string().max(255),
            kind: z
              .enum(['journal-reminder', 'weekly-summary-reminder', 'goal-reminder'])
              .default('journal-reminder'),
          }),
        },
      },
      async (request, reply) => {
        const [user] = await ctx.db
          .select({ id: users.id })
          .from(users)
          .where(eq(users.email, request.body.email.toLowerCase()));
        if (!user) return reply.status(404).send({ success: false, message: 'Not found' });
        await syncSchedules(user.id);
        const due = await ctx.db
          .update(userSchedules)
          .set({ dueAt: ctx.clock.now() })
          .where(and(eq(userSchedules.userId, user.id), eq(userSchedules.kind, request.body.kind)))
          .returning({ kind: userSchedules.kind });
        await ctx.jobs.tick();
        return { success: true, due: due.length };
      },
    );
  };
}

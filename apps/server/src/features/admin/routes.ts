import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listUsersQuery } from '@mindledger/domain';
import type { AppContext } from '../../context.js';
import { caller } from '../../platform/auth.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { authEmails as emails, presentUser } from '../auth/index.js';
import { findUserById, updateUser } from '../../platform/users.js';
import { deleteUserAndData } from '../profile/index.js';
import { listUsers, userStats } from './repo.js';

const tags = ['admin'];
const idParams = z.object({ id: z.string().max(64) });

/** Users Management (Part 2 §2 Admin screens, §7 Admin). */
export function adminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // preValidation: the caller is checked (and a refusal audited) before any input is validated, so
  // non-admins cannot probe these routes with bad parameters unrecorded.
  const admin = { preValidation: ctx.guards.requireRole('admin') };

  async function target(id: string) {
    const user = z.uuid().safeParse(id).success ? await findUserById(ctx.db, id) : undefined;
    if (!user) throw notFound('User not found');
    return user;
  }

  return async (app) => {
    app.get('/getAllUsers', { ...admin, schema: { tags, querystring: listUsersQuery } }, async (request) => {
      const query = request.query;
      const { rows, total } = await listUsers(ctx.db, query);
      const pages = Math.max(1, Math.ceil(total / query.limit));
      return {
        success: true,
        users: rows.map(presentUser),
        total,
        page: query.page,
        limit: query.limit,
        pages,
        hasNext: query.page < pages,
      };
    });

    app.get('/getUserStats', { ...admin, schema: { tags } }, async () => ({
      success: true,
      stats: await userStats(ctx.db),
    }));

    app.post('/users/:id/approve', { ...admin, schema: { tags, params: idParams } }, async (request) => {
      const user = await target(request.params.id);
      if (user.role !== 'provider') throw badRequest('Only provider accounts need approval.');
      if (user.approved)
        return { success: true, message: 'This provider is already approved.', user: presentUser(user) };
      const updated = await updateUser(ctx.db, user.id, { approved: true });
      await ctx.mailer.send(emails.providerApproved(user.email, user.firstName));
      await ctx.audit.record({ action: 'USER_APPROVED', resourceType: 'user', resourceId: user.id }, request);
      return { success: true, message: 'Provider approved.', user: presentUser(updated) };
    });

    app.delete('/users/:id/delete', { ...admin, schema: { tags, params: idParams } }, async (request) => {
      const user = await target(request.params.id);
      if (user.id === caller(request).sub) throw badRequest('You cannot delete your own account here.');
      await deleteUserAndData(ctx, user);
      await ctx.audit.record({ action: 'USER_DELETED', resourceType: 'user', resourceId: user.id }, request);
      return { success: true, message: 'User deleted.' };
    });
  };
}

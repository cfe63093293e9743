import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  auditBatchSchema,
  clientAuditEntrySchema,
  securityLogoutSchema,
  sessionTimeoutSchema,
  type ClientAuditEntry,
} from '@mindledger/domain';
import type { AppContext } from '../../context.js';
import { caller } from '../../platform/auth.js';
import { badRequest } from '../../platform/errors.js';

const tags = ['audit'];

/**
 * POST /api/audit-logs {logs}: what the web app reports of its user's own actions. Each entry is
 * checked on its own: those that can be stored are kept apart from the server's trail, bound to the
 * caller and stamped with the server's clock (decision 047); the others are refused and counted. A
 * batch where nothing can be stored is a 400.
 */
export function auditRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const authed = { preHandler: ctx.guards.authenticate };
  return async (app) => {
    app.post(
      '/audit-logs',
      { ...authed, schema: { tags, body: auditBatchSchema } },
      async (request, reply) => {
        const accepted: ClientAuditEntry[] = [];
        const errors: { path: string; message: string }[] = [];
        request.body.logs.forEach((raw, index) => {
          const parsed = clientAuditEntrySchema.safeParse(raw);
          if (parsed.success) accepted.push(parsed.data);
          else {
            const issue = parsed.error.issues[0];
            const path = ['logs', index, ...(issue?.path ?? [])].join('.');
            errors.push({ path, message: issue?.message ?? 'Invalid entry' });
          }
        });
        if (accepted.length === 0)
          throw badRequest(errors[0]?.message ?? 'No entry could be stored', { errors });
        await ctx.audit.recordClient(caller(request), accepted, request);
        reply.code(202);
        return {
          success: true,
          accepted: accepted.length,
          refused: errors.length,
          ...(errors.length > 0 ? { errors } : {}),
        };
      },
    );

    app.post(
      '/security/session-timeout',
      { ...authed, schema: { tags, body: sessionTimeoutSchema } },
      async (request) => {
        await ctx.audit.record(
          {
            action: 'SESSION_TIMEOUT',
            resourceType: 'session',
            metadata: { reason: request.body.reason, duration: request.body.duration ?? null },
          },
          request,
        );
        return { success: true };
      },
    );
  };
}

/** POST /api/v1/security-logout: the client reports an automatic or security logout. */
export function securityLogoutRoute(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/security-logout',
      { preHandler: ctx.guards.authenticate, schema: { tags, body: securityLogoutSchema } },
      async (request) => {
        const { reason, deviceInfo, extras } = request.body;
        await ctx.audit.record(
          {
            action: 'SECURITY_LOGOUT',
            resourceType: 'session',
            metadata: {
              reason,
              autoLogoutReason: extras?.autoLogoutReason ?? null,
              deviceType: deviceInfo?.deviceType ?? null,
              browserName: deviceInfo?.browserName ?? null,
            },
          },
          request,
        );
        return { success: true };
      },
    );
  };
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditBatchSchema, securityLogoutSchema, sessionTimeoutSchema } from '@mindledger/domain';
import type { AppContext } from '../../context.js';
import { caller } from '../../platform/auth.js';

const tags = ['audit'];

/**
 * POST /api/audit-logs {logs}: client-side entries, bound to the caller whatever they claim;
 * metadata values cut at 100 characters.
 */
export function auditRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const authed = { preHandler: ctx.guards.authenticate };
  return async (app) => {
    app.post(
      '/audit-logs',
      { ...authed, schema: { tags, body: auditBatchSchema } },
      async (request, reply) => {
        const actor = caller(request);
        const now = ctx.clock.now();
        await ctx.audit.record(
          request.body.logs.map((entry) => {
            const at = entry.timestamp ? new Date(entry.timestamp) : now;
            const valid = !Number.isNaN(at.getTime()) && Math.abs(at.getTime() - now.getTime()) < 86_400_000;
            return {
              action: entry.action,
              actorId: actor.sub,
              actorRole: actor.role,
              source: 'client' as const,
              ...(entry.resourceType ? { resourceType: entry.resourceType } : {}),
              ...(entry.resourceId ? { resourceId: entry.resourceId } : {}),
              patientId: entry.patientId ?? null,
              metadata: entry.metadata ?? {},
              occurredAt: valid ? at : now,
            };
          }),
          request,
        );
        reply.code(202);
        return { success: true, accepted: request.body.logs.length };
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

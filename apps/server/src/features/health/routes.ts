import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';

export function healthRoutes(): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/health', { config: { rateLimit: false }, schema: { tags: ['platform'] } }, async () => ({
      status: 'ok',
    }));
  };
}

/** Public settings the web app needs before sign-in (session timers). */
export function clientConfigRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/client-config', { schema: { tags: ['platform'] } }, async () => ({
      success: true,
      sessionTimings: ctx.config.sessionTimings,
    }));
  };
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  activateSchema,
  loginSchema,
  registrationSchema,
  resendOtpSchema,
  resetPasswordSchema,
  sessionActivitySchema,
  setPasswordSchema,
  verify2faSchema,
} from '@mindledger/domain';
import type { AppContext } from '../../context.js';
import { caller } from '../../platform/auth.js';
import { unauthenticated } from '../../platform/errors.js';
import { presentUser } from './presenter.js';
import { findUserById } from '../../platform/users.js';
import { AuthService } from './service.js';

const tags = ['auth'];
const strict = { rateLimit: 'auth' as const };

/** Accounts and sessions (Part 1 §4 Auth flow, §7 Session and auth). */
export function authRoutes(ctx: AppContext, service: AuthService): FastifyPluginAsyncZod {
  const { guards } = ctx;
  return async (app) => {
    app.post(
      '/registration',
      { schema: { tags, body: registrationSchema }, config: strict },
      async (request, reply) => {
        reply.code(201);
        return service.register(request.body, request);
      },
    );

    app.post('/activate-user', { schema: { tags, body: activateSchema }, config: strict }, (request) =>
      service.activate(request.body, request),
    );

    app.post(
      '/resend-otp',
      { schema: { tags, body: resendOtpSchema }, config: strict, preHandler: guards.optionalAuth },
      (request) => service.resend(request.body, request),
    );

    app.post('/login', { schema: { tags, body: loginSchema }, config: strict }, (request, reply) =>
      service.login(request.body, request, reply),
    );

    app.post('/verify-2fa', { schema: { tags, body: verify2faSchema }, config: strict }, (request, reply) =>
      service.verifyTwoFactor(request.body, request, reply),
    );

    app.get('/refresh', { schema: { tags } }, (request, reply) => service.refresh(request, reply));

    app.post('/logout', { schema: { tags } }, (request, reply) => service.logout(request, reply));

    app.post(
      '/reset-user-password',
      { schema: { tags, body: resetPasswordSchema }, config: strict },
      (request) => service.requestPasswordReset(request.body.email),
    );

    app.put('/set-password', { schema: { tags, body: setPasswordSchema }, config: strict }, (request) =>
      service.setPassword(request.body, request),
    );

    /**
     * The web app saw activity but made no call for a while (a long entry being typed): the request
     * itself counts as activity. `payment` sets the longer idle limit of the payment pages.
     */
    app.post(
      '/session-activity',
      { schema: { tags, body: sessionActivitySchema }, preHandler: guards.authenticate },
      async (request) => {
        const { payment } = request.body;
        if (payment !== undefined) await ctx.sessionRegistry.setPaymentIdle(caller(request).sid, payment);
        return { success: true };
      },
    );

    app.get('/me', { schema: { tags }, preHandler: guards.authenticate }, async (request) => {
      const user = await findUserById(ctx.db, caller(request).sub);
      if (!user) throw unauthenticated();
      return { success: true, user: presentUser(user) };
    });
  };
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  billingMessages,
  cancelSubscriptionSchema,
  checkoutSessionQuery,
  choosablePlanIds,
  createCheckoutSchema,
  localCheckoutPaySchema,
  normalizePromoCode,
  plans,
  prorationSchema,
  updateSubscriptionSchema,
  validatePromoSchema,
  type CurrentSubscriptionResponse,
} from '@mindledger/domain';
import type { AppContext } from '../../context.js';
import { caller } from '../../platform/auth.js';
import { badRequest, forbidden } from '../../platform/errors.js';
import type { Captcha } from '../../platform/captcha.js';
import { promoDiscount, promoTerms } from './invoice.js';
import { presentInvoice, presentPlan, presentSubscription } from './presenter.js';
import { findInvoice, findPromoById } from './repo.js';
import type { BillingService, SponsorAnswer } from './service.js';
import {
  checkoutUser,
  requireClientOrSignup,
  requireSignup,
  signupCheckoutUrls,
  signupMessages,
} from './signup.js';
import { trackUsage } from './usage.js';

const tags = ['subscription'];

/** The return addresses of a checkout: back to 'Choose Your Plan' with the session or `cancel`. */
export function checkoutUrls(userId: string) {
  const base = `/subscription?id=${encodeURIComponent(userId)}`;
  return { success: `${base}&session_id={CHECKOUT_SESSION_ID}`, cancel: `${base}&cancel=true` };
}

/** A `userId` in a body must be the caller's own (issue 12: never another user's subscription). */
export function ownUser(callerId: string, userId: string | null | undefined): void {
  if (userId && userId !== callerId) throw forbidden(billingMessages.notYours);
}

export async function currentAnswer(
  service: BillingService,
  ctx: AppContext,
  userId: string,
): Promise<CurrentSubscriptionResponse> {
  const row = await service.current(userId);
  if (!row) return { success: true, hasSubscription: false, subscription: null };
  const [invoice, promo] = await Promise.all([
    row.latestInvoiceId ? findInvoice(ctx.db, row.latestInvoiceId) : undefined,
    row.promoCodeId ? findPromoById(ctx.db, row.promoCodeId) : undefined,
  ]);
  const holding = ['trialing', 'active', 'past_due'].includes(row.status);
  return {
    success: true,
    hasSubscription: holding,
    subscription: presentSubscription(row, invoice ?? null, promo?.code ?? null),
  };
}

/** Part 2 §7 Subscription (general), under /api/v1/subscription/… (decision 078). */
export function subscriptionRoutes(
  ctx: AppContext,
  service: BillingService,
  captcha: Captcha,
): FastifyPluginAsyncZod {
  const patient = { preValidation: ctx.guards.requireRole('patient') };
  const provider = { preValidation: ctx.guards.requireRole('provider') };
  const clientOrSignup = { preValidation: requireClientOrSignup(ctx) };
  const signup = { preValidation: requireSignup(ctx) };
  return async (app) => {
    app.get('/subscription/plans', { schema: { tags } }, async () => ({
      success: true,
      plans: choosablePlanIds.map((id) => presentPlan(plans[id])),
    }));

    app.get('/subscription/current', { ...patient, schema: { tags } }, (request) =>
      currentAnswer(service, ctx, caller(request).sub),
    );

    const checkout = async (
      request: { body: z.output<typeof createCheckoutSchema> } & Parameters<typeof caller>[0],
    ) => {
      const me = caller(request).sub;
      ownUser(me, request.body.userId);
      return { success: true, ...(await service.createCheckout(me, request.body, checkoutUrls(me))) };
    };
    app.post(
      '/subscription/create-checkout',
      { ...patient, config: { idempotent: true }, schema: { tags, body: createCheckoutSchema } },
      (request) => checkout(request),
    );
    app.post(
      '/subscription/create',
      { ...patient, config: { idempotent: true }, schema: { tags, body: createCheckoutSchema } },
      (request) => checkout(request),
    );

    app.get(
      '/subscription/checkout/success',
      { ...patient, schema: { tags, querystring: checkoutSessionQuery } },
      (request) => service.confirmCheckout(caller(request).sub, request.query.session_id),
    );

    app.put(
      '/subscription/update',
      { ...patient, schema: { tags, body: updateSubscriptionSchema } },
      (request) => service.update(caller(request).sub, request.body),
    );

    app.post(
      '/subscription/cancel',
      { ...patient, schema: { tags, body: cancelSubscriptionSchema } },
      (request) => {
        if (request.body.immediate) throw badRequest('Subscriptions end at the end of the billing period.');
        return service.cancel(caller(request).sub);
      },
    );

    app.post('/subscription/resume', { ...patient, schema: { tags } }, (request) =>
      service.resume(caller(request).sub),
    );

    app.post(
      '/subscription/calculate-proration',
      { ...patient, schema: { tags, body: prorationSchema } },
      (request) => service.proration(caller(request).sub, request.body.newPlanType),
    );

    app.get('/subscription/captcha', { ...patient, schema: { tags } }, (request) =>
      captcha.challenge(caller(request).sub),
    );

    app.post(
      '/subscription/validate-promo',
      { ...patient, schema: { tags, body: validatePromoSchema } },
      async (request) => {
        const me = caller(request).sub;
        ownUser(me, request.body.userId);
        const code = normalizePromoCode(request.body.promoCode);
        if (!(await captcha.verify(request.body.captchaToken, me, code, 'check')))
          throw badRequest(billingMessages.captchaFailed);
        return service.validatePromo(me, request.body.promoCode, request.body.planType);
      },
    );

    app.post(
      '/subscription/track-usage',
      { ...patient, schema: { tags, body: z.object({ feature: z.string().max(50) }) } },
      async (request) => {
        const me = caller(request).sub;
        const feature = service.checkFeatureName(request.body.feature);
        const { allowed, planType } = await service.allows(me, feature);
        const usage = allowed ? await trackUsage(ctx.db, me, feature, ctx.clock.now()) : null;
        return { success: true, feature, allowed, planType, usage };
      },
    );

    app.post('/subscription/portal', { ...patient, schema: { tags } }, async (request) => ({
      success: true,
      url: await service.portal(caller(request).sub, '/subscription'),
    }));

    app.get('/subscription/invoices', { ...patient, schema: { tags } }, async (request) => ({
      success: true,
      invoices: (await service.invoices(caller(request).sub)).map(presentInvoice),
    }));

    app.get('/subscription/scheduled', { ...patient, schema: { tags } }, async (request) => {
      const row = await service.current(caller(request).sub);
      return {
        success: true,
        scheduled:
          row?.scheduledPlan && row.scheduledAt
            ? { new_plan: row.scheduledPlan, effective_date: row.scheduledAt.toISOString() }
            : null,
      };
    });

    app.delete('/subscription/scheduled', { ...patient, schema: { tags } }, (request) =>
      service.cancelScheduled(caller(request).sub),
    );

    app.post(
      '/subscription/create-patient-subscription',
      {
        ...provider,
        config: { idempotent: true },
        schema: {
          tags,
          body: z.object({
            patientId: z.string().max(64),
            planType: z.literal('provider-connect').optional(),
          }),
        },
      },
      async (request, reply) => {
        // the answer is kept with the sponsorship, in its transaction (decision 104)
        const answer = ctx.idempotency.answer<SponsorAnswer>(request, reply, 200);
        await service.sponsor(caller(request).sub, request.body.patientId, (tx, body) =>
          answer.record(tx, body),
        );
        return answer.send();
      },
    );

    // The local provider's hosted checkout (the web page /checkout/{id}).
    const sessionParams = z.object({ id: z.string().min(1).max(200) });
    app.get(
      '/subscription/local-checkout/:id',
      { ...clientOrSignup, schema: { tags, params: sessionParams } },
      async (request) => {
        const session = await service.localCheckout(checkoutUser(request), request.params.id);
        const promo = session.promoCodeId ? await findPromoById(ctx.db, session.promoCodeId) : undefined;
        return {
          success: true,
          session: {
            id: session.id,
            status: session.status,
            plan: presentPlan(plans[session.planType]),
            withTrial: session.withTrial,
            promoCode: promo?.code ?? null,
            // What the card is charged now: nothing in a trial, else the first period after the promo.
            amountDue: session.withTrial
              ? 0
              : plans[session.planType].price -
                (promo
                  ? promoDiscount(plans[session.planType].price, promoTerms(promo, ctx.clock.now(), 0))
                  : 0),
            expiresAt: session.expiresAt.toISOString(),
            cancelUrl: session.cancelUrl,
          },
        };
      },
    );
    app.post(
      '/subscription/local-checkout/:id/pay',
      { ...clientOrSignup, schema: { tags, params: sessionParams, body: localCheckoutPaySchema } },
      async (request) => ({
        success: true,
        ...(await service.payLocalCheckout(checkoutUser(request), request.params.id, request.body)),
      }),
    );

    // The plan step of signup, before the first sign-in (decision 081).
    app.post(
      '/subscription/signup-checkout',
      { ...signup, schema: { tags, body: createCheckoutSchema } },
      async (request) => {
        const me = checkoutUser(request);
        ownUser(me, request.body.userId);
        if (request.body.promoCode) throw badRequest(signupMessages.noPromo);
        const answer = await service.createCheckout(
          me,
          { ...request.body, isSignup: true, promoCode: null },
          signupCheckoutUrls(me),
        );
        return { success: true, ...answer };
      },
    );
    app.get(
      '/subscription/signup-checkout/success',
      { ...signup, schema: { tags, querystring: checkoutSessionQuery } },
      async (request) => ({
        ...(await service.confirmCheckout(checkoutUser(request), request.query.session_id)),
        redirect: '/auth/login/client',
      }),
    );
  };
}

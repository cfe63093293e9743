import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  billingMessages,
  checkoutSessionQuery,
  choosablePlanIds,
  createCheckoutSchema,
  planAllows,
  plans,
  prorationSchema,
  updateSubscriptionSchema,
  type CheckFeatureResponse,
} from '@mindledger/domain';
import type { AppContext } from '../../context.js';
import { caller } from '../../platform/auth.js';
import { presentInvoice, presentPlan } from './presenter.js';
import { checkoutUrls, currentAnswer, ownUser } from './routes.js';
import type { BillingService } from './service.js';

const tags = ['subscription'];

/** Part 2 §7 Subscription (patient): the client's own subscription under the spec's paths. */
export function patientSubscriptionRoutes(ctx: AppContext, service: BillingService): FastifyPluginAsyncZod {
  const patient = { preValidation: ctx.guards.requireRole('patient') };
  return async (app) => {
    app.get(
      '/patient-checkout/success',
      { ...patient, schema: { tags, querystring: checkoutSessionQuery } },
      (request) => service.confirmCheckout(caller(request).sub, request.query.session_id),
    );

    app.get(
      '/get-patient-plans',
      {
        ...patient,
        schema: { tags, querystring: z.object({ session_id: z.string().min(1).max(200).optional() }) },
      },
      async (request) => {
        const me = caller(request).sub;
        const confirmation = request.query.session_id
          ? await service.confirmCheckout(me, request.query.session_id)
          : null;
        return {
          plans: choosablePlanIds.map((id) => presentPlan(plans[id])),
          ...(await currentAnswer(service, ctx, me)),
          ...(confirmation ? { confirmation } : {}),
        };
      },
    );

    app.get(
      '/patient/check-feature/:feature',
      { ...patient, schema: { tags, params: z.object({ feature: z.string().max(50) }) } },
      async (request): Promise<CheckFeatureResponse> => {
        const feature = service.checkFeatureName(request.params.feature);
        const planType = await service.effectivePlan(caller(request).sub);
        const allowed = planAllows(planType, feature);
        return {
          success: true,
          feature,
          allowed,
          planType,
          message: allowed ? null : billingMessages.required(feature.replace(/-/g, ' ')),
        };
      },
    );

    app.get('/patient/current', { ...patient, schema: { tags } }, (request) =>
      currentAnswer(service, ctx, caller(request).sub),
    );

    app.get('/patient/history', { ...patient, schema: { tags } }, async (request) => ({
      success: true,
      invoices: (await service.invoices(caller(request).sub)).map(presentInvoice),
    }));

    app.post(
      '/patient/create',
      { ...patient, config: { idempotent: true }, schema: { tags, body: createCheckoutSchema } },
      async (request) => {
        const me = caller(request).sub;
        ownUser(me, request.body.userId);
        return { success: true, ...(await service.createCheckout(me, request.body, checkoutUrls(me))) };
      },
    );

    app.post('/patient/cancel', { ...patient, schema: { tags } }, (request) =>
      service.cancel(caller(request).sub),
    );
    app.post('/patient/resume', { ...patient, schema: { tags } }, (request) =>
      service.resume(caller(request).sub),
    );
    app.post('/patient/create-portal-session', { ...patient, schema: { tags } }, async (request) => ({
      success: true,
      url: await service.portal(caller(request).sub, '/subscription'),
    }));
    app.post('/patient/update', { ...patient, schema: { tags, body: updateSubscriptionSchema } }, (request) =>
      service.update(caller(request).sub, request.body),
    );
    app.post(
      '/patient/calculate-proration',
      { ...patient, schema: { tags, body: prorationSchema } },
      (request) => service.proration(caller(request).sub, request.body.newPlanType),
    );
  };
}

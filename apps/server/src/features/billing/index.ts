import type { Feature } from '../feature.js';
import { adminSubscriptionRoutes } from './admin-routes.js';
import { patientSubscriptionRoutes } from './patient-routes.js';
import { subscriptionRoutes } from './routes.js';
import { stripeWebhookRoutes } from './stripe/webhook-routes.js';

export { seedDemoBilling } from './demo-seed.js';
export { BillingService, holdsPlan } from './service.js';
export { UsedTrials } from './used-trials.js';
export type { BillingPort } from './port.js';

/** How often the local provider's renewals are looked for. */
export const RENEWAL_TICK_SECONDS = 60;

/**
 * Subscriptions, plans, checkout and promo redemption (Part 2 §1–§9, issue 12, decision 078). The
 * `billing` service's `requireFeature` is the one guard every paid feature uses.
 */
export const billingFeature: Feature = {
  name: 'billing',
  routes: (ctx, services) => [
    { prefix: '/api/v1', plugin: subscriptionRoutes(ctx, services.billing, services.captcha) },
    { prefix: '/api/v1', plugin: patientSubscriptionRoutes(ctx, services.billing) },
    { prefix: '/api/v1', plugin: adminSubscriptionRoutes(ctx, services.billing) },
    { prefix: '/api/v1', plugin: stripeWebhookRoutes(ctx, services.billing) },
  ],
  jobs: (ctx, services) => {
    ctx.jobs.every('subscription-renewals', RENEWAL_TICK_SECONDS, async () => {
      await services.billing.renewDue();
    });
  },
};

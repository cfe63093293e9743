import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context.js';
import type { Tx } from '../../../db/client.js';
import { AppError, notFound } from '../../../platform/errors.js';
import type { BillingEvent } from '../port.js';
import { completeCheckout } from '../repo.js';
import type { BillingService } from '../service.js';
import { StripeBilling } from './adapter.js';

/**
 * Applies one event in a savepoint. A promo redemption refused when the event applies (the code
 * used up or used meanwhile) cannot undo a payment Stripe already took: the state is applied
 * without the redemption rather than refused on every retry of the webhook.
 */
async function applyPaid(
  ctx: AppContext,
  service: BillingService,
  tx: Tx,
  event: BillingEvent,
): Promise<void> {
  try {
    await tx.transaction((savepoint) => service.applyEvents(savepoint, [event]));
  } catch (error) {
    if (!event.redeemPromoId || !(error instanceof AppError) || error.code !== 'VALIDATION') throw error;
    ctx.log.warn(
      { stripe: { event: event.id, promo: event.redeemPromoId } },
      'promo redemption refused after payment',
    );
    const { redeemPromoId: _refused, ...rest } = event;
    await service.applyEvents(tx, [rest]);
  }
}

/**
 * POST /api/v1/subscription/webhook (no sign-in: Stripe signs it). The plugin's own JSON parser
 * keeps the body as the raw bytes, which the signature covers; it is scoped to this plugin, so the
 * app's other routes parse JSON as before (and the input edge leaves a Buffer alone). 404 while
 * the card provider is the local one.
 */
export function stripeWebhookRoutes(ctx: AppContext, service: BillingService): FastifyPluginAsyncZod {
  return async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );

    app.post('/subscription/webhook', { schema: { tags: ['subscription'] } }, async (request) => {
      const port = service.port;
      if (!(port instanceof StripeBilling)) throw notFound('Not found');
      const header = request.headers['stripe-signature'];
      const payload = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const event = port.verifyWebhook(payload, typeof header === 'string' ? header : undefined);
      // Stripe is asked (invoice, schedule and checkout events) before the transaction opens.
      const outcome = await port.fromWebhook(event, ctx.clock.now());
      if (outcome.events.length === 0) return { received: true, ignored: true };
      await ctx.db.transaction(async (tx) => {
        for (const billingEvent of outcome.events) await applyPaid(ctx, service, tx, billingEvent);
        if (outcome.checkoutSessionId) await completeCheckout(tx, outcome.checkoutSessionId, ctx.clock.now());
      });
      return { received: true };
    });
  };
}

import type { AppContext } from '../../context.js';
import { LocalBilling } from './local/adapter.js';
import type { BillingPort } from './port.js';
import { StripeBilling } from './stripe/adapter.js';

/** The card provider from the config: Stripe when its keys are set (issue 12), else the local one. */
export function createBillingPort(ctx: AppContext): BillingPort {
  return ctx.config.stripe ? new StripeBilling(ctx, ctx.config.stripe) : new LocalBilling();
}

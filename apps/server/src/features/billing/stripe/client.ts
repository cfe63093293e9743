import Stripe from 'stripe';
import type { StripeConfig } from '../../../config.js';

/**
 * The Stripe SDK client for the configured account. `STRIPE_API_BASE_URL` points it elsewhere (the
 * tests' local fake: the SDK takes host, port and protocol); telemetry is off, so the SDK sends
 * nothing beyond the calls we make.
 */
export function createStripeClient(config: StripeConfig): Stripe {
  const base = config.apiBaseUrl ? new URL(config.apiBaseUrl) : null;
  const protocol = base?.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(config.secretKey, {
    telemetry: false,
    timeout: 20_000,
    appInfo: { name: 'MindLedger' },
    ...(base ? { host: base.hostname, port: base.port || (protocol === 'http' ? 80 : 443), protocol } : {}),
  });
}

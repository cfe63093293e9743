import type { Feature } from '../feature.js';
import { promoCodeRoutes } from './routes.js';
import { PromoCodesService } from './service.js';

/** Promo Codes Management (admin): list, create, edit, delete, CSV export. */
export const promoCodesFeature: Feature = {
  name: 'promo-codes',
  routes: (ctx, services) => [
    { prefix: '/api/v1', plugin: promoCodeRoutes(ctx, new PromoCodesService(ctx, services.billing.port)) },
  ],
};

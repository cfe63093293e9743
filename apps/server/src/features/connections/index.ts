import type { Feature } from '../feature.js';
import { clientConnectionRoutes } from './client-routes.js';
import { providerConnectionRoutes } from './provider-routes.js';

export const connectionsFeature: Feature = {
  name: 'connections',
  routes: (ctx, services) => [
    { prefix: '/api/v1', plugin: providerConnectionRoutes(ctx, services.connections) },
    { prefix: '/api/v1', plugin: clientConnectionRoutes(ctx, services.connections) },
  ],
};

export { claimEmailInvitations } from './service.js';

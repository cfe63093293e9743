import type { Feature } from '../feature.js';
import { clientConfigRoutes, healthRoutes } from './routes.js';

export const healthFeature: Feature = {
  name: 'health',
  routes: (ctx) => [
    { prefix: '/api/v1', plugin: clientConfigRoutes(ctx) },
    { prefix: '/api', plugin: healthRoutes() },
  ],
};

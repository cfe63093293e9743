import type { Feature } from '../feature.js';
import { auditRoutes, securityLogoutRoute } from './routes.js';

export const auditFeature: Feature = {
  name: 'audit',
  routes: (ctx) => [
    { prefix: '/api/v1', plugin: securityLogoutRoute(ctx) },
    { prefix: '/api', plugin: auditRoutes(ctx) },
  ],
};

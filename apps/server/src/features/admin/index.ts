import type { Feature } from '../feature.js';
import { adminRoutes } from './routes.js';

export const adminFeature: Feature = {
  name: 'admin',
  routes: (ctx) => [{ prefix: '/api/v1', plugin: adminRoutes(ctx) }],
};

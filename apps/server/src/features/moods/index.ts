import type { Feature } from '../feature.js';
import { dashboardRoutes, moodRoutes } from './routes.js';

export const moodsFeature: Feature = {
  name: 'moods',
  routes: (ctx, services) => [
    { prefix: '/api/v1', plugin: moodRoutes(ctx, services.moods) },
    { prefix: '/api/v1', plugin: services.moods.photos.routes() },
    { prefix: '/api', plugin: dashboardRoutes(ctx, services.moods) },
  ],
};

export { seedDemoJournal } from './demo-seed.js';

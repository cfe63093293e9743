import type { Feature } from '../feature.js';
import { dashboardRoutes, journalRoutes } from './routes.js';

export const journalFeature: Feature = {
  name: 'journal',
  routes: (ctx, services) => [
    { prefix: '/api/v1', plugin: journalRoutes(ctx, services.journal) },
    { prefix: '/api/v1', plugin: services.journal.photos.routes() },
    { prefix: '/api', plugin: dashboardRoutes(ctx, services.journal) },
  ],
};

export { seedDemoJournal } from './demo-seed.js';
export { storedEntryValues } from './stored-values.js';

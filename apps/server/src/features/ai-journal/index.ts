import type { Feature } from '../feature.js';
import { aiJournalRoutes } from './routes.js';

export const aiJournalFeature: Feature = {
  name: 'ai-journal',
  routes: (ctx, services) => [{ prefix: '/api/ai', plugin: aiJournalRoutes(ctx, services.aiJournal) }],
};

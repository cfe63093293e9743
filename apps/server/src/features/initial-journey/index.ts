import type { Feature } from '../feature.js';
import { journeyAiRoutes, journeyRoutes } from './routes.js';

export { InitialJourneyService } from './service.js';
export { cleanDocument, cleanStrings } from './clean.js';

/** The Initial Journey (issue 14): conversation, documents, sharing (docs/API-initial-journey.md). */
export const initialJourneyFeature: Feature = {
  name: 'initial-journey',
  routes: (ctx, services) => [
    { prefix: '/api/ai', plugin: journeyAiRoutes(ctx, services.initialJourney, services.providerShares) },
    { prefix: '/api/v1', plugin: journeyRoutes(ctx, services.initialJourney) },
  ],
};

import type { Feature } from '../feature.js';
import { legalRoutes } from './routes.js';

export { LegalService, recordRegistrationAcceptance, seedDemoAcceptance } from './acceptance.js';
export { ConsentsService } from './consents.js';

/**
 * Legal documents and consents (issue 17; decision 094; docs/API-legal.md): what each user
 * accepted of the Terms of Service and the Privacy Policy, and a client's research and marketing
 * consents.
 */
export const legalFeature: Feature = {
  name: 'legal',
  routes: (ctx, services) => [
    { prefix: '/api/v1', plugin: legalRoutes(ctx, services.legal, services.consents) },
  ],
};

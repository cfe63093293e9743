import type { Feature } from '../feature.js';
import { clinicalDocumentRoutes } from './routes.js';

export { CarePlansService } from './care-plans-service.js';
export { NotesSummariesService } from './summaries-service.js';
export { ProviderSharesService } from './shares-service.js';
export { ClinicalDocumentsRepo } from './repo.js';

/** Notes summaries, care plans and what providers share with clients (issue 15). */
export const clinicalDocumentsFeature: Feature = {
  name: 'clinical-documents',
  routes: (ctx, services) => [
    {
      prefix: '/api/ai',
      plugin: clinicalDocumentRoutes(ctx, {
        summaries: services.notesSummaries,
        carePlans: services.carePlans,
        shares: services.providerShares,
      }),
    },
  ],
};

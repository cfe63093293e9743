import type { Feature } from '../feature.js';
import { measuresRoutes } from './routes.js';

export { MeasuresService } from './service.js';
export { questionnaireOf, questionnaireUrl, LOINC } from './questionnaire.js';

/** How often clients whose recurring measure began a new cycle are told. */
const DUE_TICK_SECONDS = 300;

/** PHQ-9 and GAD-7: assignment, completion, history, safety alerts (issue 16; docs/API-measures.md). */
export const measuresFeature: Feature = {
  name: 'measures',
  routes: (ctx, services) => [{ prefix: '/api/v1', plugin: measuresRoutes(ctx, services.measures) }],
  jobs: (ctx, services) => {
    ctx.jobs.every('measures-due', DUE_TICK_SECONDS, async () => {
      await services.measures.tellDue();
    });
  },
};

import type { Feature } from '../feature.js';
import { clinicalExportRoutes } from './routes.js';
import { BUILD_JOB, type BuildJob } from './service.js';

export { ClinicalExportService } from './service.js';
export { exportFolder } from './repo.js';

/** How often expired export files are deleted and lost builds failed. */
const PURGE_TICK_SECONDS = 600;

/** Clinical export (PDF and FHIR R4) for providers, and the client's own copy (issue 16). */
export const clinicalExportFeature: Feature = {
  name: 'clinical-export',
  routes: (ctx, services) => [
    { prefix: '/api/v1', plugin: clinicalExportRoutes(ctx, services.clinicalExport) },
  ],
  jobs: (ctx, services) => {
    ctx.jobs.register<BuildJob>(BUILD_JOB, (job) => services.clinicalExport.run(job));
    ctx.jobs.every('clinical-export-purge', PURGE_TICK_SECONDS, async () => {
      await services.clinicalExport.purge();
    });
  },
};

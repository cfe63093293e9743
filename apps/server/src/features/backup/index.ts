import type { Feature } from '../feature.js';
import { backupRoutes } from './routes.js';
import { EXPORT_JOB, IMPORT_JOB, type ExportJob, type ImportJob } from './service.js';

export { BackupService } from './service.js';

/** How often expired backups and abandoned imports are cleaned. */
const PURGE_TICK_SECONDS = 600;
/**
 * How often imports whose run died with its process are failed (service.ts `failLostRuns`): with a
 * run silent for 45 s, within a minute of the kill, so within a minute of a restart.
 */
export const LOST_RUN_TICK_SECONDS = 15;

/** The client's data, theirs: backup export and import (issue 17; docs/API-backup.md). */
export const backupFeature: Feature = {
  name: 'backup',
  routes: (ctx, services) => [{ prefix: '/api/v1', plugin: backupRoutes(ctx, services.backup) }],
  jobs: (ctx, services) => {
    ctx.jobs.register<ExportJob>(EXPORT_JOB, (job) => services.backup.runExport(job));
    ctx.jobs.register<ImportJob>(IMPORT_JOB, (job) => services.backup.runImport(job));
    ctx.jobs.every('backup-purge', PURGE_TICK_SECONDS, async () => {
      await services.backup.purge();
    });
    ctx.jobs.every('backup-lost-runs', LOST_RUN_TICK_SECONDS, async () => {
      await services.backup.failLostRuns();
    });
  },
};

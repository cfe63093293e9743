import type { Feature } from '../feature.js';
import type { ScheduleBatch } from '../../platform/jobs/index.js';
import { WEEKLY_INSIGHTS_KIND } from './generator.js';
import { weeklyAutomationRoutes } from './routes.js';

export { WeeklyAutomationService } from './service.js';
export { WEEKLY_INSIGHTS_KIND, type WeeklyReportGenerator } from './generator.js';

/** How often patients without settings get their default settings and Sunday schedule. */
const DEFAULTS_TICK_SECONDS = 300;

/**
 * Weekly automation (issue 14, Part 2 §3–§5, §7): the client's automation settings and the
 * per-user schedule `weekly-insights` (12:00 AM on the automation day in the client's zone), whose
 * deliveries go, a claimed batch at a time, to the weekly insights generator.
 */
export const weeklyAutomationFeature: Feature = {
  name: 'weekly-automation',
  routes: (ctx, services) => [
    { prefix: '/api/v1', plugin: weeklyAutomationRoutes(ctx, services.weeklyAutomation) },
  ],
  jobs: (ctx, services) => {
    ctx.jobs.every('weekly-automation-defaults', DEFAULTS_TICK_SECONDS, async () => {
      await services.weeklyAutomation.ensureDefaults();
    });
    ctx.jobs.perUserScheduleBatch(WEEKLY_INSIGHTS_KIND, async ({ deliveries }: ScheduleBatch) => {
      // Read when the job runs: the generator is filled in by the weekly insights feature.
      const generator = services.weeklyInsights;
      if (!generator || deliveries.length === 0) return;
      const due = await services.weeklyAutomation.stillOn(deliveries);
      if (due.length > 0) await generator.runAutomation(due);
    });
  },
};

import type { Feature, Services } from '../feature.js';
import { weeklyInsightsAiRoutes, weeklyInsightsRoutes } from './routes.js';
import {
  AUTOMATION_JOB,
  GENERATE_JOB,
  PURGE_TICK,
  PURGE_TICK_SECONDS,
  WeeklyInsightsService,
  type AutomationJob,
  type GenerateJob,
} from './service.js';

export { WeeklyInsightsService } from './service.js';

/**
 * The weekly insights service `createServices` registered as `Services.weeklyInsights` (the
 * automation's generator is typed by its interface; the routes need the whole service).
 */
function serviceOf(services: Services): WeeklyInsightsService {
  const service = services.weeklyInsights;
  if (!(service instanceof WeeklyInsightsService))
    throw new Error('Services.weeklyInsights is not the weekly insights service (features/services.ts)');
  return service;
}

/**
 * Weekly insights (issue 14, docs/API-weekly-insights.md): reports generated in the background
 * with a job list and cancel, the AI service's seven-day summary, history, the four-weeks view,
 * sharing with connected providers, dashboard snapshots, and the automation nights' reports.
 */
export const weeklyInsightsFeature: Feature = {
  name: 'weekly-insights',
  routes: (ctx, services) => [
    { prefix: '/api/v1', plugin: weeklyInsightsRoutes(ctx, serviceOf(services)) },
    { prefix: '/api/ai', plugin: weeklyInsightsAiRoutes(ctx, serviceOf(services)) },
  ],
  jobs: (ctx, services) => {
    const service = serviceOf(services);
    ctx.jobs.register<GenerateJob>(GENERATE_JOB, (job) => service.runGeneration(job));
    ctx.jobs.register<AutomationJob>(AUTOMATION_JOB, (job) => service.runAutomationJob(job));
    ctx.jobs.every(PURGE_TICK, PURGE_TICK_SECONDS, async () => {
      await service.purge();
    });
  },
};

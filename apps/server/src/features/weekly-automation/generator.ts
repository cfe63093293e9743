import type { ScheduleDelivery } from '../../platform/jobs/index.js';

/** The per-user schedule kind of the weekly automation: one row per client while generation is on. */
export const WEEKLY_INSIGHTS_KIND = 'weekly-insights';

/**
 * What generates the weekly reports of an automation night (the weekly insights feature fills
 * `Services.weeklyInsights` with it). Each delivery is one client's run: `slot` is the local day
 * the run stands for (the automation day), `key` (`weekly-insights:user:day`) is the same for a
 * retry, so a generator keyed on it reports once per client and week.
 */
export interface WeeklyReportGenerator {
  runAutomation(deliveries: ScheduleDelivery[]): Promise<void>;
}

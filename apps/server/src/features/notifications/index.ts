import type { Feature } from '../feature.js';
import { FANOUT_JOB, type FanoutJob } from './important-updates.js';
import { importantUpdateRoutes } from './important-updates-routes.js';
import { registerReminderJobs } from './reminder-jobs.js';
import { notificationRoutes } from './routes.js';
import { DELIVER_JOB, PUSH_JOB, type DeliverJob, type PushJob } from './service.js';
import { notificationStreamRoutes } from './stream-routes.js';

export { NotificationsService } from './service.js';
export { notify } from './notify.js';
export { securityAlert, type SecurityEvent } from './security-alerts.js';
export { ImportantUpdates } from './important-updates.js';
export { reminderKinds } from './reminders.js';

/** How often scheduled important updates are looked for. */
const UPDATES_TICK_SECONDS = 30;
/** How often patients without settings get their default settings and reminder schedules. */
const DEFAULTS_TICK_SECONDS = 300;

/**
 * Notifications (issue 13, docs/API-notifications.md): the notify service every feature tells
 * users things through, in-app lists and the live stream, settings, Web Push devices, email with
 * one-click unsubscribe, reminders in the user's time zone, and the admin's important updates.
 */
export const notificationsFeature: Feature = {
  name: 'notifications',
  routes: (ctx, services) => [
    { prefix: '/api/v1', plugin: notificationRoutes(ctx, services.notifications) },
    { prefix: '/api/v1', plugin: notificationStreamRoutes(ctx, services.notifications) },
    { prefix: '/api/v1', plugin: importantUpdateRoutes(ctx, services.importantUpdates) },
  ],
  jobs: (ctx, services) => {
    const { notifications, importantUpdates } = services;
    ctx.jobs.register<DeliverJob>(DELIVER_JOB, (job) => notifications.deliver(job));
    ctx.jobs.register<PushJob>(PUSH_JOB, (job) => notifications.push(job));
    ctx.jobs.register<FanoutJob>(FANOUT_JOB, (job) => importantUpdates.fanout(job));
    ctx.jobs.every('important-updates-due', UPDATES_TICK_SECONDS, async () => {
      await importantUpdates.publishDue();
    });
    ctx.jobs.every('notification-defaults', DEFAULTS_TICK_SECONDS, async () => {
      await notifications.ensureDefaults();
    });
    registerReminderJobs(ctx, notifications);
  },
};

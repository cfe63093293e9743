import { sql } from 'drizzle-orm';
import {
  defaultReminderTitle,
  reminderBody,
  storedNotificationSettings,
  type NotificationSettings,
} from '@mindledger/domain';
import type { AppContext } from '../../context.js';
import { rowsOf, type Executor } from '../../db/client.js';
import type { ScheduleBatch, ScheduleDelivery } from '../../platform/jobs/index.js';
import { isMonthlyDay, reminderKinds } from './reminders.js';
import type { NewNotification } from './repo.js';
import type { NotificationsService } from './service.js';

type Plan = (
  deliveries: ScheduleDelivery[],
  settings: Map<string, NotificationSettings>,
  tx: Executor,
) => Promise<{ userId: string; input: NewNotification }[]>;

/**
 * The deliveries of the reminder schedules, a claimed batch (up to 200) per job and set-based: one
 * settings read, one check per batch, one multi-row insert and one delivery job, in one transaction.
 * Each notification is keyed by its delivery's key (`kind:user:day`), so a retried batch notifies
 * nobody twice.
 */
export function registerReminderJobs(ctx: AppContext, service: NotificationsService): void {
  const batch = (kind: string, plan: Plan) =>
    ctx.jobs.perUserScheduleBatch(kind, async ({ deliveries }: ScheduleBatch) => {
      if (deliveries.length === 0) return;
      const stored = await service.repo.settingsOfMany(deliveries.map((d) => d.userId));
      const settings = new Map(
        deliveries.map((d) => [d.userId, storedNotificationSettings(stored.get(d.userId)?.settings)]),
      );
      await ctx.db.transaction(async (tx) => {
        const items = await plan(deliveries, settings, tx);
        await service.notifyMany(items, tx);
      });
    });

  batch(reminderKinds.journal, async (deliveries, settings, tx) => {
    const on = deliveries.filter((d) => settings.get(d.userId)?.journalReminders);
    if (on.length === 0) return [];
    // Skipped on a day the client already journaled (the slot is their local day).
    const journaled = new Set(
      rowsOf<{ patient_id: string }>(
        await tx.execute(sql`
          select distinct e.patient_id from journal_entries e
          join (values ${sql.join(
            on.map((d) => sql`(${d.userId}::uuid, ${d.slot}::date)`),
            sql`, `,
          )}) as due(user_id, day) on e.patient_id = due.user_id and e.local_day = due.day
          where e.deleted = false`),
      ).map((r) => r.patient_id),
    );
    return on
      .filter((d) => !journaled.has(d.userId))
      .map((d) => ({
        userId: d.userId,
        input: {
          type: 'journal_reminder' as const,
          title: defaultReminderTitle,
          message: reminderBody(settings.get(d.userId)?.customMessage ?? ''),
          data: { url: '/user/journaling-feature' },
          key: d.key,
        },
      }));
  });

  batch(reminderKinds.weekly, async (deliveries, settings) =>
    deliveries
      .filter((d) => settings.get(d.userId)?.weeklySummaryReminders)
      .map((d) => ({
        userId: d.userId,
        input: {
          type: 'weekly_summary_reminder' as const,
          title: 'Time for your weekly review',
          message: 'Take a few minutes to look back on your week and what it taught you.',
          data: { url: '/user/home' },
          key: d.key,
        },
      })),
  );

  batch(reminderKinds.goals, async (deliveries, _settings, tx) => {
    const due = deliveries.filter((d) => isMonthlyDay(d.slot, d.data));
    if (due.length === 0) return [];
    // Only while the client has an active goal.
    const withGoals = new Set(
      rowsOf<{ patient_id: string }>(
        await tx.execute(sql`
          select distinct patient_id from goals
          where patient_id in (${sql.join(
            due.map((d) => sql`${d.userId}::uuid`),
            sql`, `,
          )}) and completed = false and abandoned = false and deleted = false`),
      ).map((r) => r.patient_id),
    );
    return due
      .filter((d) => withGoals.has(d.userId))
      .map((d) => ({
        userId: d.userId,
        input: {
          type: 'goal_reminder' as const,
          title: 'Check in on your goals',
          message: 'Take a moment to see how your goals are going.',
          data: { url: '/user/goals' },
          key: d.key,
        },
      }));
  });
}

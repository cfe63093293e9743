import type { NotificationSettings, ReminderPeriod } from '@mindledger/domain';
import type { Executor } from '../../db/client.js';
import type { UserSchedules } from '../../platform/jobs/user-schedules.js';

/** The kinds of per-user schedules notifications keep (one row per user and kind). */
export const reminderKinds = {
  journal: 'journal-reminder',
  weekly: 'weekly-summary-reminder',
  goals: 'goal-reminder',
} as const;

const everyDay = [1, 2, 3, 4, 5, 6, 7];
const at = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
/** Part 2 counts weekdays from 0 = Sunday; the schedules use ISO (7 = Sunday). */
const isoDay = (day: number) => (day === 0 ? 7 : day);

export interface ReminderPlan {
  kind: string;
  /** null: the schedule is removed. */
  schedule: { localTime: string; weekdays: number[]; data?: object } | null;
}

/**
 * A patient's reminder schedules from their settings (docs/API-notifications.md "Reminders",
 * decision 083): the journal reminder every day at `dailyHour`; the weekly summary reminder on
 * `weeklyDay` at `weeklyHour`; goal reminders by the goal reminder period — daily at `weeklyHour`
 * (9:00 by default, apart from the evening journal reminder), weekly on `weeklyDay` at `weeklyHour`,
 * monthly on `monthlyDay` at `monthlyHour` (a daily schedule whose delivery keeps only that day).
 */
export function reminderPlans(settings: NotificationSettings, goalPeriod: ReminderPeriod): ReminderPlan[] {
  const c = settings.reminderConfig;
  const goals: ReminderPlan['schedule'] =
    goalPeriod === 'never'
      ? null
      : goalPeriod === 'weekly'
        ? { localTime: at(c.weeklyHour), weekdays: [isoDay(c.weeklyDay)] }
        : goalPeriod === 'monthly'
          ? { localTime: at(c.monthlyHour), weekdays: everyDay, data: { monthlyDay: c.monthlyDay } }
          : { localTime: at(c.weeklyHour), weekdays: everyDay };
  return [
    {
      kind: reminderKinds.journal,
      schedule: settings.journalReminders ? { localTime: at(c.dailyHour), weekdays: everyDay } : null,
    },
    {
      kind: reminderKinds.weekly,
      schedule: settings.weeklySummaryReminders
        ? { localTime: at(c.weeklyHour), weekdays: [isoDay(c.weeklyDay)] }
        : null,
    },
    { kind: reminderKinds.goals, schedule: goals },
  ];
}

/** Sets or removes each of a patient's reminder schedules. */
export async function applyReminderPlans(
  schedules: UserSchedules,
  userId: string,
  timeZone: string,
  plans: ReminderPlan[],
  tx?: Executor,
): Promise<void> {
  for (const plan of plans) {
    if (plan.schedule) await schedules.set(userId, plan.kind, { ...plan.schedule, timeZone }, tx);
    else await schedules.remove(userId, plan.kind, tx);
  }
}

/** Whether a monthly goal reminder falls on this local day (`YYYY-MM-DD`). */
export function isMonthlyDay(slot: string, data: object): boolean {
  const monthlyDay = (data as { monthlyDay?: unknown }).monthlyDay;
  if (typeof monthlyDay !== 'number') return true;
  return Number(slot.slice(8, 10)) === monthlyDay;
}

import type {
  NotificationData,
  NotificationSettings,
  NotificationType,
  SecurityNotificationSettings,
} from '@mindledger/domain';

/** The email opt-in a type falls under (and what its unsubscribe link turns off). */
export type EmailCategory = 'journalReminders' | 'weeklyReviews' | 'teamUpdates' | 'security';
export const emailCategories: readonly EmailCategory[] = [
  'journalReminders',
  'weeklyReviews',
  'teamUpdates',
  'security',
];

const categoryOf: Record<NotificationType, EmailCategory | null> = {
  journal_reminder: 'journalReminders',
  mood_checkin: 'journalReminders',
  goal_reminder: 'journalReminders',
  weekly_summary_reminder: 'weeklyReviews',
  weekly_summary_generated: 'weeklyReviews',
  weekly_summary_to_provider: 'weeklyReviews',
  important_update: 'teamUpdates',
  wellness_tip: 'teamUpdates',
  security_alert: 'security',
  // Connection events already have their own emails (connections/emails.ts): in-app only here.
  connection_update: null,
  // The provider reads it in the app, on the client's Summaries tab.
  summary_shared: null,
  // A questionnaire to complete is a reminder to check in.
  measure_assigned: 'journalReminders',
  // Sent whatever the settings (see channelsFor).
  measure_alert: null,
};

export interface Channels {
  /** 'safety': a clinical safety alert, mailed whatever the settings and without an unsubscribe link. */
  email: EmailCategory | 'safety' | null;
  push: boolean;
}

/** Which channels besides in-app a notification of `type` goes by, for a user's settings. */
export function channelsFor(
  type: NotificationType,
  settings: NotificationSettings,
  security: SecurityNotificationSettings,
  data: NotificationData = {},
): Channels {
  // A client's answer that needs their provider now (PHQ-9 item 9): every channel, no opt-out.
  if (type === 'measure_alert') return { email: 'safety', push: true };
  const category = categoryOf[type];
  if (category === 'security') {
    // A changed password or address has its own mail, sent whatever the settings (account safety).
    const mailedElsewhere = data.kind === 'password_changed' || data.kind === 'email_changed';
    return { email: security.email && !mailedElsewhere ? 'security' : null, push: security.push };
  }
  if (category === null) return { email: null, push: false };
  const emailOn = settings.emailNotifications && settings.emailTypes[category];
  return { email: emailOn ? category : null, push: settings.pushNotifications };
}

/** Types whose message is written by the product or an admin and may go outside the app. */
const publicMessage = new Set<NotificationType>([
  'journal_reminder',
  'mood_checkin',
  'goal_reminder',
  'weekly_summary_reminder',
  'important_update',
  'wellness_tip',
  'security_alert',
]);

/**
 * What an email or a push says. No journal text or other PHI ever leaves the app: types whose
 * message could name a person or a client's report say only that something is waiting behind login.
 */
export function outsideBody(type: NotificationType, message: string): string {
  if (type === 'measure_alert')
    return 'Urgent: a client’s questionnaire answer needs your attention. Sign in to MindLedger to see it.';
  return publicMessage.has(type) ? message : 'You have a new notification. Sign in to MindLedger to see it.';
}

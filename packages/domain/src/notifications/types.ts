/** Notifications (Part 2 §3 Notification, §5 Notification priority, §9; docs/API-notifications.md). */
export const notificationTypes = [
  'journal_reminder',
  'weekly_summary_reminder',
  'weekly_summary_generated',
  'weekly_summary_to_provider',
  'wellness_tip',
  'important_update',
  'mood_checkin',
  // Ours (decision 083): connection events, goal reminders and security alerts.
  'connection_update',
  'goal_reminder',
  'security_alert',
  // Issue 14: a client shared an Initial Journey document or the chat history with the provider.
  'summary_shared',
  // Issue 16: a provider asked for a questionnaire; a PHQ-9 answer that needs a provider at once.
  'measure_assigned',
  'measure_alert',
] as const;
export type NotificationType = (typeof notificationTypes)[number];

export const notificationPriorities = ['high', 'medium', 'low'] as const;
export type NotificationPriority = (typeof notificationPriorities)[number];

/**
 * Part 2 §5: important_update is high; journal and weekly summary reminders medium; others low.
 * Ours: a questionnaire to complete is a reminder (medium); a safety alert is high.
 */
export function notificationPriority(type: NotificationType): NotificationPriority {
  if (type === 'important_update' || type === 'measure_alert') return 'high';
  if (type === 'journal_reminder' || type === 'weekly_summary_reminder' || type === 'measure_assigned')
    return 'medium';
  return 'low';
}

/** Badge colours of §5: high danger, medium warning, low info. */
export const priorityColour = { high: 'danger', medium: 'warning', low: 'info' } as const;

/** The readable label of a type (the card's type badge). */
export const notificationTypeLabels: Record<NotificationType, string> = {
  journal_reminder: 'Journal Reminder',
  weekly_summary_reminder: 'Weekly Summary',
  weekly_summary_generated: 'Weekly Insights',
  weekly_summary_to_provider: 'Client Weekly Summary',
  wellness_tip: 'Wellness Tip',
  important_update: 'Important Update',
  mood_checkin: 'Mood Check-in',
  connection_update: 'Connection',
  goal_reminder: 'Goal Reminder',
  security_alert: 'Security',
  summary_shared: 'Shared Summary',
  measure_assigned: 'Questionnaire',
  measure_alert: 'Urgent: Questionnaire',
};

export const notificationPageSize = 20;
export const notificationPageMax = 100;
export const notificationBulkMax = 100;
export const badgeCap = 99;
export const loadMoreGuardMs = 500;

/** The badge text: the count, or 99+ above 99 (§2, §9). */
export function badgeText(count: number): string {
  return count > badgeCap ? `${badgeCap}+` : String(count);
}

export interface NotificationData {
  /** The in-app target path. */
  url?: string;
  updateUrl?: string;
  tipUrl?: string;
  updateId?: string;
  clientId?: string;
  /** What a security alert is about (new_device_login, password_changed, email_changed, two_factor_changed). */
  kind?: string;
}

export interface NotificationResponse {
  id: string;
  _id: string;
  seq: number;
  type: NotificationType;
  priority: NotificationPriority;
  title: string;
  message: string;
  read: boolean;
  readAt: string | null;
  createdAt: string;
  timeFormatted: string;
  data: NotificationData;
}

export interface NotificationCounts {
  all: number;
  unread: number;
  read: number;
}

export interface NotificationListResponse {
  success: true;
  notifications: NotificationResponse[];
  hasNext: boolean;
  pages: number;
  total: number;
  page: number;
  limit: number;
  counts: NotificationCounts;
}

/**
 * §9 relative time: under 60 s 'Just now', then minutes under 60, hours under 24, days under 7,
 * otherwise the date (in the viewer's zone).
 */
export function relativeTime(createdAt: Date, now: Date, timeZone?: string): string {
  const seconds = Math.floor((now.getTime() - createdAt.getTime()) / 1000);
  if (seconds < 60) return 'Just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} hour${hours === 1 ? '' : 's'} ago`;
  const days = Math.floor(hours / 24);
  if (days < 7) return `${days} day${days === 1 ? '' : 's'} ago`;
  return createdAt.toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    ...(timeZone ? { timeZone } : {}),
  });
}

/** `timeFormatted`: the creation time in the user's zone, e.g. "Nov 25, 2026, 7:00 PM". */
export function formatNotificationTime(createdAt: Date, timeZone: string): string {
  return createdAt.toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  });
}

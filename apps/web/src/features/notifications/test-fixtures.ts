import {
  notificationPriority,
  type NotificationListResponse,
  type NotificationResponse,
  type NotificationType,
} from '@mindledger/domain';

let seq = 0;

export function makeNotification(overrides: Partial<NotificationResponse> = {}): NotificationResponse {
  seq += 1;
  const id = overrides.id ?? `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`;
  const type: NotificationType = overrides.type ?? 'journal_reminder';
  return {
    id,
    _id: id,
    seq,
    type,
    priority: notificationPriority(type),
    title: `Notification ${seq}`,
    message: `Message ${seq}`,
    read: false,
    readAt: null,
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    timeFormatted: 'Nov 25, 2026, 7:00 PM',
    data: {},
    ...overrides,
  };
}

export function makeList(
  notifications: NotificationResponse[],
  options: {
    page?: number;
    limit?: number;
    total?: number;
    counts?: NotificationListResponse['counts'];
  } = {},
): NotificationListResponse {
  const limit = options.limit ?? 20;
  const page = options.page ?? 1;
  const total = options.total ?? notifications.length;
  const pages = Math.max(1, Math.ceil(total / limit));
  const unread = notifications.filter((n) => !n.read).length;
  return {
    success: true,
    notifications,
    hasNext: page < pages,
    pages,
    total,
    page,
    limit,
    counts: options.counts ?? { all: notifications.length, unread, read: notifications.length - unread },
  };
}

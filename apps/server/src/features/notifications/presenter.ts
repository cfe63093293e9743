import { formatNotificationTime, type NotificationResponse } from '@mindledger/domain';
import type { NotificationRow } from './repo.js';

export function presentNotification(row: NotificationRow, timeZone: string): NotificationResponse {
  return {
    id: row.id,
    _id: row.id,
    seq: row.seq,
    type: row.type,
    priority: row.priority,
    title: row.title,
    message: row.message,
    read: row.readAt !== null,
    readAt: row.readAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    timeFormatted: formatNotificationTime(row.createdAt, timeZone),
    data: row.data,
  };
}

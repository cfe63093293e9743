/**
 * What the app shell uses of notifications: the header's bell (it opens the tab's live stream), the
 * stream's hook for other screens, and where a notification leads. The router loads the page
 * lazily from NotificationsPage.tsx (/user, /provider and /admin/notifications) and the public
 * UnsubscribePage.tsx (/notifications/unsubscribe).
 */
export { NotificationBell } from './NotificationBell';
export { useNotificationStream } from './useNotificationStream';
export { notificationsPath, notificationTarget } from './targets';
export { UnsubscribePage } from './UnsubscribePage';

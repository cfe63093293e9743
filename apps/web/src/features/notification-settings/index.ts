/**
 * What other features use of the notification settings: the settings' query key (to refresh it
 * after a change elsewhere) and what this browser can do with notifications. The router loads the
 * page lazily from NotificationSettingsPage.tsx.
 */
export { notificationSettingsKeys } from './api';
export { notificationPermission, pushSupport, serviceWorkerUrl } from './push';

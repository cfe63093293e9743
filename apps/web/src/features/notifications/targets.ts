import type { NotificationResponse, Role } from '@mindledger/domain';

/** The notifications page of each role (Part 2 §2). */
const notificationPages: Record<Role, string> = {
  patient: '/user/notifications',
  provider: '/provider/notifications',
  admin: '/admin/notifications',
};

export function notificationsPath(role: Role): string {
  return notificationPages[role];
}

/** Where the bell's Settings goes: the Patient's notification settings, everyone else's profile settings. */
export function notificationSettingsPath(role: Role): string {
  return role === 'patient' ? '/profile/notification-settings' : '/profile/edit-profile';
}

/**
 * An in-app path: starts with one '/' (not '//' or '/\', which browsers read as another host), and
 * carries no control characters or whitespace a browser would strip or misread.
 */
export function isInAppPath(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2_000) return false;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return false;
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (code <= 0x20 || code === 0x7f) return false;
  }
  return true;
}

/** Paths that belong to one role; another role would be sent home by the route guard. */
function fitsRole(path: string, role: Role): boolean {
  if (path.startsWith('/user/')) return role === 'patient';
  if (path.startsWith('/provider/')) return role === 'provider';
  if (path.startsWith('/admin/')) return role === 'admin';
  return true;
}

function byType(role: Role, notification: Pick<NotificationResponse, 'type' | 'data'>): string | null {
  const data = notification.data ?? {};
  switch (notification.type) {
    case 'journal_reminder':
    case 'weekly_summary_reminder':
      return '/user/journaling-feature';
    case 'weekly_summary_generated':
      return '/user/report';
    case 'mood_checkin':
      return '/user/mood-selector';
    case 'goal_reminder':
      return '/user/goals';
    case 'connection_update':
      if (role === 'patient') return '/user/providers';
      if (role === 'provider') return '/provider/dashboard';
      return null;
    case 'weekly_summary_to_provider':
    case 'summary_shared':
      return data.clientId
        ? `/provider/patient-overview/${encodeURIComponent(data.clientId)}`
        : '/provider/dashboard';
    case 'important_update':
      return isInAppPath(data.updateUrl) ? data.updateUrl : null;
    case 'wellness_tip':
      return isInAppPath(data.tipUrl) ? data.tipUrl : null;
    case 'security_alert':
      return '/profile/edit-profile';
    default:
      return null;
  }
}

/**
 * Where View (and a click in the bell) goes: `data.url` when it is an in-app path, else by type; a
 * target of another role, or none, is the role's notifications page. Never an external address:
 * those open from their own link (`externalLink`).
 */
export function notificationTarget(
  role: Role,
  notification: Pick<NotificationResponse, 'type' | 'data'>,
): string {
  const url = notification.data?.url;
  const target = isInAppPath(url) ? url : byType(role, notification);
  return target && fitsRole(target, role) ? target : notificationsPath(role);
}

/** An external http(s) address of an important update or a wellness tip, opened in a new tab. */
export function externalLink(notification: Pick<NotificationResponse, 'type' | 'data'>): string | null {
  const data = notification.data ?? {};
  const candidate = notification.type === 'wellness_tip' ? data.tipUrl : data.updateUrl;
  if (typeof candidate !== 'string' || isInAppPath(candidate)) return null;
  try {
    const url = new URL(candidate);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

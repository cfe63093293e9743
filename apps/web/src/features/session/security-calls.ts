import { sessionMessages, type AutoLogoutReason } from '@mindledger/domain';
import { api } from '../../api/client';

export interface DeviceInfo {
  deviceType: string;
  browserName: string;
  location: string;
  timestamp: string;
  userAgent: string;
}

export function deviceTypeOf(userAgent: string): string {
  if (/ipad|tablet/i.test(userAgent)) return 'tablet';
  if (/mobi|android|iphone/i.test(userAgent)) return 'mobile';
  return 'desktop';
}

export function browserNameOf(userAgent: string): string {
  if (/edg\//i.test(userAgent)) return 'Edge';
  if (/opr\//i.test(userAgent)) return 'Opera';
  if (/firefox\//i.test(userAgent)) return 'Firefox';
  if (/chrom(e|ium)\//i.test(userAgent)) return 'Chrome';
  if (/safari\//i.test(userAgent)) return 'Safari';
  return 'Other';
}

export function deviceInfo(now = new Date()): DeviceInfo {
  const userAgent = navigator.userAgent;
  let location = 'Unknown';
  try {
    location = Intl.DateTimeFormat().resolvedOptions().timeZone || 'Unknown';
  } catch {
    // Intl without time zone support: keep 'Unknown'
  }
  return {
    deviceType: deviceTypeOf(userAgent),
    browserName: browserNameOf(userAgent),
    location,
    timestamp: now.toISOString(),
    userAgent: userAgent.slice(0, 100),
  };
}

/** POST /api/security/session-timeout (Part 1 §7). */
export function reportSessionTimeout(userId: string | undefined, durationSeconds: number, now = new Date()) {
  return api.post(
    '/api/security/session-timeout',
    { userId, timestamp: now.toISOString(), reason: 'IDLE_TIMEOUT', duration: durationSeconds },
    { keepalive: true },
  );
}

/** POST security-logout: notice of an automatic logout; a failure is only logged (Part 2 §8). */
export async function sendSecurityLogout(reason: AutoLogoutReason, now = new Date()): Promise<void> {
  try {
    await api.post(
      'security-logout',
      {
        type: 'security_logout',
        reason: 'automatic',
        deviceInfo: deviceInfo(now),
        timestamp: now.toISOString(),
        message: sessionMessages[reason],
        extras: { autoLogoutReason: reason },
      },
      { keepalive: true },
    );
  } catch (error) {
    console.error('Failed to send security logout notification', error);
  }
}

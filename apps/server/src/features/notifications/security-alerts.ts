import { eq } from 'drizzle-orm';
import {
  defaultSecuritySettings,
  securitySettingsInput,
  type SecurityNotificationSettings,
} from '@mindledger/domain';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { notificationSettings } from '../../db/schema/index.js';
import { notify } from './notify.js';

export type SecurityEvent = 'new_device_login' | 'password_changed' | 'email_changed' | 'two_factor_changed';

const settingOf: Record<SecurityEvent, keyof SecurityNotificationSettings> = {
  new_device_login: 'newDeviceLogin',
  password_changed: 'passwordChanged',
  email_changed: 'emailChanged',
  two_factor_changed: 'twoFactorChanged',
};

const texts: Record<SecurityEvent, { title: string; message: string }> = {
  new_device_login: {
    title: 'New sign-in to your account',
    message:
      'Your account was signed in to from a new device or browser. If this was not you, change your password.',
  },
  password_changed: {
    title: 'Your password was changed',
    message: 'If you did not change it, reset your password now and contact support.',
  },
  email_changed: {
    title: 'Your email address was changed',
    message: 'If you did not change it, contact support right away.',
  },
  two_factor_changed: {
    title: 'Two-factor authentication changed',
    message: 'Your two-factor sign-in settings changed. If this was not you, change your password.',
  },
};

/** A user's security notification settings over the defaults. */
export function securityOf(stored: unknown): SecurityNotificationSettings {
  const parsed = securitySettingsInput.safeParse(stored ?? {});
  if (!parsed.success) return defaultSecuritySettings;
  return {
    ...defaultSecuritySettings,
    ...Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined)),
  };
}

/**
 * Tells a user about a security event on their account (in-app, and push and email as their
 * security notification settings allow), unless they turned that event off.
 */
export async function securityAlert(
  ctx: AppContext,
  userId: string,
  event: SecurityEvent,
  tx?: Executor,
): Promise<void> {
  const [row] = await (tx ?? ctx.db)
    .select({ security: notificationSettings.security })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  if (!securityOf(row?.security)[settingOf[event]]) return;
  await notify(
    ctx,
    userId,
    { type: 'security_alert', ...texts[event], data: { url: '/profile/edit-profile', kind: event } },
    tx,
  );
}

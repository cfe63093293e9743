import {
  defaultNotificationSettings,
  notificationMessages,
  type NotificationSettings,
  type NotificationSettingsInput,
} from '@mindledger/domain';
import { api, ApiError } from '../../api/client';

export interface SettingsAnswer {
  success: boolean;
  data: { settings: NotificationSettings; deviceCount: number };
}

export interface LoadedSettings {
  settings: NotificationSettings;
  deviceCount: number;
}

export interface SaveAnswer {
  success: boolean;
  message?: string;
  data?: { settings: NotificationSettings; messageReplaced?: boolean };
}

export interface DeviceAnswer {
  success: boolean;
  deviceCount: number;
}

/** The weekly summary automation (built by the weekly insights feature; read here for the card). */
export interface WeeklyAutomation {
  automaticGeneration: boolean;
  automationDay: number;
  timezone: string;
}

export const notificationSettingsKeys = {
  settings: ['notification-settings'] as const,
  weeklyAutomation: ['automated-weekly-summary-settings'] as const,
};

/** The settings as loaded, over the defaults (a field the server leaves out keeps its default). */
function withDefaults(settings: Partial<NotificationSettings> | undefined): NotificationSettings {
  const base = defaultNotificationSettings;
  return {
    ...base,
    ...settings,
    reminderConfig: { ...base.reminderConfig, ...settings?.reminderConfig },
    reminderMessages: { ...base.reminderMessages, ...settings?.reminderMessages },
    emailTypes: { ...base.emailTypes, ...settings?.emailTypes },
    customMessage: settings?.customMessage ?? '',
  };
}

function readAutomation(body: unknown): WeeklyAutomation | null {
  if (typeof body !== 'object' || body === null) return null;
  const record = body as Record<string, unknown>;
  const data = (record.data ?? record) as Record<string, unknown>;
  const settings = (data.settings ?? data) as Record<string, unknown>;
  if (typeof settings.automaticGeneration !== 'boolean') return null;
  const day = Number(settings.automationDay);
  return {
    automaticGeneration: settings.automaticGeneration,
    automationDay: Number.isInteger(day) && day >= 0 && day <= 6 ? day : 0,
    timezone:
      typeof settings.timezone === 'string' && settings.timezone ? settings.timezone : 'America/Denver',
  };
}

export const notificationSettingsApi = {
  get: async (signal?: AbortSignal): Promise<LoadedSettings> => {
    const answer = await api.get<SettingsAnswer>('notification-settings', { signal });
    const deviceCount = Number(answer?.data?.deviceCount);
    return {
      settings: withDefaults(answer?.data?.settings),
      deviceCount: Number.isFinite(deviceCount) ? deviceCount : 0,
    };
  },
  put: (body: NotificationSettingsInput) => api.put<SaveAnswer>('notification-settings', body),
  pushKey: async (): Promise<string> => {
    const answer = await api.get<{ data: { publicKey: string } }>('notifications/push-key');
    return answer.data.publicKey;
  },
  registerDevice: (token: string) =>
    api.post<DeviceAnswer>('device-tokens', { token, platform: 'web' }, { idempotent: true }),
  unregisterDevice: (token: string) => api.delete<DeviceAnswer>('device-tokens', { token }),
  /** Null when the automation is not set up, or its route does not answer (yet). */
  weeklyAutomation: async (signal?: AbortSignal): Promise<WeeklyAutomation | null> => {
    try {
      return readAutomation(await api.get<unknown>('automated-weekly-summary-settings', { signal }));
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      return null;
    }
  },
};

/** The toast of a failed save (Part 2 §8 Notification settings), by the status of the last attempt. */
export function saveFailureMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return notificationMessages.settingsSessionExpired;
    if (error.status === 404) return notificationMessages.settingsUserNotFound;
    if (error.status === 400) return notificationMessages.settingsInvalid;
    const message = error.body.message;
    if (error.status > 0 && typeof message === 'string' && message.trim()) return message;
  }
  return notificationMessages.settingsSaveFailed;
}

/**
 * PUT notification-settings; a failure is retried once with id and userId added (Part 2 §7). A 401
 * is not retried: the client has already tried a refresh, the session is over.
 */
export async function saveNotificationSettings(
  body: NotificationSettingsInput,
  userId: string,
): Promise<SaveAnswer> {
  try {
    return await notificationSettingsApi.put(body);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw error;
    return notificationSettingsApi.put({ ...body, id: userId, userId });
  }
}

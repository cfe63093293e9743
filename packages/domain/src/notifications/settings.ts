import { z } from 'zod';
import { defaultReminderBody, defaultReminderTitle, guardReminderMessage } from './phi-guard.js';

/** Notification settings (Part 2 §3 Notification settings, §9 defaults; docs/API-notifications.md). */
export const reminderFrequencies = ['daily', 'weekly', 'monthly'] as const;
export type ReminderFrequency = (typeof reminderFrequencies)[number];

export interface ReminderConfig {
  frequency: ReminderFrequency;
  dailyHour: number;
  weeklyDay: number;
  weeklyHour: number;
  monthlyDay: number;
  monthlyHour: number;
}

export interface EmailTypes {
  journalReminders: boolean;
  weeklyReviews: boolean;
  teamUpdates: boolean;
}

export interface NotificationSettings {
  pushNotifications: boolean;
  emailNotifications: boolean;
  journalReminders: boolean;
  weeklySummaryReminders: boolean;
  impUpdates: boolean;
  reminderConfig: ReminderConfig;
  reminderMessages: { title: string; body: string };
  /** The guarded custom reminder message ('' = the default body). */
  customMessage: string;
  emailTypes: EmailTypes;
}

export const defaultNotificationSettings: NotificationSettings = {
  pushNotifications: true,
  emailNotifications: true,
  journalReminders: true,
  weeklySummaryReminders: true,
  impUpdates: true,
  reminderConfig: {
    frequency: 'daily',
    dailyHour: 19,
    weeklyDay: 1,
    weeklyHour: 9,
    monthlyDay: 1,
    monthlyHour: 10,
  },
  reminderMessages: { title: defaultReminderTitle, body: defaultReminderBody },
  customMessage: '',
  emailTypes: { journalReminders: true, weeklyReviews: true, teamUpdates: true },
};

const hour = z.number().int().min(0).max(23);

/** A PUT body: any subset of the settings (the client's retry may add id and userId). */
export const notificationSettingsInput = z
  .object({
    id: z.string().max(100).optional(),
    userId: z.string().max(100).optional(),
    pushNotifications: z.boolean().optional(),
    emailNotifications: z.boolean().optional(),
    journalReminders: z.boolean().optional(),
    weeklySummaryReminders: z.boolean().optional(),
    impUpdates: z.boolean().optional(),
    reminderConfig: z
      .object({
        frequency: z.enum(reminderFrequencies).optional(),
        dailyHour: hour.optional(),
        weeklyDay: z.number().int().min(0).max(6).optional(),
        weeklyHour: hour.optional(),
        monthlyDay: z.number().int().min(1).max(28).optional(),
        monthlyHour: hour.optional(),
      })
      .strict()
      .optional(),
    reminderMessages: z
      .object({ title: z.string().max(200).optional(), body: z.string().max(1000).optional() })
      .strict()
      .optional(),
    customMessage: z.string().max(1000).optional(),
    emailTypes: z
      .object({
        journalReminders: z.boolean().optional(),
        weeklyReviews: z.boolean().optional(),
        teamUpdates: z.boolean().optional(),
      })
      .strict()
      .optional(),
  })
  .strict();
export type NotificationSettingsInput = z.infer<typeof notificationSettingsInput>;

/**
 * Merges an update into the current settings. The custom message goes through the PHI guard; the
 * reminder texts are not the user's to change (title and body stay the product's defaults, the
 * custom message is the user's part), so a sent `reminderMessages` is ignored.
 */
export function mergeNotificationSettings(
  current: NotificationSettings,
  input: NotificationSettingsInput,
): { settings: NotificationSettings; messageReplaced: boolean } {
  const guarded = input.customMessage === undefined ? null : guardReminderMessage(input.customMessage);
  const settings: NotificationSettings = {
    pushNotifications: input.pushNotifications ?? current.pushNotifications,
    emailNotifications: input.emailNotifications ?? current.emailNotifications,
    journalReminders: input.journalReminders ?? current.journalReminders,
    weeklySummaryReminders: input.weeklySummaryReminders ?? current.weeklySummaryReminders,
    impUpdates: input.impUpdates ?? current.impUpdates,
    reminderConfig: { ...current.reminderConfig, ...definedOnly(input.reminderConfig) },
    reminderMessages: { ...defaultNotificationSettings.reminderMessages },
    customMessage: guarded ? guarded.message : current.customMessage,
    emailTypes: { ...current.emailTypes, ...definedOnly(input.emailTypes) },
  };
  return { settings, messageReplaced: guarded?.replaced ?? false };
}

/** Reads stored settings (a JSON column) over the defaults, so a field added later has its default. */
export function storedNotificationSettings(stored: unknown): NotificationSettings {
  if (typeof stored !== 'object' || stored === null) return defaultNotificationSettings;
  const parsed = notificationSettingsInput.safeParse(stored);
  if (!parsed.success) return defaultNotificationSettings;
  // Guarding again is harmless: a stored message was guarded when saved.
  return mergeNotificationSettings(defaultNotificationSettings, parsed.data).settings;
}

function definedOnly<T extends object>(value: T | undefined): Partial<T> {
  if (!value) return {};
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** Security notification settings (shape ours, decision 083): which events tell the user, and how. */
export interface SecurityNotificationSettings {
  newDeviceLogin: boolean;
  passwordChanged: boolean;
  emailChanged: boolean;
  twoFactorChanged: boolean;
  email: boolean;
  push: boolean;
}

export const defaultSecuritySettings: SecurityNotificationSettings = {
  newDeviceLogin: true,
  passwordChanged: true,
  emailChanged: true,
  twoFactorChanged: true,
  email: true,
  push: true,
};

export const securitySettingsInput = z
  .object({
    newDeviceLogin: z.boolean().optional(),
    passwordChanged: z.boolean().optional(),
    emailChanged: z.boolean().optional(),
    twoFactorChanged: z.boolean().optional(),
    email: z.boolean().optional(),
    push: z.boolean().optional(),
  })
  .strict();

/** "12:00 AM" … "11:00 PM" for the Preferred Time select. */
export function hourLabel(hour: number): string {
  const h = hour % 12 === 0 ? 12 : hour % 12;
  return `${h}:00 ${hour < 12 ? 'AM' : 'PM'}`;
}

import {
  defaultAutomationDay,
  defaultAutomationTimeZone,
  isAutomationDay,
  weeklyInsightMessages,
  type WeeklyAutomationSettings,
} from '@mindledger/domain';
import { api, ApiError } from '../../api/client';

/** What the screen edits and saves (the recipients are read only). */
export interface AutomationChoice {
  automaticGeneration: boolean;
  automationDay: number;
}

interface Answer {
  success: boolean;
  data?: Partial<WeeklyAutomationSettings>;
  message?: string;
}

/**
 * Its own key under the one the notification settings' weekly summary card reads (that query keeps
 * a smaller shape): invalidating `['automated-weekly-summary-settings']` refreshes both.
 */
export const weeklyAutomationKeys = {
  all: ['automated-weekly-summary-settings'] as const,
  settings: ['automated-weekly-summary-settings', 'page'] as const,
};

/** §9: the weekly summary settings are cached for 60 s. */
export const weeklyAutomationStaleMs = 60_000;

/** The answer's settings, each field checked (an unexpected value falls back to the §9 default). */
export function readSettings(answer: Answer | undefined): WeeklyAutomationSettings {
  const data = answer?.data ?? {};
  const recipients = Array.isArray(data.sharingSettings?.recipients) ? data.sharingSettings.recipients : [];
  return {
    automaticGeneration: typeof data.automaticGeneration === 'boolean' ? data.automaticGeneration : true,
    automationDay: isAutomationDay(data.automationDay) ? data.automationDay : defaultAutomationDay,
    timezone: typeof data.timezone === 'string' && data.timezone ? data.timezone : defaultAutomationTimeZone,
    sharingSettings: {
      recipients: recipients
        .filter((r) => r && typeof r.doctorName === 'string')
        .map((r) => ({ doctorName: r.doctorName, doctorEmail: String(r.doctorEmail ?? '') })),
    },
  };
}

/** The failure text of a call: the server's message when it sent one, else the spec's default. */
function messageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    const message = error.body.message;
    if (typeof message === 'string' && message.trim()) return message;
  }
  return fallback;
}

export const loadFailureMessage = (error: unknown) =>
  messageOf(error, weeklyInsightMessages.automationGetFailed);
export const saveFailureMessage = (error: unknown) =>
  messageOf(error, weeklyInsightMessages.automationUpdateFailed);

/** GET and PUT automated-weekly-summary-settings (Part 2 §7). */
export const weeklyAutomationApi = {
  get: async (signal?: AbortSignal): Promise<WeeklyAutomationSettings> =>
    readSettings(await api.get<Answer>('automated-weekly-summary-settings', { signal })),
  put: async (choice: AutomationChoice): Promise<WeeklyAutomationSettings> =>
    readSettings(await api.put<Answer>('automated-weekly-summary-settings', choice)),
};

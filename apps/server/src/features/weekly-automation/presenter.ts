import {
  defaultAutomationDay,
  defaultAutomationTimeZone,
  isAutomationDay,
  isTimeZone,
  type WeeklyAutomationSettings,
} from '@mindledger/domain';
import type { AutomationRow } from './repo.js';

/**
 * The settings a client who never saved has (Part 2 §9): generation on, Sunday at 12:00 AM. On,
 * because §9 gives the automation a default day and hour (a schedule that runs), the table's
 * column defaults to true, and the notification settings' weekly card shows the status of a
 * working default; a client turns it off on the screen, and changing the day turns it on (§4).
 */
export const automationDefaults = {
  automaticGeneration: true,
  automationDay: defaultAutomationDay,
} as const;

/** The zone that decides the client's automation night: their profile's (ruling 9). */
export function automationZone(profileZone: string | null | undefined): string {
  return isTimeZone(profileZone) ? profileZone : defaultAutomationTimeZone;
}

/** The answer of GET and PUT automated-weekly-summary-settings (Part 2 §3 Weekly automation settings). */
export function presentSettings(
  row: Pick<AutomationRow, 'automaticGeneration' | 'automationDay'> | null,
  profileZone: string | null | undefined,
  recipients: { doctorName: string; doctorEmail: string }[],
): WeeklyAutomationSettings {
  const day = row?.automationDay;
  return {
    automaticGeneration: row?.automaticGeneration ?? automationDefaults.automaticGeneration,
    automationDay: isAutomationDay(day) ? day : automationDefaults.automationDay,
    timezone: automationZone(profileZone),
    sharingSettings: { recipients },
  };
}

import { z } from 'zod';

/** Part 2 §3 "Weekly automation settings", §5 "Automation day", §9 defaults. */
export const weekdayNames = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

export interface WeeklyAutomationSettings {
  automaticGeneration: boolean;
  /** 0 Sunday … 6 Saturday. */
  automationDay: number;
  timezone: string;
  sharingSettings: { recipients: { doctorName: string; doctorEmail: string }[] };
}

export const defaultAutomationDay = 0;
export const defaultAutomationTimeZone = 'America/Denver';
/** At least this many journal entries in the period for a meaningful summary (§4). */
export const minimumWeeklyEntries = 2;

/** Whether a value is an automation day; anything else is ignored (§5). */
export function isAutomationDay(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 6;
}

/**
 * The PUT body: one or both of automaticGeneration and automationDay. An automation day outside
 * 0–6 is ignored, as §5 says, rather than refused. Changing the day turns generation on (§4): the
 * server applies that rule too, so a client that sends only the day gets it.
 */
export const weeklyAutomationInput = z
  .object({
    automaticGeneration: z.boolean().optional(),
    automationDay: z.unknown().optional(),
  })
  .transform((body) => ({
    automaticGeneration: body.automaticGeneration,
    automationDay: isAutomationDay(body.automationDay) ? body.automationDay : undefined,
  }));
export type WeeklyAutomationInput = z.output<typeof weeklyAutomationInput>;

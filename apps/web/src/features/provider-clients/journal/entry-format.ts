import type { JournalType } from '@mindledger/domain';
import { isDay } from '../../journal';

/** Labels of the four journal types (Part 1 §1). */
export const journalTypeNames: Record<JournalType, string> = {
  prompt: 'Prompt',
  chat: 'Chat',
  voice: 'Voice',
  photo: 'Photo',
};

/** 'Monday, November 16, 2026' for a local day (YYYY-MM-DD); Part 1 §9 'N/A' and 'Invalid date'. */
export function fullDay(day: string | null | undefined): string {
  if (!day) return 'N/A';
  if (!isDay(day)) return 'Invalid date';
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}

/** The clock time of an instant where the client wrote it ('6:05 PM'); '' when unknown. */
export function localTime(instant: string, timeZone?: string | null): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return '';
  try {
    return new Intl.DateTimeFormat('en-US', { timeStyle: 'short', timeZone: timeZone || undefined }).format(
      date,
    );
  } catch {
    return new Intl.DateTimeFormat('en-US', { timeStyle: 'short' }).format(date);
  }
}

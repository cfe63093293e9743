import { addDays, daysBetween, formatShortDay, parseDateInput } from '@mindledger/domain';
import { badRequest } from '../../platform/errors.js';
import { weeklyTexts } from './messages.js';

/** A report's period: local days of the client's zone, both included. */
export interface Period {
  startDate: string;
  endDate: string;
}

/** The longest period a report covers. */
export const maxPeriodDays = 7;

/**
 * The period a client asked for (POST generate-weekly-report): real days, end not before start, at
 * most 7 days, and no day after the client's today (ruling 9: their profile's zone). An ISO instant
 * counts by its written day ('2026-03-02T00:00:00-07:00' is 2 March).
 */
export function checkedPeriod(startDate: unknown, endDate: unknown, today: string): Period {
  const start = parseDateInput(startDate)?.day;
  const end = parseDateInput(endDate)?.day;
  if (!start || !end) throw badRequest(weeklyTexts.invalidDates);
  if (end < start) throw badRequest(weeklyTexts.endBeforeStart);
  if (daysBetween(start, end) + 1 > maxPeriodDays) throw badRequest(weeklyTexts.tooLong);
  if (end > today) throw badRequest(weeklyTexts.future);
  return { startDate: start, endDate: end };
}

/** The seven days ending yesterday (AI `get-sevenday-summary`, `generate-sevenday-summary`). */
export function sevenDaysEndingYesterday(today: string): Period {
  return { startDate: addDays(today, -7), endDate: addDays(today, -1) };
}

/** 'Mar 2, 2026 - Mar 8, 2026': the job's `weekRange`. */
export function weekRangeText(period: Period): string {
  return `${formatShortDay(period.startDate)} - ${formatShortDay(period.endDate)}`;
}

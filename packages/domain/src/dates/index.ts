export {
  addDays,
  computeStreak,
  dateRangeNames,
  dateRanges,
  daysBetween,
  isDateRange,
  isDay,
  isTimeZone,
  localDay,
  localMinutes,
  localTimestamp,
  mondayOf,
  rangeDays,
  rangeStart,
  weekOf,
  type DateRange,
} from './days.js';
export { emptyDateText, formatShortDay, invalidDateText, relativeDay, weekProgressText } from './relative.js';
export { dayBounds, isDayInBounds, isInstantInBounds, parseDateInput, yearBounds } from './input.js';
export { isLocalTime, isoWeekday, nextSlot, zonedInstant, type LocalSchedule } from './zoned.js';

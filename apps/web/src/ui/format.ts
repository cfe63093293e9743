import dayjs from 'dayjs';

/** Part 1 §9: an empty date shows 'N/A', a bad one 'Invalid date'. */
export function formatDate(value: string | number | Date | null | undefined, format = 'MMM D, YYYY'): string {
  if (value === null || value === undefined || value === '') return 'N/A';
  const date = dayjs(value);
  return date.isValid() ? date.format(format) : 'Invalid date';
}

export { fullName, initialsOf } from './names';

import { parseDateInput } from '../dates/input.js';
import { lengths, messages } from '../platform/messages.js';

/**
 * Field checks of Part 1 §5 that answer one message or null, for forms that check field by field
 * (the zod schemas use the same messages). Optional empty fields pass.
 */
export type FieldBounds = readonly [number, number];
export type LengthField = keyof typeof lengths;

export interface FieldOptions {
  /** Names the field in '{Field} is required'; without it a missing text says 'Text is required'. */
  label?: string;
  required?: boolean;
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

function missing(options: FieldOptions): string | null {
  if (!options.required) return null;
  return options.label ? messages.fieldRequired(options.label) : messages.textRequired;
}

/** Length in characters (UTF-16 units, as `string.length` and the schemas count) within bounds. */
export function validateText(
  value: unknown,
  [min, max]: FieldBounds,
  options: FieldOptions = {},
): string | null {
  if (isEmpty(value)) return missing(options);
  if (typeof value !== 'string') return messages.invalidFormat;
  const text = value.trim();
  if (text.length < min) return messages.minChars(min);
  if (text.length > max) return messages.maxChars(max);
  return null;
}

/** A field of the §5 length table by name: mood, journalNotes, chatMessage, emoji, goalTitle, … */
export function validateLength(
  field: LengthField,
  value: unknown,
  options: FieldOptions = {},
): string | null {
  return validateText(value, lengths[field], options);
}

export function validatePattern(value: unknown, pattern: RegExp, options: FieldOptions = {}): string | null {
  if (isEmpty(value)) return missing(options);
  return typeof value === 'string' && pattern.test(value.trim()) ? null : messages.invalidFormat;
}

export function validateOneOf(
  value: unknown,
  allowed: readonly string[],
  options: FieldOptions = {},
): string | null {
  if (isEmpty(value)) return missing(options);
  return typeof value === 'string' && allowed.includes(value) ? null : messages.oneOf(allowed);
}

export interface NumberOptions extends FieldOptions {
  min?: number;
  max?: number;
  integer?: boolean;
}

/** A number (or a numeric string) within bounds: 'Must be a valid number', 'Must be at least N', … */
export function validateNumber(value: unknown, options: NumberOptions = {}): string | null {
  if (isEmpty(value)) return missing(options);
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : NaN;
  if (!Number.isFinite(n)) return messages.validNumber;
  if (options.integer && !Number.isInteger(n)) return messages.validNumber;
  if (options.min !== undefined && n < options.min) return messages.minValue(options.min);
  if (options.max !== undefined && n > options.max) return messages.maxValue(options.max);
  return null;
}

/**
 * A date: a Date, or a string of 10–30 characters, as a real calendar day within the bounds of
 * dates/input.ts ('Must be a valid date').
 */
export function validateDate(value: unknown, options: FieldOptions = {}): string | null {
  if (isEmpty(value)) return missing(options);
  if (value instanceof Date) {
    return !Number.isNaN(value.getTime()) && parseDateInput(value.toISOString()) ? null : messages.validDate;
  }
  if (typeof value !== 'string') return messages.validDate;
  const text = value.trim();
  const [min, max] = lengths.dateString;
  if (text.length < min || text.length > max) return messages.validDate;
  return parseDateInput(text) ? null : messages.validDate;
}

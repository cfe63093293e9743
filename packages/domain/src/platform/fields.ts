import { z } from 'zod';
import { parseDateInput } from '../dates/input.js';
import { invalidContentText, sanitizeName, sanitizeText } from '../sanitize/text.js';
import { lengths, messages } from './messages.js';

/**
 * A required, trimmed string with the spec's messages: '{Field} is required' when missing or
 * blank, then the length bounds.
 */
export function requiredText(label: string, [min, max]: readonly [number, number]) {
  // A blank value is only "required" (abort): the length checks would repeat it in other words.
  return z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? messages.fieldRequired(label)
          : messages.invalidFormat,
    })
    .trim()
    .min(1, { error: messages.fieldRequired(label), abort: true })
    .min(min, messages.minChars(min))
    .max(max, messages.maxChars(max));
}

/** An optional string: absent or empty passes (Part 1 §5 'Optional empty fields pass'). */
export function optionalText([, max]: readonly [number, number]) {
  return z
    .string({ error: messages.invalidFormat })
    .trim()
    .max(max, messages.maxChars(max))
    .optional()
    .transform((v) => (v === '' ? undefined : v));
}

/** Plain text through the general sanitiser (Part 2 §5): markup, script schemes and handlers go. */
function cleanPlain(value: string, max: number): string {
  const clean = sanitizeText(value, { maxLength: max });
  return clean === invalidContentText ? '' : clean;
}

/** Text whose line breaks matter (notes, plans, summary markup): sanitised, lines kept. */
function cleanMultiline(value: string, max: number): string {
  const clean = sanitizeText(value, { maxLength: max, normalizeWhitespace: false });
  return clean === invalidContentText ? '' : clean.replace(/[ \t]+(?=\r?\n)/g, '').trim();
}

/** A required long text stored with its line breaks (else as `plainText`). */
export function multilineText(label: string, bounds: readonly [number, number]) {
  return requiredText(label, bounds)
    .transform((v) => cleanMultiline(v, bounds[1]))
    .refine((v) => v !== '', messages.fieldRequired(label));
}

/** An optional long text stored with its line breaks (nothing left after sanitising: absent). */
export function optionalMultilineText(bounds: readonly [number, number]) {
  return optionalText(bounds).transform((v) =>
    v === undefined ? undefined : cleanMultiline(v, bounds[1]) || undefined,
  );
}

/** A person's name: markup removed first, then the name sanitiser (Part 1 §5, Part 2 §5). */
export function cleanName(value: string): string {
  return sanitizeName(cleanPlain(value, lengths.name[1]));
}

/**
 * A required free text stored as plain text: the spec's messages, then sanitised; a text that was
 * nothing but markup is "{Field} is required".
 */
export function plainText(label: string, bounds: readonly [number, number]) {
  return requiredText(label, bounds)
    .transform((v) => cleanPlain(v, bounds[1]))
    .refine((v) => v !== '', messages.fieldRequired(label));
}

/** An optional free text stored as plain text (nothing left after sanitising: absent). */
export function optionalPlainText(bounds: readonly [number, number]) {
  return optionalText(bounds).transform((v) =>
    v === undefined ? undefined : cleanPlain(v, bounds[1]) || undefined,
  );
}

/** A required name (first or last name) through the name sanitiser. */
export function nameText(label: string) {
  return requiredText(label, lengths.name)
    .transform(cleanName)
    .refine((v) => v !== '', messages.fieldRequired(label));
}

/** An optional name through the name sanitiser. */
export function optionalName() {
  return optionalText(lengths.name).transform((v) =>
    v === undefined ? undefined : cleanName(v) || undefined,
  );
}

const emailPattern = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[A-Za-z]{2,}$/;

export function emailField(label = 'Email') {
  return requiredText(label, lengths.email)
    .toLowerCase()
    .refine((v) => emailPattern.test(v), messages.invalidFormat);
}

export function isValidEmail(value: string): boolean {
  return emailPattern.test(value) && value.length >= 5 && value.length <= 255;
}

/** Phone check of Part 1 §5: at least 10 digits. */
export function isValidPhone(value: string): boolean {
  return (value.match(/\d/g) ?? []).length >= 10;
}

export const objectId = z.string().uuid(messages.invalidFormat);

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a value is a UUID (the form of every id); anything else names nothing. */
export const isUuid = (value: unknown): value is string =>
  typeof value === 'string' && uuidPattern.test(value);

/**
 * A day a client names in a path or query (a week, the end of a range): 'YYYY-MM-DD', or an ISO
 * instant whose written day counts, as a real calendar day within the bounds (dates/input.ts).
 * The output is the day.
 */
export const dayInput = z
  .string({ error: messages.validDate })
  .max(lengths.dateString[1], messages.validDate)
  .regex(/^\d{4}-\d{2}-\d{2}/, messages.validDate)
  .transform((value, ctx) => {
    const day = parseDateInput(value)?.day;
    if (day) return day;
    ctx.addIssue({ code: 'custom', message: messages.validDate });
    return z.NEVER;
  });

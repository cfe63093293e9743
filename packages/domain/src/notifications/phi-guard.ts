import { invalidContentText, sanitizeText } from '../sanitize/text.js';

/**
 * The custom reminder message (Part 2 §5): at most 100 characters, the characters < > " ' & stripped,
 * blank means the default, and a message that may carry personal health information is replaced by
 * a safe one. One function for the settings screen and the server (the server never stores an
 * unguarded message).
 */
export const customMessageMax = 100;
export const phiSafeMessage = 'Take a moment to reflect on your day';
export const defaultReminderTitle = 'Ready to reflect?';
export const defaultReminderBody = 'Start wherever feels right...';

const phiPatterns: readonly RegExp[] = [
  // A social-security-like number: 3-2-4 digits with dashes, dots or spaces, or nine digits in a row.
  /\b\d{3}[-.\s]\d{2}[-.\s]\d{4}\b/,
  /(?<!\d)\d{9}(?!\d)/,
  // A number of 10 or more digits (phone, record or account numbers).
  /\d{10,}/,
  /\b(?:medications?|meds|pills?|prescriptions?|rx)\s+[\p{L}\p{N}]/iu,
  /\b(?:diagnos(?:is|es|ed)|conditions?|diseases?|disorders?)\s+[\p{L}\p{N}]/iu,
  /\b(?:doctor|physician)\s+[\p{L}\p{N}]/iu,
  /\bdr\.\s*[\p{L}\p{N}]/iu,
  /\b(?:hospital|clinic|medical\s+center)\s+[\p{L}\p{N}]/iu,
];

/** Whether a message may contain personal health information (each pattern of Part 2 §5). */
export function mayContainPhi(message: string): boolean {
  return phiPatterns.some((pattern) => pattern.test(message));
}

/** What the message field keeps as the user types: the five characters go, 100 at most. */
export function stripReminderChars(message: string): string {
  return message.replace(/[<>"'&]/g, '').slice(0, customMessageMax);
}

/**
 * The general sanitiser first (markup, script schemes and handlers go), then < > " ' & stripped,
 * spaces folded, cut to 100 characters.
 */
export function stripReminderMessage(message: string): string {
  const clean = sanitizeText(message);
  const text = clean === invalidContentText ? '' : clean;
  return text
    .replace(/[<>"'&]/g, '')
    .replace(/\s+/g, ' ')
    .slice(0, customMessageMax);
}

export interface GuardedMessage {
  /** What is stored: '' (blank, the default body is used), the message, or the safe replacement. */
  message: string;
  /** True when the PHI guard replaced it (the screen shows the warning toast). */
  replaced: boolean;
}

export function guardReminderMessage(input: string): GuardedMessage {
  const stripped = stripReminderMessage(input).trim();
  if (stripped === '') return { message: '', replaced: false };
  if (mayContainPhi(stripped)) return { message: phiSafeMessage, replaced: true };
  return { message: stripped, replaced: false };
}

/** The body a reminder shows: the guarded custom message, or the default. */
export function reminderBody(customMessage: string, fallback = defaultReminderBody): string {
  const guarded = guardReminderMessage(customMessage);
  return guarded.message || fallback;
}

import type { z } from 'zod';
import { addDays, localDay } from '../dates/days.js';
import { messages } from '../platform/messages.js';
import { sanitizeEmotionData } from './emotion.js';
import { validateJournalSave, journalMessages } from './save.js';
import { createMoodSchema, type JournalEntryInput } from './schemas.js';

export type PreparedJournalEntry = JournalEntryInput;
export type PrepareResult = { ok: true; entry: PreparedJournalEntry } | { ok: false; errors: string[] };

const fieldLabels: Readonly<Record<string, string>> = {
  mood: 'Mood',
  emoji: 'Emoji',
  notes: 'Notes',
  journalType: 'Journal type',
  journalMode: 'Journal mode',
  chatMessages: 'Messages',
  isAIGenerated: 'AI generated',
  goal: 'Goals',
  customDate: 'Date',
  userLocalTimestamp: 'Local time',
  userTimezone: 'Time zone',
  isPrivate: 'Private',
  photoData: 'Photos',
  aiMetadata: 'AI metadata',
};

/** The §5 generic messages name no field, so they are prefixed like 'Message N:' and 'Emoji:'. */
function isGeneric(message: string): boolean {
  return (
    message.startsWith('Must ') ||
    message === messages.invalidFormat ||
    message === messages.textRequired ||
    message.endsWith(' is required')
  );
}

function labelOf(path: readonly PropertyKey[]): string {
  const [field, index] = path;
  if (field === 'chatMessages' && typeof index === 'number') return `Message ${index + 1}`;
  return fieldLabels[String(field)] ?? String(field);
}

/** 'Message 2: Please enter a message', 'Emoji: Must not exceed 10 characters', 'Please select a mood'. */
export function formatIssue(issue: z.core.$ZodIssue): string {
  const [field, index] = issue.path;
  if (field === 'chatMessages' && typeof index === 'number')
    return `${labelOf(issue.path)}: ${issue.message}`;
  return isGeneric(issue.message) && issue.path.length > 0
    ? `${labelOf(issue.path)}: ${issue.message}`
    : issue.message;
}

/**
 * Everything the server does to a create-mood body before storing it, pure (it is authoritative;
 * the web runs validateJournalSave for early feedback). Emotion selections are sanitised first
 * (Part 1 §5: an out-of-range intensity is stored as 5, not refused), then the save rules run on
 * the raw texts (so a script in the notes is refused, not silently cleaned), then the body schema
 * sanitises every text. A customDate after the author's today answers 'This date is yet to come.'
 * (when no time zone is given, only days after tomorrow in UTC are refused: UTC+14 exists).
 */
export function prepareJournalEntry(body: unknown, options: { now: Date }): PrepareResult {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, errors: [messages.invalidFormat] };
  }
  const raw = body as Record<string, unknown>;
  const emotionData = sanitizeEmotionData(raw.emotionData);
  const errors = validateJournalSave({ ...raw, emotionData }).errors;
  const parsed = createMoodSchema.safeParse(raw);
  if (!parsed.success) errors.push(...parsed.error.issues.map(formatIssue));
  if (parsed.success && parsed.data.customDate) {
    const zone = parsed.data.userTimezone;
    const latest = zone ? localDay(options.now, zone) : addDays(localDay(options.now, 'UTC'), 1);
    if (parsed.data.customDate > latest) errors.push(journalMessages.futureDate);
  }
  const unique = [...new Set(errors)];
  if (unique.length > 0 || !parsed.success) return { ok: false, errors: unique };
  return { ok: true, entry: parsed.data };
}

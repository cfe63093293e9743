import { markupOrControl } from '../sanitize/characters.js';
import { lengths, messages } from '../platform/messages.js';
import { emotionLimits } from './emotion.js';
import { hasInvalidNotesContent } from './notes.js';
import { journalTypes, type JournalType } from './types.js';

/** The save messages of Part 1 §5, verbatim (ruling 1). */
export const journalMessages = {
  selectMood: 'Please select a mood',
  haveConversation: 'Please have a conversation before saving',
  enterMessage: 'Please enter a message',
  writeNotes: 'Please write some notes before saving',
  invalidNotes: 'Notes contain invalid content',
  intensityRange: 'Intensity must be between 1 and 10',
  invalidJournalType: 'Invalid journal type',
  futureDate: 'This date is yet to come.',
} as const;

/** A chat keeps at most this many messages (a long conversation, far beyond the 3 voice AI turns). */
export const chatMessagesMax = 100;
export const defaultJournalType: JournalType = 'chat';

/** What the save rules read of a draft or a create body (the web's draft and the server's body). */
export interface JournalSaveDraft {
  mood?: unknown;
  emoji?: unknown;
  notes?: unknown;
  journalType?: unknown;
  journalMode?: unknown;
  chatMessages?: unknown;
  emotionData?: unknown;
}

export interface JournalSaveResult {
  valid: boolean;
  errors: string[];
}

const prefixed = (prefix: string, message: string) => `${prefix}: ${message}`;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isJournalType(value: unknown): value is JournalType {
  return typeof value === 'string' && (journalTypes as readonly string[]).includes(value);
}

/** Text a reader would see: markup and whitespace do not count as writing. */
function visibleText(value: unknown): string {
  return typeof value === 'string'
    ? value
        .replace(/<[^>]*>/g, '')
        .replace(/&nbsp;/gi, ' ')
        .trim()
    : '';
}

/**
 * The entry's type: journalType when given (it must be prompt, chat, voice or photo), else the
 * draft's journalMode when that is a type, else 'chat' (the stored default, Part 1 §3).
 */
export function effectiveJournalType(draft: JournalSaveDraft): JournalType | null {
  const { journalType, journalMode } = draft;
  if (journalType !== undefined && journalType !== null && journalType !== '') {
    return isJournalType(journalType) ? journalType : null;
  }
  return isJournalType(journalMode) ? journalMode : defaultJournalType;
}

/** Chat, and voice when it carries a conversation but no notes, are judged by their messages. */
function isConversation(type: JournalType, draft: JournalSaveDraft): boolean {
  if (type === 'chat') return true;
  const hasMessages = Array.isArray(draft.chatMessages) && draft.chatMessages.length > 0;
  return type === 'voice' && hasMessages && visibleText(draft.notes) === '';
}

export function chatMessageErrors(chatMessages: unknown): string[] {
  if (!Array.isArray(chatMessages)) return [];
  const errors: string[] = [];
  if (chatMessages.length > chatMessagesMax) {
    errors.push(prefixed('Messages', messages.maxValue(chatMessagesMax)));
  }
  chatMessages.slice(0, chatMessagesMax).forEach((message: unknown, i) => {
    const text = isRecord(message) ? message.text : undefined;
    const label = `Message ${i + 1}`;
    if (typeof text !== 'string' || text.trim() === '') {
      errors.push(prefixed(label, journalMessages.enterMessage));
    } else if (text.trim().length > lengths.chatMessage[1]) {
      errors.push(prefixed(label, messages.maxChars(lengths.chatMessage[1])));
    }
  });
  return errors;
}

function emojiError(emoji: unknown): string | null {
  if (emoji === undefined || emoji === null || emoji === '') return null;
  if (typeof emoji !== 'string' || markupOrControl.test(emoji)) {
    return prefixed('Emoji', messages.invalidFormat);
  }
  // Emoji are counted in code points: a ZWJ family emoji is one picture but 11 UTF-16 units.
  const max = lengths.emoji[1];
  return Array.from(emoji.trim()).length > max ? prefixed('Emoji', messages.maxChars(max)) : null;
}

const emotionNameFields = [
  ['primaryEmotion', 'Primary emotion'],
  ['secondaryEmotion', 'Secondary emotion'],
  ['specificFeeling', 'Specific feeling'],
] as const;

/**
 * The emotion part of the save rules: intensity a whole number from 1 to 10, names 1–100
 * characters, emoji errors prefixed 'Emoji:'. The path never fails: only strings are kept, at most
 * 10 (see emotionPathForSave); storage then keeps 5 (sanitizeEmotionData).
 */
export function emotionSelectionErrors(emotionData: unknown): string[] {
  if (!isRecord(emotionData)) return [];
  const errors: string[] = [];
  const { intensity } = emotionData;
  if (
    intensity !== undefined &&
    (typeof intensity !== 'number' ||
      !Number.isInteger(intensity) ||
      intensity < emotionLimits.intensityMin ||
      intensity > emotionLimits.intensityMax)
  ) {
    errors.push(journalMessages.intensityRange);
  }
  for (const [key, label] of emotionNameFields) {
    const value = emotionData[key];
    if (typeof value === 'string' && value.trim().length > lengths.emotionField[1]) {
      errors.push(prefixed(label, messages.maxChars(lengths.emotionField[1])));
    }
  }
  const emoji = emojiError(emotionData.emoji);
  if (emoji) errors.push(emoji);
  return errors;
}

/** The path the save rules accept: strings only, at most 10. */
export function emotionPathForSave(path: unknown): string[] {
  if (!Array.isArray(path)) return [];
  return path
    .filter((p): p is string => typeof p === 'string')
    .slice(0, emotionLimits.validationPathElements);
}

/**
 * The journal save rules of Part 1 §5, in the order a person fixes them: mood, journal type,
 * conversation (chat, and voice without notes) or notes (prompt, voice, photo), notes content and
 * length, emoji, emotion selection. Every broken rule is listed with its exact message.
 */
export function validateJournalSave(draft: JournalSaveDraft): JournalSaveResult {
  const errors: string[] = [];
  const mood = visibleText(draft.mood);
  if (mood === '') errors.push(journalMessages.selectMood);
  else if (mood.length > lengths.mood[1]) errors.push(prefixed('Mood', messages.maxChars(lengths.mood[1])));

  const type = effectiveJournalType(draft);
  if (type === null) errors.push(journalMessages.invalidJournalType);

  if (type !== null && isConversation(type, draft)) {
    const count = Array.isArray(draft.chatMessages) ? draft.chatMessages.length : 0;
    if (count <= 1) errors.push(journalMessages.haveConversation);
  } else if (type !== null && visibleText(draft.notes) === '') {
    errors.push(journalMessages.writeNotes);
  }
  errors.push(...chatMessageErrors(draft.chatMessages));

  if (draft.notes !== undefined && draft.notes !== null && typeof draft.notes !== 'string') {
    errors.push(prefixed('Notes', messages.invalidFormat));
  } else if (hasInvalidNotesContent(draft.notes)) {
    errors.push(journalMessages.invalidNotes);
  } else if (typeof draft.notes === 'string' && draft.notes.trim().length > lengths.journalNotes[1]) {
    errors.push(prefixed('Notes', messages.maxChars(lengths.journalNotes[1])));
  }

  const emoji = emojiError(draft.emoji);
  if (emoji) errors.push(emoji);
  errors.push(...emotionSelectionErrors(draft.emotionData));
  const unique = [...new Set(errors)];
  return { valid: unique.length === 0, errors: unique };
}

import { markupOrControl } from '../sanitize/characters.js';
import { z } from 'zod';
import { isTimeZone, localDay } from '../dates/days.js';
import { parseDateInput } from '../dates/input.js';
import { goalLimits } from '../goals/schemas.js';
import { isUuid } from '../platform/fields.js';
import { lengths, messages } from '../platform/messages.js';
import { invalidContentText, sanitizeText } from '../sanitize/text.js';
import { cleanEmoji, sanitizeEmotionData } from './emotion.js';
import { validateDate } from './fields.js';
import { notesMaxLength, sanitizeNotes } from './notes.js';
import { chatMessagesMax, defaultJournalType, journalMessages } from './save.js';
import { journalTypes, type ChatMessage, type EmotionData, type JournalType } from './types.js';

/** Limits of an entry body beyond the §5 table (docs/decisions.md). */
export const entryLimits = {
  photos: 2,
  extractedText: notesMaxLength,
  aiMetadataJson: 4000,
  fileId: 100,
} as const;

const fileIdPattern = /^[A-Za-z0-9][A-Za-z0-9_-]*(?:\.[A-Za-z0-9]+)?$/;
const chatRoles = { user: 'user', human: 'user', assistant: 'assistant', ai: 'assistant' } as const;
type ChatRoleInput = keyof typeof chatRoles;

const moodText = z
  .string({ error: journalMessages.selectMood })
  .trim()
  .min(1, journalMessages.selectMood)
  .max(lengths.mood[1], messages.maxChars(lengths.mood[1]));
const emoji = z
  .string({ error: messages.invalidFormat })
  .trim()
  .refine((v) => !markupOrControl.test(v), messages.invalidFormat)
  .refine((v) => Array.from(v).length <= lengths.emoji[1], messages.maxChars(lengths.emoji[1]))
  .nullish();
const notes = z
  .string({ error: messages.invalidFormat })
  .refine((v) => v.trim().length <= notesMaxLength, messages.maxChars(notesMaxLength))
  .nullish();
const journalType = z
  .string({ error: journalMessages.invalidJournalType })
  .refine((v) => (journalTypes as readonly string[]).includes(v), journalMessages.invalidJournalType)
  .transform((v) => v as JournalType)
  .optional();
const journalMode = z.enum(journalTypes, { error: messages.oneOf(journalTypes) }).nullish();
const chatMessage = z.object(
  {
    role: z
      .enum(Object.keys(chatRoles) as [ChatRoleInput, ...ChatRoleInput[]], {
        error: messages.oneOf(['user', 'assistant']),
      })
      .optional(),
    text: z
      .string({ error: journalMessages.enterMessage })
      .trim()
      .min(1, journalMessages.enterMessage)
      .max(lengths.chatMessage[1], messages.maxChars(lengths.chatMessage[1])),
    createdAt: z.string().max(40).optional(),
  },
  { error: messages.invalidFormat },
);
const chatMessages = z
  .array(chatMessage, { error: messages.invalidFormat })
  .max(chatMessagesMax, messages.maxValue(chatMessagesMax))
  .nullish();
const goal = z
  .object(
    {
      selectedGoals: z
        .array(z.unknown(), { error: messages.invalidFormat })
        .max(goalLimits.total, messages.maxValue(goalLimits.total))
        .optional(),
    },
    { error: messages.invalidFormat },
  )
  .nullish();
const dateText = z
  .string({ error: messages.validDate })
  .refine((v) => validateDate(v) === null, messages.validDate)
  .nullish();
const timeZone = z
  .string({ error: messages.invalidFormat })
  .refine((v) => isTimeZone(v), messages.invalidFormat)
  .nullish();
const photoData = z
  .object(
    {
      images: z
        .array(
          z.object(
            {
              fileId: z
                .string({ error: messages.fieldRequired('File id') })
                .max(entryLimits.fileId, messages.maxChars(entryLimits.fileId))
                .regex(fileIdPattern, messages.invalidFormat),
              url: z.string().max(2000, messages.maxChars(2000)).optional(),
            },
            { error: messages.invalidFormat },
          ),
          { error: messages.invalidFormat },
        )
        .max(entryLimits.photos, messages.maxValue(entryLimits.photos))
        .optional(),
      extractedText: z.string({ error: messages.invalidFormat }).nullish(),
    },
    { error: messages.invalidFormat },
  )
  .nullish();
const aiMetadata = z
  .record(z.string(), z.unknown(), { error: messages.invalidFormat })
  .refine(
    (v) => JSON.stringify(v).length <= entryLimits.aiMetadataJson,
    messages.maxChars(entryLimits.aiMetadataJson),
  )
  .nullish();
const flag = z.boolean({ error: messages.invalidFormat }).nullish();

const entryFields = {
  emoji,
  notes,
  journalType,
  journalMode,
  chatMessages,
  isAIGenerated: flag,
  emotionData: z.unknown().optional(),
  originalEmotionData: z.unknown().optional(),
  goal,
  customDate: dateText,
  userLocalTimestamp: dateText,
  userTimezone: timeZone,
  isPrivate: flag,
  photoData,
  aiMetadata,
};

/** A stored photo reference; the server signs a fresh url on every answer, so none is kept. */
export interface EntryPhotoData {
  images: { fileId: string }[];
  extractedText?: string;
}

/** A create body after the schema: sanitised, goal references reduced to ids. */
export interface JournalEntryInput {
  mood: string;
  emoji?: string;
  notes: string;
  journalType: JournalType;
  journalMode?: JournalType;
  chatMessages: ChatMessage[];
  isAIGenerated: boolean;
  emotionData: EmotionData | null;
  originalEmotionData: EmotionData | null;
  goalIds: string[];
  /** The local day the entry is written for ('YYYY-MM-DD'). */
  customDate?: string;
  userLocalTimestamp?: string;
  userTimezone?: string;
  isPrivate: boolean;
  photoData?: EntryPhotoData;
  aiMetadata?: Record<string, unknown>;
}

/** The id of one selectedGoals element: an id, { _id }, { id } or { goalData: { _id } }. */
function goalIdOf(ref: unknown): unknown {
  if (typeof ref === 'string') return ref.trim();
  if (typeof ref !== 'object' || ref === null) return undefined;
  const r = ref as { _id?: unknown; id?: unknown; goalData?: { _id?: unknown; id?: unknown } | null };
  return r.goalData?._id ?? r.goalData?.id ?? r._id ?? r.id;
}

function goalIds(refs: readonly unknown[] | undefined, ctx: z.RefinementCtx): string[] {
  const ids: string[] = [];
  (refs ?? []).forEach((ref, i) => {
    const id = goalIdOf(ref);
    if (!isUuid(id)) {
      ctx.addIssue({ code: 'custom', path: ['goal', 'selectedGoals', i], message: messages.invalidFormat });
      return;
    }
    if (!ids.includes(id.toLowerCase())) ids.push(id.toLowerCase());
  });
  return ids;
}

/** A customDate as a local day: a day is kept; an instant is placed in the author's zone. */
function customDay(value: string, zone: string | null | undefined): string {
  const text = value.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return text;
  return localDay(text, zone && isTimeZone(zone) ? zone : 'UTC');
}

/** Notes with nothing a reader would see ('<p> </p>') are stored empty, not as the placeholder. */
function notesOf(notes: string | null): string {
  if (!notes || notes.replace(/<[^>]*>/g, '').trim() === '') return '';
  return sanitizeNotes(notes);
}

function chatOf(list: z.output<typeof chatMessages>): ChatMessage[] {
  return (list ?? []).map((m) => {
    const message: ChatMessage = {
      role: chatRoles[m.role ?? 'user'],
      text: sanitizeText(m.text, { maxLength: lengths.chatMessage[1] }),
    };
    if (m.createdAt && parseDateInput(m.createdAt)) message.createdAt = m.createdAt;
    return message;
  });
}

function photoOf(value: z.output<typeof photoData>): EntryPhotoData | undefined {
  if (!value) return undefined;
  const out: EntryPhotoData = { images: (value.images ?? []).map((i) => ({ fileId: i.fileId })) };
  const text = sanitizeNotes(value.extractedText ?? '', entryLimits.extractedText);
  if (text) out.extractedText = text;
  return out;
}

type EntryFields = z.output<z.ZodObject<typeof entryFields>>;

/** Sanitises every text of a parsed body (Part 1 §5) into the fields of a stored entry. */
function sanitizedFields(v: EntryFields, ctx: z.RefinementCtx) {
  return {
    emoji: v.emoji ? cleanEmoji(v.emoji) : undefined,
    notes: v.notes === undefined ? undefined : notesOf(v.notes),
    journalType: v.journalType,
    journalMode: v.journalMode ?? undefined,
    chatMessages: v.chatMessages === undefined ? undefined : chatOf(v.chatMessages),
    isAIGenerated: v.isAIGenerated ?? undefined,
    emotionData: v.emotionData === undefined ? undefined : sanitizeEmotionData(v.emotionData),
    originalEmotionData:
      v.originalEmotionData === undefined ? undefined : sanitizeEmotionData(v.originalEmotionData),
    goalIds: v.goal === undefined ? undefined : goalIds(v.goal?.selectedGoals, ctx),
    customDate: v.customDate ? customDay(v.customDate, v.userTimezone) : undefined,
    userLocalTimestamp: v.userLocalTimestamp?.trim() || undefined,
    userTimezone: v.userTimezone ?? undefined,
    isPrivate: v.isPrivate ?? undefined,
    photoData: photoOf(v.photoData),
    aiMetadata: v.aiMetadata ?? undefined,
  };
}

/** The mood through the general sanitiser; markup only ('<b></b>') is no mood. */
function sanitizedMood(mood: string, ctx: z.RefinementCtx): string {
  const clean = sanitizeText(mood, { maxLength: lengths.mood[1] });
  if (clean === '' || clean === invalidContentText) {
    ctx.addIssue({ code: 'custom', path: ['mood'], message: journalMessages.selectMood });
  }
  return clean;
}

/**
 * POST create-mood body (docs/API-moods.md). The output is the sanitised entry; the save rules of
 * Part 1 §5 that span fields (a conversation for chat, notes otherwise) are in validateJournalSave,
 * and prepareJournalEntry runs both: call that, not this schema alone.
 */
export const createMoodSchema = z
  .object({ mood: moodText, ...entryFields }, { error: messages.invalidFormat })
  .transform((v, ctx): JournalEntryInput => {
    const s = sanitizedFields(v, ctx);
    const type = v.journalType ?? v.journalMode ?? defaultJournalType;
    return {
      mood: sanitizedMood(v.mood, ctx),
      emoji: s.emoji,
      notes: s.notes ?? '',
      journalType: type,
      journalMode: s.journalMode,
      chatMessages: s.chatMessages ?? [],
      isAIGenerated: s.isAIGenerated ?? false,
      emotionData: s.emotionData ?? null,
      originalEmotionData: s.originalEmotionData ?? null,
      goalIds: s.goalIds ?? [],
      customDate: s.customDate,
      userLocalTimestamp: s.userLocalTimestamp,
      userTimezone: s.userTimezone,
      isPrivate: s.isPrivate ?? false,
      photoData: s.photoData,
      aiMetadata: s.aiMetadata,
    };
  });
export type CreateMoodInput = z.output<typeof createMoodSchema>;

/** PUT update-mood/{moodId}: every field optional; absent fields stay as stored. */
export const updateMoodSchema = z
  .object({ mood: moodText.optional(), ...entryFields }, { error: messages.invalidFormat })
  .transform((v, ctx): Partial<JournalEntryInput> => {
    const s = sanitizedFields(v, ctx);
    const out: Partial<JournalEntryInput> = {};
    if (v.mood !== undefined) out.mood = sanitizedMood(v.mood, ctx);
    for (const [key, value] of Object.entries(s)) {
      if (value !== undefined) Object.assign(out, { [key]: value });
    }
    return out;
  });
export type UpdateMoodInput = z.output<typeof updateMoodSchema>;

import { z } from 'zod';
import { messages } from '../platform/messages.js';
import { invalidContentText, sanitizeText } from '../sanitize/text.js';
import { sanitizeNotes } from './notes.js';

/**
 * PUT update-mood-swp: the draft's extra blocks (Part 1 §3 activities, sleepRoutine, productivity,
 * betterme, therapyProcess). The spec does not show their shape; this is ours (docs/decisions.md).
 * Every block is optional; null clears a stored block.
 */
export const suggestedActivities = [
  'Exercise',
  'Walking',
  'Yoga',
  'Meditation',
  'Reading',
  'Journaling',
  'Music',
  'Art',
  'Cooking',
  'Cleaning',
  'Work',
  'Study',
  'Socializing',
  'Family time',
  'Friends',
  'Date night',
  'Outdoors',
  'Gaming',
  'Screen time',
  'Shopping',
  'Travel',
  'Therapy',
  'Self-care',
  'Rest',
] as const;

export const dayDetailLimits = {
  activities: 20,
  activity: 50,
  sleepHoursMax: 24,
  productivityNote: 500,
  note: 1000,
} as const;

const clock = /^(?:[01]\d|2[0-3]):[0-5]\d$/;
const suggested = new Map(suggestedActivities.map((a) => [a.toLowerCase(), a as string]));

const whole = (label: string, min: number, max: number) =>
  z
    .number({
      error: (issue) => (issue.input === undefined ? messages.fieldRequired(label) : messages.validNumber),
    })
    .int(messages.validNumber)
    .min(min, messages.minValue(min))
    .max(max, messages.maxValue(max));

const note = (max: number, label?: string) => {
  const base = z
    .string({ error: label ? messages.fieldRequired(label) : messages.invalidFormat })
    .trim()
    .max(max, messages.maxChars(max));
  return label ? base.min(1, messages.fieldRequired(label)) : base;
};
const cleanNote = (max: number) => (v: string) => sanitizeNotes(v, max);
const time = z.string({ error: messages.invalidFormat }).regex(clock, messages.invalidFormat).optional();

/** An activity: a suggested one (its own spelling kept) or a custom one of at most 50 characters. */
const activity = z
  .string({ error: messages.invalidFormat })
  .trim()
  .min(1, messages.textRequired)
  .max(dayDetailLimits.activity, messages.maxChars(dayDetailLimits.activity))
  .transform(
    (v) => suggested.get(v.toLowerCase()) ?? sanitizeText(v, { maxLength: dayDetailLimits.activity }),
  )
  .refine((v) => v !== invalidContentText, messages.invalidFormat);

export const sleepRoutineSchema = z.object(
  {
    hours: z
      .number({
        error: (issue) =>
          issue.input === undefined ? messages.fieldRequired('Hours') : messages.validNumber,
      })
      .min(0, messages.minValue(0))
      .max(dayDetailLimits.sleepHoursMax, messages.maxValue(dayDetailLimits.sleepHoursMax))
      .refine((v) => Number.isInteger(v * 2), messages.invalidFormat),
    quality: whole('Quality', 1, 5),
    bedtime: time,
    wakeTime: time,
  },
  { error: messages.invalidFormat },
);
export const productivitySchema = z.object(
  {
    level: whole('Level', 1, 5),
    note: note(dayDetailLimits.productivityNote)
      .transform(cleanNote(dayDetailLimits.productivityNote))
      .optional(),
  },
  { error: messages.invalidFormat },
);
export const bettermeSchema = z.object(
  { note: note(dayDetailLimits.note, 'Note').transform(cleanNote(dayDetailLimits.note)) },
  { error: messages.invalidFormat },
);
export const therapyProcessSchema = z.object(
  {
    note: note(dayDetailLimits.note).transform(cleanNote(dayDetailLimits.note)).optional(),
    sessionAttended: z.boolean({ error: messages.invalidFormat }).optional(),
  },
  { error: messages.invalidFormat },
);

export const updateDayDetailsSchema = z.object({
  moodId: z.string({ error: messages.fieldRequired('Mood id') }).uuid(messages.invalidFormat),
  activities: z
    .array(activity, { error: messages.invalidFormat })
    .max(dayDetailLimits.activities, messages.maxValue(dayDetailLimits.activities))
    // The same activity twice (any case) counts once.
    .transform((list) =>
      list.filter((a, i) => list.findIndex((b) => b.toLowerCase() === a.toLowerCase()) === i),
    )
    .optional(),
  sleepRoutine: sleepRoutineSchema.nullish(),
  productivity: productivitySchema.nullish(),
  betterme: bettermeSchema.nullish(),
  therapyProcess: therapyProcessSchema.nullish(),
});
export type UpdateDayDetailsInput = z.output<typeof updateDayDetailsSchema>;
export type SleepRoutine = z.output<typeof sleepRoutineSchema>;
export type Productivity = z.output<typeof productivitySchema>;
export type Betterme = z.output<typeof bettermeSchema>;
export type TherapyProcess = z.output<typeof therapyProcessSchema>;

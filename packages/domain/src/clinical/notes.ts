import { z } from 'zod';
import { parseDateInput } from '../dates/input.js';
import { multilineText, optionalMultilineText, optionalPlainText, plainText } from '../platform/fields.js';
import { lengths, messages } from '../platform/messages.js';

/**
 * Provider notes (Part 2 §3 Progress note draft, §5 Provider-side drafts Note, §7 Notes, §9 Provider
 * side; docs/API-clinical-notes.md). One note carries both shapes: the Note draft's title, notes,
 * additionalNotes, category and priority, and the progress note's session date, time, duration,
 * service, AI summary, recommendations and follow-up frequency. A note is a draft until it is
 * signed; a signed note is locked and takes addenda.
 */
export const noteCategories = ['session', 'assessment', 'treatment', 'general', 'emergency'] as const;
export type NoteCategory = (typeof noteCategories)[number];
export const clinicalPriorities = ['low', 'normal', 'high', 'urgent'] as const;
export type ClinicalPriority = (typeof clinicalPriorities)[number];
export const noteServices = ['in-person', 'telehealth', 'phone'] as const;
export type NoteService = (typeof noteServices)[number];
export const noteServiceLabels: Record<NoteService, string> = {
  'in-person': 'In-person',
  telehealth: 'Telehealth (video)',
  phone: 'Phone',
};
/** Follow-up frequencies offered by the editor; the spec's default is 'Every 4 Months'. */
export const noteFrequencies = [
  'Weekly',
  'Every 2 Weeks',
  'Monthly',
  'Every 2 Months',
  'Every 3 Months',
  'Every 4 Months',
  'Every 6 Months',
  'As Needed',
] as const;
export type NoteFrequency = (typeof noteFrequencies)[number];
export const meridiems = ['AM', 'PM'] as const;
export type Meridiem = (typeof meridiems)[number];

/** Part 2 §9 'Defaults for notes'. */
export const noteDefaults = {
  title: 'Progress Note',
  duration: 60,
  service: 'in-person',
  frequency: 'Every 4 Months',
  priority: 'normal',
} as const satisfies {
  title: string;
  duration: number;
  service: NoteService;
  frequency: NoteFrequency;
  priority: ClinicalPriority;
};

export const noteBounds = {
  notes: lengths.longText,
  title: lengths.title,
  /** Minutes of a session. */
  duration: [1, 600],
  recommendations: 20,
  recommendation: lengths.mediumText,
  addendum: lengths.longText,
} as const;

/** Part 2 §9: the dashboard polls the session-notes list every 120 s, refetching at most every 30 s. */
export const sessionNotes = {
  pollMs: 120_000,
  refetchThrottleMs: 30_000,
  limit: 50,
  maxLimit: 100,
  signedWindowDays: 30,
} as const;

/** The exact messages of the note calls. */
export const noteMessages = {
  notFound: 'Note not found',
  created: 'Note saved.',
  updated: 'Note updated.',
  signed: 'Note signed.',
  deleted: 'Note deleted.',
  signedLocked: 'This note is signed and cannot be changed. Add an addendum instead.',
  signedNoDelete: 'A signed note cannot be deleted. Add an addendum instead.',
  addendumOnlySigned: 'Addenda are added to signed notes. Edit the draft instead.',
  addendumAdded: 'Addendum added.',
  noteTextRequired: 'Write the session notes before generating a summary.',
} as const;

/** A session time as the editor shows it (Part 2 §3: hour, minute, AM/PM). */
export interface NoteTime {
  hour: number;
  minute: number;
  period: Meridiem;
}

/** Minutes after midnight of a 12-hour time (12 AM is 0, 12 PM is noon). */
export function noteTimeToMinutes(time: NoteTime): number {
  const hour = (time.hour % 12) + (time.period === 'PM' ? 12 : 0);
  return hour * 60 + time.minute;
}

/** The 12-hour time of minutes after midnight. */
export function minutesToNoteTime(minutes: number): NoteTime {
  const m = ((Math.trunc(minutes) % 1440) + 1440) % 1440;
  const h24 = Math.floor(m / 60);
  return { hour: h24 % 12 === 0 ? 12 : h24 % 12, minute: m % 60, period: h24 < 12 ? 'AM' : 'PM' };
}

export function formatNoteTime(time: NoteTime): string {
  return `${time.hour}:${String(time.minute).padStart(2, '0')} ${time.period}`;
}

const int = (min: number, max: number) =>
  z.coerce
    .number({ error: messages.validNumber })
    .int(messages.validNumber)
    .min(min, messages.minValue(min))
    .max(max, messages.maxValue(max));

export const noteTimeSchema = z.object(
  {
    hour: int(1, 12),
    minute: int(0, 59),
    period: z.enum(meridiems, { error: messages.oneOf(meridiems) }),
  },
  { error: messages.invalidFormat },
);

/** A calendar day 'YYYY-MM-DD' (a full ISO date-time is read for its written day). */
export const dayField = z
  .string({ error: messages.validDate })
  .max(40, messages.validDate)
  .transform((v, ctx) => {
    const date = parseDateInput(v);
    if (!date) {
      ctx.addIssue({ code: 'custom', message: messages.validDate });
      return z.NEVER;
    }
    return date.day;
  });

const recommendations = z
  .array(z.unknown(), { error: messages.invalidFormat })
  .max(noteBounds.recommendations, `At most ${noteBounds.recommendations} recommendations`)
  .transform((items, ctx) => {
    const out: string[] = [];
    for (const item of items) {
      const parsed = optionalPlainText(noteBounds.recommendation).safeParse(item);
      if (!parsed.success) {
        ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? messages.invalidFormat });
        return z.NEVER;
      }
      if (parsed.data) out.push(parsed.data);
    }
    return out;
  });

/**
 * An optional text an update may clear: '' or null clears it (answers ''), absent leaves it, any
 * other text is sanitised (nothing left: absent).
 */
export function clearableText(bounds: readonly [number, number]) {
  return z
    .union([z.literal('').transform(() => ''), z.null().transform(() => ''), optionalMultilineText(bounds)])
    .optional();
}

/** The fields of a note as the editor sends them, each with the spec's rules. */
const noteFields = {
  title: plainText('Title', noteBounds.title),
  notes: multilineText('Notes', noteBounds.notes),
  additionalNotes: optionalMultilineText(noteBounds.notes),
  category: z.enum(noteCategories, { error: messages.oneOf(noteCategories) }).optional(),
  priority: z.enum(clinicalPriorities, { error: messages.oneOf(clinicalPriorities) }).optional(),
  date: dayField,
  time: noteTimeSchema,
  duration: int(noteBounds.duration[0], noteBounds.duration[1]),
  service: z.enum(noteServices, { error: messages.oneOf(noteServices) }),
  AIsummary: optionalMultilineText(noteBounds.notes),
  recommendation: recommendations,
  frequency: z.enum(noteFrequencies, { error: messages.oneOf(noteFrequencies) }),
  isSigned: z.boolean({ error: messages.invalidFormat }),
};

/**
 * POST create-notes: the client's id and the note. Title, duration, service and frequency take
 * the spec's defaults; date and time default to the moment of writing (filled by the server in the
 * provider's time zone).
 */
export const createNoteSchema = z.object({
  patientId: z.string({ error: messages.fieldRequired('Patient id') }).uuid(messages.invalidFormat),
  title: noteFields.title.optional().transform((v) => v ?? noteDefaults.title),
  notes: noteFields.notes,
  additionalNotes: noteFields.additionalNotes,
  category: noteFields.category,
  priority: noteFields.priority.transform((v) => v ?? noteDefaults.priority),
  date: noteFields.date.optional(),
  time: noteFields.time.optional(),
  duration: noteFields.duration.optional().transform((v) => v ?? noteDefaults.duration),
  service: noteFields.service.optional().transform((v) => v ?? noteDefaults.service),
  AIsummary: noteFields.AIsummary,
  recommendation: noteFields.recommendation.optional().transform((v) => v ?? []),
  frequency: noteFields.frequency.optional().transform((v) => v ?? noteDefaults.frequency),
  isSigned: noteFields.isSigned.optional().transform((v) => v ?? false),
});
export type CreateNoteInput = z.input<typeof createNoteSchema>;
export type CreateNote = z.output<typeof createNoteSchema>;

/**
 * PUT notes/{noteId} `{ data }`: any of the fields; `isSigned: true` signs the note (after the
 * other changes). An empty optional text clears it.
 */
export const updateNoteSchema = z
  .object({
    title: noteFields.title.optional(),
    notes: noteFields.notes.optional(),
    additionalNotes: clearableText(noteBounds.notes),
    category: z.union([noteFields.category, z.null()]).optional(),
    priority: noteFields.priority,
    date: noteFields.date.optional(),
    time: noteFields.time.optional(),
    duration: noteFields.duration.optional(),
    service: noteFields.service.optional(),
    AIsummary: clearableText(noteBounds.notes),
    recommendation: noteFields.recommendation.optional(),
    frequency: noteFields.frequency.optional(),
    isSigned: noteFields.isSigned.optional(),
  })
  .strip();
export type UpdateNote = z.output<typeof updateNoteSchema>;

export const addendumSchema = z.object({ text: multilineText('Addendum', noteBounds.addendum) });

/** POST generate-ai-summary: a note's words, or the id of a saved note. */
export const noteSummaryRequestSchema = z
  .object({
    noteId: z.string().uuid(messages.invalidFormat).optional(),
    notes: optionalMultilineText(noteBounds.notes),
    additionalNotes: optionalMultilineText(noteBounds.notes),
  })
  .refine((v) => v.noteId !== undefined || v.notes !== undefined, noteMessages.noteTextRequired);

/** A note's status as lists show it. */
export function noteStatusLabel(note: { isSigned: boolean }): 'Signed' | 'Draft' {
  return note.isSigned ? 'Signed' : 'Draft';
}

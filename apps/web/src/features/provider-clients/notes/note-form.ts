import {
  createNoteSchema,
  isTimeZone,
  localDay,
  localMinutes,
  minutesToNoteTime,
  noteDefaults,
} from '@mindledger/domain';
import type { z } from 'zod';
import type { Note, NoteCreateBody, NoteUpdateData } from './api';

/** The editor's checks: the server's own create schema, without what the tab adds (client, signing). */
export const noteFormSchema = createNoteSchema.omit({ patientId: true, isSigned: true });
export type NoteFormOutput = z.output<typeof noteFormSchema>;

/**
 * What the editor's inputs hold, as the shared schema reads it: selects give strings (the schema
 * coerces hour, minute and duration), an empty category is undefined.
 */
export type NoteFormValues = z.input<typeof noteFormSchema>;

/**
 * A new progress note: the spec's defaults (Part 2 §3, §9), the session today at this minute where
 * the provider's profile says they are (the server's today for them, decision 046), else where
 * this device is.
 */
export function newNoteValues(timeZone?: string | null, now = new Date()): NoteFormValues {
  const zone = isTimeZone(timeZone) ? timeZone : Intl.DateTimeFormat().resolvedOptions().timeZone;
  const time = minutesToNoteTime(localMinutes(now, zone));
  return {
    title: noteDefaults.title,
    date: localDay(now, zone),
    time: { hour: String(time.hour), minute: String(time.minute), period: time.period },
    duration: noteDefaults.duration,
    service: noteDefaults.service,
    category: undefined,
    priority: noteDefaults.priority,
    notes: '',
    additionalNotes: '',
    AIsummary: '',
    recommendation: [],
    frequency: noteDefaults.frequency,
  };
}

/** A saved draft's values for the editor. */
export function noteFormValues(note: Note): NoteFormValues {
  return {
    title: note.title,
    date: note.date,
    time: { hour: String(note.time.hour), minute: String(note.time.minute), period: note.time.period },
    duration: note.duration,
    service: note.service,
    category: note.category ?? undefined,
    priority: note.priority,
    notes: note.notes,
    additionalNotes: note.additionalNotes,
    AIsummary: note.AIsummary,
    recommendation: note.recommendation,
    frequency: note.frequency,
  };
}

/** The checked values, or null while the form is not valid (then nothing is autosaved). */
export function parseNoteForm(values: unknown): NoteFormOutput | null {
  const parsed = noteFormSchema.safeParse(values);
  return parsed.success ? parsed.data : null;
}

export function createBodyOf(patientId: string, values: NoteFormOutput): NoteCreateBody {
  return { ...values, patientId, isSigned: false };
}

/** An update sends every field; emptied optional ones are cleared ('' or null), not left as they were. */
export function updateDataOf(values: NoteFormOutput): NoteUpdateData {
  return {
    ...values,
    category: values.category ?? null,
    additionalNotes: values.additionalNotes ?? '',
    AIsummary: values.AIsummary ?? '',
  };
}

/** The minutes offered by the Minute select: every 5, plus the note's own when it is not one of them. */
export function minuteOptions(current: string): { value: string; label: string }[] {
  const minutes = Array.from({ length: 12 }, (_, i) => i * 5);
  const own = Number(current);
  if (Number.isInteger(own) && own >= 0 && own < 60 && !minutes.includes(own)) minutes.push(own);
  return minutes.sort((a, b) => a - b).map((m) => ({ value: String(m), label: String(m).padStart(2, '0') }));
}

export const hourOptions = Array.from({ length: 12 }, (_, i) => String(i + 1));

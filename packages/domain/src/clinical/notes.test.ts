import { describe, expect, it } from 'vitest';
import {
  addendumSchema,
  createNoteSchema,
  formatNoteTime,
  minutesToNoteTime,
  noteDefaults,
  noteStatusLabel,
  noteSummaryRequestSchema,
  noteTimeToMinutes,
  updateNoteSchema,
} from './notes.js';
import { createTodoSchema, updateTodoSchema } from './todos.js';

const patientId = '7c1b2b1e-8d8f-4d3a-9d51-6f0b8e1a2c3d';
const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? undefined : r.error!.issues[0]!.message;

describe('the note draft (Part 2 §3, §5, §9)', () => {
  it('fills the spec defaults: Progress Note, 60 minutes, in-person, Every 4 Months, normal, unsigned', () => {
    const note = createNoteSchema.parse({ patientId, notes: 'Session went well.' });
    expect(note).toMatchObject({
      title: 'Progress Note',
      duration: 60,
      service: 'in-person',
      frequency: 'Every 4 Months',
      priority: 'normal',
      recommendation: [],
      isSigned: false,
    });
    expect(noteDefaults).toEqual({
      title: 'Progress Note',
      duration: 60,
      service: 'in-person',
      frequency: 'Every 4 Months',
      priority: 'normal',
    });
    expect(note.date).toBeUndefined();
  });

  it('requires notes and a non-blank title, with the spec messages', () => {
    expect(firstMessage(createNoteSchema.safeParse({ patientId }))).toBe('Notes is required');
    expect(firstMessage(createNoteSchema.safeParse({ patientId, notes: '   ' }))).toBe('Notes is required');
    expect(firstMessage(createNoteSchema.safeParse({ patientId, notes: 'x', title: '' }))).toBe(
      'Title is required',
    );
    expect(firstMessage(createNoteSchema.safeParse({ notes: 'x' }))).toBe('Patient id is required');
  });

  it('bounds notes to 50,000 characters and titles to 200', () => {
    expect(createNoteSchema.safeParse({ patientId, notes: 'a'.repeat(50_000) }).success).toBe(true);
    expect(firstMessage(createNoteSchema.safeParse({ patientId, notes: 'a'.repeat(50_001) }))).toBe(
      'Must not exceed 50000 characters',
    );
    expect(firstMessage(createNoteSchema.safeParse({ patientId, notes: 'x', title: 't'.repeat(201) }))).toBe(
      'Must not exceed 200 characters',
    );
  });

  it('accepts only the spec categories and priorities', () => {
    for (const category of ['session', 'assessment', 'treatment', 'general', 'emergency'])
      expect(createNoteSchema.safeParse({ patientId, notes: 'x', category }).success).toBe(true);
    expect(firstMessage(createNoteSchema.safeParse({ patientId, notes: 'x', category: 'other' }))).toBe(
      'Must be one of: session, assessment, treatment, general, emergency',
    );
    for (const priority of ['low', 'normal', 'high', 'urgent'])
      expect(createNoteSchema.safeParse({ patientId, notes: 'x', priority }).success).toBe(true);
    expect(firstMessage(createNoteSchema.safeParse({ patientId, notes: 'x', priority: 'critical' }))).toBe(
      'Must be one of: low, normal, high, urgent',
    );
  });

  it('reads the time as hour 1–12, minute 0–59 and AM/PM, and the date as a real day', () => {
    const ok = createNoteSchema.parse({
      patientId,
      notes: 'x',
      time: { hour: '12', minute: 5, period: 'AM' },
      date: '2026-02-28T10:00:00Z',
    });
    expect(ok.time).toEqual({ hour: 12, minute: 5, period: 'AM' });
    expect(ok.date).toBe('2026-02-28');
    expect(
      createNoteSchema.safeParse({ patientId, notes: 'x', time: { hour: 0, minute: 0, period: 'AM' } })
        .success,
    ).toBe(false);
    expect(
      createNoteSchema.safeParse({ patientId, notes: 'x', time: { hour: 1, minute: 60, period: 'AM' } })
        .success,
    ).toBe(false);
    expect(
      createNoteSchema.safeParse({ patientId, notes: 'x', time: { hour: 1, minute: 0, period: 'XM' } })
        .success,
    ).toBe(false);
    expect(firstMessage(createNoteSchema.safeParse({ patientId, notes: 'x', date: '2026-02-30' }))).toBe(
      'Must be a valid date',
    );
    expect(firstMessage(createNoteSchema.safeParse({ patientId, notes: 'x', duration: 0 }))).toBe(
      'Must be at least 1',
    );
  });

  it('sanitises every free text and drops empty recommendations', () => {
    const note = createNoteSchema.parse({
      patientId,
      title: '<b>Intake</b>',
      notes: 'Calm <script>alert(1)</script>today <img src=x onerror=alert(1)>',
      recommendation: ['  Sleep diary ', '', '<i>Walk</i>'],
    });
    expect(note.title).toBe('Intake');
    expect(note.notes).not.toMatch(/<|onerror/);
    expect(note.recommendation).toEqual(['Sleep diary', 'Walk']);
    expect(
      createNoteSchema.safeParse({ patientId, notes: 'x', recommendation: Array(21).fill('a') }).success,
    ).toBe(false);
  });

  it('keeps the line breaks of notes, additional notes and addenda', () => {
    const note = createNoteSchema.parse({
      patientId,
      notes: 'Mood: low.  \nSleep: 5 hours.\n\nPlan: diary <b>daily</b>.',
      additionalNotes: 'Line one\nLine two',
    });
    expect(note.notes).toBe('Mood: low.\nSleep: 5 hours.\n\nPlan: diary daily.');
    expect(note.additionalNotes).toBe('Line one\nLine two');
    expect(addendumSchema.parse({ text: 'a\nb' }).text).toBe('a\nb');
  });

  it('updates only what is sent; null or empty clears the optional texts', () => {
    expect(updateNoteSchema.parse({})).toEqual({});
    expect(updateNoteSchema.parse({ additionalNotes: null, AIsummary: '' })).toEqual({
      additionalNotes: '',
      AIsummary: '',
    });
    expect(updateNoteSchema.parse({ isSigned: true })).toEqual({ isSigned: true });
    expect(updateNoteSchema.safeParse({ notes: '' }).success).toBe(false);
  });

  it('needs an addendum text and a note to summarise', () => {
    expect(firstMessage(addendumSchema.safeParse({ text: ' ' }))).toBe('Addendum is required');
    expect(firstMessage(noteSummaryRequestSchema.safeParse({}))).toBe(
      'Write the session notes before generating a summary.',
    );
    expect(noteSummaryRequestSchema.safeParse({ notes: 'Slept badly.' }).success).toBe(true);
  });

  it('turns 12-hour times into minutes and back', () => {
    expect(noteTimeToMinutes({ hour: 12, minute: 0, period: 'AM' })).toBe(0);
    expect(noteTimeToMinutes({ hour: 12, minute: 30, period: 'PM' })).toBe(750);
    expect(noteTimeToMinutes({ hour: 3, minute: 15, period: 'PM' })).toBe(915);
    expect(minutesToNoteTime(0)).toEqual({ hour: 12, minute: 0, period: 'AM' });
    expect(minutesToNoteTime(750)).toEqual({ hour: 12, minute: 30, period: 'PM' });
    for (let m = 0; m < 1440; m += 7) expect(noteTimeToMinutes(minutesToNoteTime(m))).toBe(m);
    expect(formatNoteTime({ hour: 3, minute: 5, period: 'PM' })).toBe('3:05 PM');
    expect(noteStatusLabel({ isSigned: true })).toBe('Signed');
    expect(noteStatusLabel({ isSigned: false })).toBe('Draft');
  });
});

describe('the to-do draft (Part 2 §5)', () => {
  it('requires a name; the rest is optional, priority defaults to normal', () => {
    expect(firstMessage(createTodoSchema.safeParse({ patientId }))).toBe('Name is required');
    const todo = createTodoSchema.parse({
      patientId,
      name: 'Send handout',
      notes: 'Sleep hygiene',
      prescription: '',
      dueDate: '2026-12-01',
    });
    expect(todo).toMatchObject({
      name: 'Send handout',
      notes: 'Sleep hygiene',
      dueDate: '2026-12-01',
      priority: 'normal',
    });
    expect(todo.prescription).toBeUndefined();
    expect(createTodoSchema.safeParse({ patientId, name: 'x', dueDate: 'soon' }).success).toBe(false);
    expect(createTodoSchema.safeParse({ patientId, name: 'x', priority: 'asap' }).success).toBe(false);
  });

  it('updates done and clears texts and the due date', () => {
    expect(updateTodoSchema.parse({ done: true, materials: '', dueDate: null })).toEqual({
      done: true,
      materials: '',
      dueDate: null,
    });
    expect(updateTodoSchema.parse({ dueDate: '' })).toEqual({ dueDate: null });
  });
});

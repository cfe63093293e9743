import { z } from 'zod';
import { optionalMultilineText, plainText } from '../platform/fields.js';
import { lengths, messages } from '../platform/messages.js';
import { clearableText, clinicalPriorities, dayField } from './notes.js';

/** A provider's to-dos for a client (Part 2 §5 Todo; docs/API-clinical-notes.md). */
export const todoBounds = { name: lengths.title, text: lengths.longText, perClient: 200 } as const;

export const todoMessages = {
  notFound: 'To-do not found',
  created: 'To-do added.',
  updated: 'To-do updated.',
  deleted: 'To-do deleted.',
  done: 'To-do marked done.',
  undone: 'To-do marked not done.',
  tooMany: `Maximum of ${todoBounds.perClient} to-dos for a client reached`,
} as const;

const dueDate = z
  .union([dayField, z.literal(''), z.null()])
  .optional()
  .transform((v) => (v === '' ? null : v));

const fields = {
  name: plainText('Name', todoBounds.name),
  notes: optionalMultilineText(todoBounds.text),
  prescription: optionalMultilineText(todoBounds.text),
  materials: optionalMultilineText(todoBounds.text),
  research: optionalMultilineText(todoBounds.text),
  dueDate,
  priority: z.enum(clinicalPriorities, { error: messages.oneOf(clinicalPriorities) }).optional(),
};

export const createTodoSchema = z.object({
  patientId: z.string({ error: messages.fieldRequired('Patient id') }).uuid(messages.invalidFormat),
  ...fields,
  priority: fields.priority.transform((v) => v ?? 'normal'),
});
export type CreateTodo = z.output<typeof createTodoSchema>;

export const updateTodoSchema = z.object({
  name: fields.name.optional(),
  notes: clearableText(todoBounds.text),
  prescription: clearableText(todoBounds.text),
  materials: clearableText(todoBounds.text),
  research: clearableText(todoBounds.text),
  dueDate: fields.dueDate,
  priority: fields.priority,
  done: z.boolean({ error: messages.invalidFormat }).optional(),
});
export type UpdateTodo = z.output<typeof updateTodoSchema>;

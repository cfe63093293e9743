import { z } from 'zod';
import { messages } from '../platform/messages.js';
import { measureKinds } from './instruments.js';

/** How often an assigned measure comes back: once, or every 1, 2 or 4 weeks. */
export const measureIntervals = [null, 1, 2, 4] as const;
export type MeasureInterval = (typeof measureIntervals)[number];

export const measureIntervalLabel = (everyWeeks: MeasureInterval): string =>
  everyWeeks === null ? 'Once' : everyWeeks === 1 ? 'Every week' : `Every ${everyWeeks} weeks`;

export const measureKindSchema = z.enum(measureKinds, { error: 'Choose PHQ-9 or GAD-7.' });

/** A provider assigns a measure to a connected client. */
export const assignMeasureSchema = z.object({
  patientId: z.string({ error: messages.fieldRequired('Patient id') }).uuid(messages.invalidFormat),
  kind: measureKindSchema,
  everyWeeks: z
    .union([z.literal(1), z.literal(2), z.literal(4), z.null()], {
      error: 'Choose once, or every 1, 2 or 4 weeks.',
    })
    .default(null),
});
export type AssignMeasureInput = z.input<typeof assignMeasureSchema>;

/** The client's answers: item linkId → the chosen answer's score (0–3). */
export const measureAnswersSchema = z.object({
  answers: z
    .record(z.string().max(20), z.number().int().min(0).max(3), {
      error: 'Please answer every question.',
    })
    .refine((answers) => Object.keys(answers).length <= 12, 'Too many answers.'),
});
export type MeasureAnswersInput = z.input<typeof measureAnswersSchema>;

/** A client takes a measure on their own (from the home). */
export const selfMeasureSchema = measureAnswersSchema.extend({ kind: measureKindSchema });

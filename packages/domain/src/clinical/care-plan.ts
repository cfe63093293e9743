import { z } from 'zod';
import { optionalMultilineText, optionalPlainText, plainText } from '../platform/fields.js';
import { lengths, messages } from '../platform/messages.js';
import { icd10Messages, normalizeIcd10Code } from './icd10.js';
import { dayField, noteFrequencies, noteTimeSchema } from './notes.js';

/**
 * The treatment plan (care plan) document of Part 2 §3: what the editor sends, what the AI port
 * generates and what is stored, one shape (docs/API-care-plans.md). Free texts go through the
 * domain sanitiser; the diagnosis code is an ICD-10-CM code ('' while the draft has none).
 */
export const objectiveStatuses = ['not-started', 'in-progress', 'completed', 'discontinued'] as const;
export type ObjectiveStatus = (typeof objectiveStatuses)[number];
export const objectiveStatusLabels: Record<ObjectiveStatus, string> = {
  'not-started': 'Not started',
  'in-progress': 'In progress',
  completed: 'Completed',
  discontinued: 'Discontinued',
};

export const carePlanBounds = {
  goals: 10,
  objectives: 10,
  strategies: 10,
  text: lengths.mediumText,
  short: [1, 200] as const,
  long: lengths.longText,
} as const;

export const carePlanDefaults = { title: 'Treatment Plan', frequency: 'Every 4 Months' } as const;

export const carePlanMessages = {
  notFound: 'Care plan not found',
  generated: 'Care plan draft generated.',
  updated: 'Care plan updated.',
  signed: 'Care plan signed.',
  signedLocked:
    'This care plan is signed. Confirm that you are editing a signed plan (editSigned) to change it; the signed version is kept in its history.',
  diagnosisToSign: 'Add a diagnosis code before signing the care plan.',
  goalToSign: 'Add at least one goal before signing the care plan.',
  refinementRequired: 'Say how the plan should be refined.',
  goalNotFound: 'Care plan goal not found',
  nothingToChange: 'Send the changed care plan, a refinement or isSigned.',
  changedMeanwhile: 'This care plan was changed meanwhile. Reload it and try again.',
  goalAdopted: 'The goal was added to the client’s therapist goals.',
} as const;

const id = z
  .string({ error: messages.invalidFormat })
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, messages.invalidFormat);
const requiredShort = (label: string) => plainText(label, carePlanBounds.short);
const optionalShort = optionalPlainText(carePlanBounds.short);
const optionalMedium = optionalPlainText(carePlanBounds.text);
const optionalLong = optionalMultilineText(carePlanBounds.long);
const list = <T extends z.ZodType>(item: T, max: number, what: string) =>
  z.array(item, { error: messages.invalidFormat }).max(max, `At most ${max} ${what}`);

export const strategySchema = z.object({
  intervention: plainText('Intervention', carePlanBounds.text),
  modality: optionalShort,
  frequency: optionalShort,
});

export const objectiveSchema = z.object({
  id,
  title: plainText('Objective', carePlanBounds.text),
  objectiveValue: optionalMedium,
  duration: optionalShort,
  strategy: list(strategySchema, carePlanBounds.strategies, 'strategies').default([]),
  completion: z.coerce
    .number({ error: messages.validNumber })
    .int(messages.validNumber)
    .min(0, messages.minValue(0))
    .max(100, messages.maxValue(100))
    .default(0),
  status: z.enum(objectiveStatuses, { error: messages.oneOf(objectiveStatuses) }).default('not-started'),
});
export type CarePlanObjective = z.output<typeof objectiveSchema>;

export const carePlanGoalSchema = z.object({
  id,
  title: plainText('Goal', carePlanBounds.text),
  objectives: list(objectiveSchema, carePlanBounds.objectives, 'objectives per goal').default([]),
});
export type CarePlanGoal = z.output<typeof carePlanGoalSchema>;

export const diagnosisSchema = z.object({
  code: z
    .string({ error: messages.invalidFormat })
    .max(12, icd10Messages.invalid)
    .transform((v, ctx) => {
      if (v.trim() === '') return '';
      const code = normalizeIcd10Code(v);
      if (!code) {
        ctx.addIssue({ code: 'custom', message: icd10Messages.invalid });
        return z.NEVER;
      }
      return code;
    })
    .default(''),
  description: optionalMedium,
});

/** The document (§3): the plan's own isSigned is the server's to set, never read from input. */
export const carePlanSchema = z.object({
  title: requiredShort('Title').default(carePlanDefaults.title),
  date: dayField,
  time: noteTimeSchema,
  diagnosis: diagnosisSchema.default({ code: '', description: undefined }),
  justification: optionalLong,
  problem: optionalLong,
  discharge: optionalLong,
  AdditionalInfo: optionalLong,
  goals: list(carePlanGoalSchema, carePlanBounds.goals, 'goals').default([]),
  frequency: z.enum(noteFrequencies, { error: messages.oneOf(noteFrequencies) }).default('Every 4 Months'),
  isDeclared: z.boolean({ error: messages.invalidFormat }).default(false),
});
export type CarePlanDocument = z.output<typeof carePlanSchema>;
export type CarePlanDocumentInput = z.input<typeof carePlanSchema>;

export const carePlanEditModes = ['manual', 'refine'] as const;
export type CarePlanEditMode = (typeof carePlanEditModes)[number];

/** PUT update-careplan/{id} (Part 2 §7). */
export const updateCarePlanSchema = z.object({
  carePlan: carePlanSchema.optional(),
  isSigned: z.boolean({ error: messages.invalidFormat }).optional(),
  editMode: z.enum(carePlanEditModes, { error: messages.oneOf(carePlanEditModes) }).default('manual'),
  refinmentDetails: optionalPlainText(carePlanBounds.text),
  editSigned: z.boolean({ error: messages.invalidFormat }).default(false),
});
export type UpdateCarePlan = z.output<typeof updateCarePlanSchema>;

/** What keeps a plan from being signed, or null when it may be. */
export function carePlanSignBlocker(plan: CarePlanDocument): string | null {
  if (!plan.diagnosis.code) return carePlanMessages.diagnosisToSign;
  if (plan.goals.length === 0) return carePlanMessages.goalToSign;
  return null;
}

/** Overall completion of a plan: the mean of its objectives' completion (0 without objectives). */
export function carePlanCompletion(plan: Pick<CarePlanDocument, 'goals'>): number {
  const all = plan.goals.flatMap((g) => g.objectives);
  if (all.length === 0) return 0;
  return Math.round(all.reduce((sum, o) => sum + o.completion, 0) / all.length);
}

/** A care-plan goal as the client's therapist goal (the goals feature caps its text at 500). */
export function carePlanGoalText(goal: Pick<CarePlanGoal, 'title'>): string {
  return goal.title.length <= 500 ? goal.title : `${goal.title.slice(0, 499)}…`;
}

import { z } from 'zod';
import { parseDateInput } from '../dates/input.js';
import { optionalPlainText, plainText } from '../platform/fields.js';
import { lengths, messages } from '../platform/messages.js';

/** Goals (Part 1 §3, §4, §7 Goals, §8, §9; Part 2 §5 Goal draft; docs/API-goals.md). */
export const goalTypes = ['personal', 'therapist'] as const;
export type GoalType = (typeof goalTypes)[number];
export const goalCategories = [
  'personal',
  'health',
  'career',
  'relationships',
  'education',
  'other',
] as const;
export type GoalCategory = (typeof goalCategories)[number];
export const goalStatuses = ['active', 'completed', 'abandoned'] as const;
export type GoalStatus = (typeof goalStatuses)[number];
export const moodTypes = ['positive', 'negative', 'neutral'] as const;
export type MoodType = (typeof moodTypes)[number];
export const reminderPeriods = ['daily', 'weekly', 'monthly', 'never'] as const;
export type ReminderPeriod = (typeof reminderPeriods)[number];

/** Part 1 §9 and README ruling 7. */
export const goalLimits = { personal: 5, therapist: 5, total: 10 } as const;
export const goalTextMax = 500;
export const goalNotesMax = 1000;
export const defaultGoalEmoji = '🎯';
export const defaultGoalPriority = 3;
export const highPriorityAbove = 3;

/** The exact messages of the goal calls (Part 1 §8 Goal errors; README ruling 7). */
export const goalMessages = {
  notFound: 'Goal not found',
  duplicate: 'You already have a goal with this description',
  maximumOfType: (type: GoalType) => `Maximum of ${goalLimits[type]} ${type} goals reached`,
  maximumTotal: `Maximum of ${goalLimits.total} goals reached`,
  therapistTextLocked: 'Only your provider can edit a therapist goal.',
  notActive: 'Only an active goal can be changed this way.',
  created: 'Goal created successfully.',
  updated: 'Goal updated successfully.',
  deleted: 'Goal deleted successfully.',
  completed: 'Goal completed.',
  abandoned: 'Goal abandoned.',
  mentionRecorded: 'Mention recorded.',
  presetNotFound: 'Preset goal not found',
  notificationSaved: 'Goal reminder saved.',
} as const;

export function isHighPriority(priority: number): boolean {
  return priority > highPriorityAbove;
}

/**
 * A goal's status, the one active-goal rule: completing or abandoning ends a goal; a goal that is
 * neither is active (and counts toward the limits; a deleted one counts nowhere).
 */
export function goalStatus(goal: { completed: boolean; abandoned: boolean }): GoalStatus {
  if (goal.completed) return 'completed';
  if (goal.abandoned) return 'abandoned';
  return 'active';
}

export function isActiveGoal(goal: { completed: boolean; abandoned: boolean }): boolean {
  return goalStatus(goal) === 'active';
}

export type GoalLimitCheck = { ok: true } | { ok: false; message: string };

/** Whether one more active goal of `type` fits (counts are of active, non-deleted goals). */
export function checkGoalLimit(
  counts: { personal: number; therapist: number },
  type: GoalType,
): GoalLimitCheck {
  if (counts[type] >= goalLimits[type]) return { ok: false, message: goalMessages.maximumOfType(type) };
  if (counts.personal + counts.therapist >= goalLimits.total)
    return { ok: false, message: goalMessages.maximumTotal };
  return { ok: true };
}

/** The key under which two active goal texts count as duplicates: trimmed, spaces folded, lowercased. */
export function goalTextKey(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** Goal stats of Part 1 §3: completionRate is a whole percentage; averageMentions has 1 decimal. */
export function computeGoalStats(goals: readonly { mentionCount: number; completed: boolean }[]) {
  const totalMentions = goals.reduce((s, g) => s + g.mentionCount, 0);
  const completedGoals = goals.filter((g) => g.completed).length;
  const n = goals.length;
  return {
    totalMentions,
    completedGoals,
    completionRate: n === 0 ? 0 : Math.round((completedGoals / n) * 100),
    averageMentions: n === 0 ? 0 : Math.round((totalMentions / n) * 10) / 10,
  };
}

const priority = z.coerce
  .number({ error: messages.validNumber })
  .int(messages.validNumber)
  .min(1, messages.minValue(1))
  .max(5, messages.maxValue(5));
const category = z.enum(goalCategories, { error: messages.oneOf(goalCategories) });
const emoji = z
  .string({ error: messages.invalidFormat })
  .trim()
  .max(lengths.emoji[1], messages.maxChars(lengths.emoji[1]))
  .optional()
  .transform((v) => (v ? v : undefined));
const targetDate = z
  .union([z.literal(''), z.null(), z.string().max(40, messages.validDate)], { error: messages.validDate })
  .optional()
  .transform((v, ctx) => {
    if (v === undefined) return undefined;
    if (v === '' || v === null) return null;
    const date = parseDateInput(v);
    if (!date) {
      ctx.addIssue({ code: 'custom', message: messages.validDate });
      return z.NEVER;
    }
    return date.instant;
  });
/** The text may come as text, title or goalTitle (Part 1 §3); the first present one wins. */
const textAliases = {
  text: z.unknown().optional(),
  title: z.unknown().optional(),
  goalTitle: z.unknown().optional(),
};
const goalText = plainText('Text', [1, goalTextMax]);
const patientId = z.string({ error: messages.invalidFormat }).uuid(messages.invalidFormat).optional();

function pickText(v: { text?: unknown; title?: unknown; goalTitle?: unknown }): unknown {
  return v.text ?? v.title ?? v.goalTitle;
}

const goalFields = {
  notes: optionalPlainText([1, goalNotesMax]),
  emoji,
  priority: priority.optional(),
  category: category.optional(),
  categories: z.array(category, { error: messages.invalidFormat }).max(goalCategories.length).optional(),
  targetDate,
  homePageVisible: z.boolean({ error: messages.invalidFormat }).optional(),
};

function resolveText(
  v: { text?: unknown; title?: unknown; goalTitle?: unknown },
  required: boolean,
  ctx: z.RefinementCtx,
): string | undefined {
  const raw = pickText(v);
  if (raw === undefined && !required) return undefined;
  const parsed = goalText.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      ctx.addIssue({ code: 'custom', path: ['text'], message: issue.message });
    return undefined;
  }
  return parsed.data;
}

/** POST /goals/ — a client creates a personal goal; a provider a therapist goal for `patientId`. */
export const createGoalSchema = z
  .object({
    ...textAliases,
    ...goalFields,
    type: z.enum(goalTypes, { error: messages.oneOf(goalTypes) }).optional(),
    patientId,
  })
  .transform(({ title: _ti, goalTitle: _g, ...v }, ctx) => {
    const text = resolveText({ ...v, title: _ti, goalTitle: _g }, true, ctx);
    return { ...v, text: text ?? '' };
  });
export type CreateGoalInput = z.output<typeof createGoalSchema>;

/** PUT /goals/{id} — every field optional. */
export const updateGoalSchema = z
  .object({ ...textAliases, ...goalFields, patientId })
  .transform(({ title: _ti, goalTitle: _g, ...v }, ctx) => {
    const text = resolveText({ ...v, title: _ti, goalTitle: _g }, false, ctx);
    return { ...v, text };
  });
export type UpdateGoalInput = z.output<typeof updateGoalSchema>;

/** The most goals one list answer carries (`limit`, default and most); `page` pages on. */
export const goalPageMax = 100;
const goalPage = {
  page: z.coerce
    .number()
    .int(messages.validNumber)
    .min(1, messages.minValue(1))
    .max(100_000, messages.maxValue(100_000))
    .default(1),
  limit: z.coerce
    .number()
    .int(messages.validNumber)
    .min(1, messages.minValue(1))
    .max(goalPageMax, messages.maxValue(goalPageMax))
    .default(goalPageMax),
};
export const goalPageQuery = z.object(goalPage);

export const goalListQuery = z.object({
  type: z.enum([...goalTypes, 'all'], { error: messages.oneOf([...goalTypes, 'all']) }).default('all'),
  status: z
    .enum([...goalStatuses, 'all'], { error: messages.oneOf([...goalStatuses, 'all']) })
    .default('active'),
  search: z.string().trim().max(100, messages.maxChars(100)).optional(),
  category: category.optional(),
  patientId,
  ...goalPage,
});
export const archivedQuery = z.object({
  type: z.enum(goalTypes, { error: messages.oneOf(goalTypes) }).optional(),
  patientId,
  ...goalPage,
});
export const presetQuery = z.object({
  category: category.optional(),
  search: z.string().trim().max(100, messages.maxChars(100)).optional(),
});
export const adoptPresetSchema = z
  .object({ priority: priority.optional(), emoji, notes: optionalPlainText([1, goalNotesMax]) })
  .nullish()
  .transform((v) => v ?? { priority: undefined, emoji: undefined, notes: undefined });
export const incrementMentionSchema = z
  .object({
    moodType: z
      .string({ error: messages.invalidFormat })
      .trim()
      .toLowerCase()
      .pipe(z.enum(moodTypes, { error: messages.oneOf(moodTypes) }))
      .default('neutral'),
    entryId: z.string().uuid(messages.invalidFormat).optional(),
  })
  .nullish()
  .transform((v) => v ?? { moodType: 'neutral' as const, entryId: undefined });
export const linkEntryGoalsSchema = z.object({
  goalIds: z
    .array(z.string().uuid(messages.invalidFormat), { error: messages.fieldRequired('Goal ids') })
    .max(goalLimits.total, messages.maxValue(goalLimits.total)),
  moodType: z.enum(moodTypes, { error: messages.oneOf(moodTypes) }).default('neutral'),
});
export const goalNotificationSchema = z.object({
  reminderPeriod: z
    .string({ error: messages.fieldRequired('Reminder period') })
    .trim()
    .toLowerCase()
    .pipe(z.enum(reminderPeriods, { error: messages.oneOf(reminderPeriods) })),
});

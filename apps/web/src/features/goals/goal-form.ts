import {
  defaultGoalEmoji,
  defaultGoalPriority,
  type GoalRequest,
  type UpdateGoalInput,
  type updateGoalSchema,
} from '@mindledger/domain';
import type { z } from 'zod';
import type { Goal } from './api';

/** What the goal form holds (strings, as the inputs give them); the shared schemas read it. */
export type GoalFormValues = z.input<typeof updateGoalSchema>;

/**
 * The form's starting values: the goal's own when editing, the defaults when creating. A form whose
 * category may stay empty starts without one; the others start at 'personal'.
 */
export function goalFormValues(goal: Goal | null, optionalCategory: boolean): GoalFormValues {
  const category = goal?.categories[0] ?? (optionalCategory ? undefined : 'personal');
  return {
    text: goal?.text ?? '',
    notes: goal?.notes ?? '',
    emoji: goal?.emoji ?? defaultGoalEmoji,
    priority: String(goal?.priority ?? defaultGoalPriority),
    category,
    targetDate: goal?.targetDate ? goal.targetDate.slice(0, 10) : '',
  };
}

function dateOnly(value: Date | null | undefined): string | undefined {
  return value ? value.toISOString().slice(0, 10) : undefined;
}

/**
 * The body sent after the shared schema accepted the form. An edit clears what was left empty
 * (notes, target date; an empty emoji is the default one). A form whose category may stay empty
 * sends `categories`, so that an edit can clear it too.
 */
export function goalRequestOf(
  values: UpdateGoalInput,
  { editing, optionalCategory }: { editing: boolean; optionalCategory: boolean },
): GoalRequest {
  const targetDate = dateOnly(values.targetDate);
  return {
    text: values.text,
    notes: values.notes ?? (editing ? '' : undefined),
    emoji: values.emoji ?? defaultGoalEmoji,
    priority: values.priority ?? defaultGoalPriority,
    ...(optionalCategory
      ? { categories: values.category ? [values.category] : [] }
      : { category: values.category }),
    targetDate: editing ? (targetDate ?? null) : targetDate,
  };
}

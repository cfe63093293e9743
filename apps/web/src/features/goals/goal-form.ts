import {
  defaultGoalEmoji,
  defaultGoalPriority,
  type CreateGoalInput,
  type GoalCategory,
  type UpdateGoalInput,
} from '@mindledger/domain';
import type { Goal, GoalBody } from './api';

/** What the goal form holds (strings, as the inputs give them). */
export interface GoalFormValues {
  text: string;
  notes: string;
  emoji: string;
  priority: string;
  category: GoalCategory;
  targetDate: string;
}

export const emptyGoalForm: GoalFormValues = {
  text: '',
  notes: '',
  emoji: defaultGoalEmoji,
  priority: String(defaultGoalPriority),
  category: 'personal',
  targetDate: '',
};

export function formValuesOf(goal: Goal): GoalFormValues {
  return {
    text: goal.text,
    notes: goal.notes,
    emoji: goal.emoji,
    priority: String(goal.priority),
    category: goal.categories[0] ?? 'personal',
    targetDate: goal.targetDate ? goal.targetDate.slice(0, 10) : '',
  };
}

function dateOnly(value: Date | null | undefined): string | null | undefined {
  if (value === undefined || value === null) return value;
  return value.toISOString().slice(0, 10);
}

/** The body sent after the shared schema accepted the form (create, or update with clears). */
export function goalBodyOf(values: CreateGoalInput | UpdateGoalInput, editing: boolean): GoalBody {
  return {
    text: values.text,
    notes: values.notes ?? (editing ? '' : undefined),
    emoji: values.emoji,
    priority: values.priority,
    category: values.category,
    targetDate: editing ? (dateOnly(values.targetDate) ?? null) : (dateOnly(values.targetDate) ?? undefined),
  };
}

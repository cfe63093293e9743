import type { GoalType } from '@mindledger/domain';

/**
 * Personal and therapist goals have different colours (Part 1 §2). Every goal surface (cards, chips,
 * selection buttons, the provider section) takes its colour from here and marks its root with
 * `data-goal-type` so tests and styles can tell the two apart.
 */
export const goalTypeColor: Record<GoalType, string> = {
  personal: 'blue',
  therapist: 'grape',
};

export const goalTypeLabel: Record<GoalType, string> = {
  personal: 'Personal',
  therapist: 'Therapist',
};

import { goalCategories, type GoalCategory } from '@mindledger/domain';

/** Priority 1–5 with the form's labels low, medium, high (Part 1 §3); above 3 is high. */
export function priorityLabel(priority: number): 'low' | 'medium' | 'high' {
  if (priority > 3) return 'high';
  if (priority === 3) return 'medium';
  return 'low';
}

export const priorityOptions = [1, 2, 3, 4, 5].map((value) => ({
  value: String(value),
  label: `${value} – ${priorityLabel(value)}`,
}));

export const categoryLabels: Record<GoalCategory, string> = {
  personal: 'Personal',
  health: 'Health',
  career: 'Career',
  relationships: 'Relationships',
  education: 'Education',
  other: 'Other',
};

export const categoryOptions = goalCategories.map((value) => ({ value, label: categoryLabels[value] }));

export function mentionsLabel(count: number): string {
  return `${count} ${count === 1 ? 'mention' : 'mentions'}`;
}

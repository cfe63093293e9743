import type { GoalType } from '@mindledger/domain';

/** One goal as the selection card of a journal entry offers it. */
export interface GoalOption {
  id: string;
  text: string;
  emoji: string;
  mentionCount: number;
  type: GoalType;
}

/** Part 1 §2: the card offers up to 5 personal and up to 5 provider (therapist) goals. */
export const selectionCap = 5;

export const noActiveGoalsText = 'No active goals found. Visit the Goals page to create your first goal!';

export function mentionLabel(count: number): string {
  return `${count} ${count === 1 ? 'mention' : 'mentions'}`;
}

/** Toggles `id` in the selection, keeping the order of choice (the first one titles the card). */
export function toggleSelection(selectedIds: readonly string[], id: string): string[] {
  return selectedIds.includes(id) ? selectedIds.filter((s) => s !== id) : [...selectedIds, id];
}

import type { GoalStatusFilter, GoalTypeFilter } from './api';

/** Part 1 §3 Goal UI state: the tab (goals or archived), status, type, search. */
export interface GoalViewState {
  tab: 'goals' | 'archived';
  status: GoalStatusFilter;
  type: GoalTypeFilter;
  search: string;
}

/** The status filter starts at active and the type filter at all. */
export const defaultGoalView: GoalViewState = { tab: 'goals', status: 'active', type: 'all', search: '' };

/** The sidebar categories. */
export type GoalCategoryView = 'personal' | 'therapist' | 'archived';

/** Which sidebar category the state shows (none while the type filter is all). */
export function selectedCategory(state: GoalViewState): GoalCategoryView | null {
  if (state.tab === 'archived') return 'archived';
  if (state.status !== 'active') return null;
  return state.type === 'all' ? null : state.type;
}

/** Choosing a category: its active goals, or the archived tab (completed and abandoned). */
export function viewForCategory(state: GoalViewState, category: GoalCategoryView): GoalViewState {
  if (category === 'archived') return { ...state, tab: 'archived' };
  return { ...state, tab: 'goals', status: 'active', type: category };
}

import type { GoalViewState } from './view';

const statusTitles = {
  active: 'Active goals',
  completed: 'Completed goals',
  abandoned: 'Abandoned goals',
  all: 'All goals',
};

/** The heading of the goal list for the current view. */
export function listHeading(state: GoalViewState): string {
  if (state.tab === 'archived') return 'Archived Goals';
  if (state.status === 'active' && state.type === 'personal') return 'Personal Goals';
  if (state.status === 'active' && state.type === 'therapist') return 'Therapist Goals';
  return statusTitles[state.status];
}

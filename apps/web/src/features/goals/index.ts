/**
 * What other features use of goals: the goal picker of the journaling page (the list and the
 * selection card), the labels, colours and error texts the provider's view of a client's goals
 * shares with the goals page, and the goal form both roles use (GoalEditorModal). The goals page
 * itself is loaded lazily by the router.
 */
export { useGoals, type Goal } from './api';
export { goalTypeColor } from './colors';
export { createdLabel } from './dates';
export { goalErrorMessage } from './errors';
export { GoalEditorModal, type GoalEditorModalProps, type GoalEditorTexts } from './GoalEditorModal';
export { categoryLabels, mentionsLabel, priorityLabel } from './priority';
export { GoalSelectionCard } from './selection/GoalSelectionCard';

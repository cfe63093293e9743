/**
 * What other features use of the weekly automation: the settings' query keys (to refresh them after
 * a change elsewhere). The router loads the page lazily from WeeklyAutomationPage.tsx.
 */
export { weeklyAutomationKeys } from './api';

/**
 * The home page's mood statistics (and their charts), loaded when they scroll into view: a module of
 * its own, so the journal's index.ts stays made of re-exports only.
 */
export const loadMoodAnalytics = () => import('./MoodAnalytics');

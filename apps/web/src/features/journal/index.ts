/**
 * What other features use of the journal: the home page's widgets (views/: streak, week, ledger,
 * statistics) and the pieces the provider's view of a client's journal shares with them (dates,
 * analytics data and texts, the chat bubbles), and the types of the journal calls.
 *
 * The journaling and mood-selector pages are not here: the router loads them lazily from their own
 * modules. The statistics (and their charts) stay a chunk of their own: `loadMoodAnalytics()` loads
 * them on demand.
 */
export type { Analytics, EntryPage, JournalEntry, WeekDaySummary, WeekResponse } from './api';
export { ChatBubble, ConversationLog } from './entry/ChatJournal';
export { CrisisContacts, CrisisResources } from './entry/CrisisResources';
export { dailyBars, sentimentSeries, slicesOf, type SentimentBar } from './views/analytics-data';
export { analyticsFetchFailed, noCheckInsText } from './views/analytics-text';
export { AnalyticsSummary } from './views/AnalyticsSummary';
export {
  addDays,
  daysBetween,
  isDay,
  mondayOf,
  relativeDay,
  shortDate,
  shortWeekday,
  todayIn,
  weekOf,
} from './views/dates';
export { entryCount } from './views/entry-count';
export { emotionPath } from './views/entry-text';
export { EntryLedger } from './views/EntryLedger';
export { LinkedGoals } from './views/LinkedGoals';
export { loadMoodAnalytics } from './views/load-mood-analytics';
export { dateFetchFailed, StreakCard } from './views/StreakCard';
export { useStreak } from './views/useHomeToday';
export { useSeenOnce } from './views/useSeenOnce';
export { journalingPath, WeekJourneyCard } from './views/WeekJourneyCard';
export { OutboxSync } from './offline/OutboxSync';
export { clearOutbox, outboxItems } from './offline/outbox';
export { confirmSignOut } from './offline/sign-out';

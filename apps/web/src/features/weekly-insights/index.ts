/**
 * Weekly insights (/user/report): the page is loaded lazily by the router; other features link to
 * the route. The page's hook and helpers are exported for the notification and automation screens.
 */
export { isSubscriptionError, notifyBrowser } from './useGeneration';
export { weekOptions, periodLabel, type WeekOption } from './weeks';

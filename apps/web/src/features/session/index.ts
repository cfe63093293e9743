/** What the app shell uses of the session: the inactivity timers and their warnings. */
export { SessionTimers } from './SessionTimers';

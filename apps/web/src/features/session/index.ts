/**
 * What the app shell uses of the session: the inactivity timers and their warnings; and what the
 * payment screens use: the flag that holds the timers still while a payment is in progress.
 */
export { SessionTimers } from './SessionTimers';
export { setPaymentInProgress } from './payment';

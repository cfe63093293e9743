import type { SessionTimings } from './timers.js';

/**
 * The server's side of the session timers (issue 10 items 5 and 6). The web app logs a user out
 * after its idle countdown; the server refuses the session's tokens a little after that moment, so
 * that the web app's own logout (which reports the timeout with the session's token) still works,
 * and a device whose web app did not log out is refused all the same.
 */

/** The web app tells the server about activity it would not otherwise see at most this late. */
export const activityReportMs = 30_000;

/**
 * How far the server's idle limit lies after the web app's logout: the web app's report comes at
 * most activityReportMs late, and another server instance writes the activity it saw at most
 * activityReportMs late.
 */
export const serverIdleToleranceMs = 2 * activityReportMs;

/**
 * When the web app's timers log out a user who does nothing: the idle warning's countdown, or the
 * second guard if that ends first. Payment pages get the longer idle threshold (and their guard
 * grows with it, see the web app's machine.ts).
 */
export function webIdleLogoutMs(timings: SessionTimings, payment = false): number {
  const threshold = payment ? timings.idlePaymentMs : timings.idleMs;
  const guard = timings.guardMs + (threshold - timings.idleMs);
  return Math.min(threshold + timings.warningMs, guard);
}

/** After this long without a request the server refuses a session's access and refresh tokens. */
export function serverIdleLimitMs(timings: SessionTimings, payment = false): number {
  return webIdleLogoutMs(timings, payment) + serverIdleToleranceMs;
}

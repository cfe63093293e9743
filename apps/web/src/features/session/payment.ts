/**
 * Payment in progress: the session timers neither warn nor log out while it is set (Part 1 §4).
 * The checkout feature calls setPaymentInProgress(true) before it hands over to the payment page
 * and setPaymentInProgress(false) when it is done.
 */
let inProgress = false;
const listeners = new Set<(value: boolean) => void>();

export function setPaymentInProgress(value: boolean): void {
  if (value === inProgress) return;
  inProgress = value;
  for (const listener of listeners) listener(value);
}

export function isPaymentInProgress(): boolean {
  return inProgress;
}

export function subscribePayment(listener: (value: boolean) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

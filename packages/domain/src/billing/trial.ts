/** Providers whose mailboxes ignore dots in the local part (and googlemail.com is gmail.com). */
const dotlessDomains: Record<string, string> = { 'gmail.com': 'gmail.com', 'googlemail.com': 'gmail.com' };

/**
 * The mailbox an address reaches, as far as the first-time trial is concerned (Part 2 §9: first-time
 * standard subscribers only): trimmed and lowercased, a `+tag` dropped from the local part, and for
 * Gmail the dots too. Two addresses with the same form reach one person's mailbox, so they share one
 * trial, also after the account behind one of them was deleted (decision 106).
 */
export function trialMailbox(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0 || at === address.length - 1) return address;
  const domain = dotlessDomains[address.slice(at + 1)] ?? address.slice(at + 1);
  let local = address.slice(0, at);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (domain in dotlessDomains) local = local.replace(/\./g, '') || local;
  return `${local}@${domain}`;
}

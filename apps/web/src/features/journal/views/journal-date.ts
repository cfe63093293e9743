/**
 * The day chosen on the week card for the journaling screen (Part 1 §2), in sessionStorage. The key
 * equals entry/draft.ts `chosenDateKey` (a test checks it); it is repeated here so the home's first
 * load does not pull the draft module.
 */
export const journalDateKey = 'ml.journalDate';

export function storeJournalDate(day: string): void {
  try {
    window.sessionStorage.setItem(journalDateKey, day);
  } catch {
    // storage unavailable: the journaling screen falls back to today
  }
}

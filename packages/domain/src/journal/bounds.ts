/**
 * The most one answer of the journal reads carries (issue 19: no answer grows with a history).
 * Plain data, so screens can say so without loading schemas.
 */
export const journalReadBounds = {
  /** A ledger search counts and pages through the newest 1,000 matches (`totalCapped` says so). */
  searchMatches: 1000,
  /** Entries per page of a week or range answer (`limit`, default and most); `next` pages on. */
  rangeEntries: 100,
} as const;

import { describe, expect, it } from 'vitest';
import { chosenDateKey } from '../entry/draft';
import { journalDateKey, storeJournalDate } from './journal-date';

describe('chosen journal date', () => {
  it('is stored under the key the journaling screen reads', () => {
    expect(journalDateKey).toBe(chosenDateKey);
    storeJournalDate('2026-11-16');
    expect(sessionStorage.getItem('ml.journalDate')).toBe('2026-11-16');
  });
});

import type { EntryPage } from '../api';

/** The number a ledger's count line shows: a search total capped at the newest 1,000 reads "1,000+". */
export function entryCount(page: Pick<EntryPage, 'total' | 'totalCapped'>): string {
  return page.totalCapped ? `${page.total.toLocaleString('en-US')}+` : String(page.total);
}

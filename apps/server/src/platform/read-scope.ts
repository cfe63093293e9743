import { and, eq, sql, type Column, type Placeholder, type SQL } from 'drizzle-orm';
import { aiDocuments, documentShares, journalEntries } from '../db/schema/index.js';

/**
 * Who reads a client's data: the client (everything of theirs) or a connected provider (never a
 * private entry, nor anything derived from one). The access policy hands one out per request
 * (`AccessPolicy.readScope`); every read of journal-derived data takes one.
 */
export interface ReadScope {
  patientId: string;
  includePrivate: boolean;
}

/** The client's own view of their data. */
export const ownScope = (patientId: string): ReadScope => ({ patientId, includePrivate: true });

/**
 * The one rule of what a reader sees of a client's journal, as SQL over `journal_entries`: live
 * entries of the client, without the private ones for a provider. The entry reads use it directly;
 * everything derived from entries (goal mentions, counts, dates) goes through `fromVisibleEntry`.
 */
export function visibleEntries(patientId: string | Placeholder, includePrivate: boolean): SQL {
  // `not deleted` written out, never `deleted = $n`: the journal's indexes are partial (`where not
  // deleted`), and a prepared statement's generic plan cannot prove a parameter false, so with a
  // parameter every journal read would fall back to scanning the whole table (decision 072).
  const live = and(eq(journalEntries.patientId, patientId), sql`not ${journalEntries.deleted}`) as SQL;
  return includePrivate ? live : (and(live, sql`not ${journalEntries.isPrivate}`) as SQL);
}

/**
 * Whether a row derived from a journal entry (its entry id in `entryId`; null when it came from no
 * entry) may be seen in the scope: for a provider, only rows of live, non-private entries.
 */
export function fromVisibleEntry(scope: ReadScope, entryId: Column | SQL): SQL {
  if (scope.includePrivate) return sql`true`;
  return sql`(${entryId} is null or exists (select 1 from ${journalEntries}
    where ${journalEntries.id} = ${entryId} and ${visibleEntries(scope.patientId, false)}))`;
}

/**
 * Whether a provider may read what a share names (decision 103), as SQL over `document_shares`
 * left-joined to `ai_documents`: the chat history (no document), or a document that drew on no
 * more private entries than the client agreed to when sharing it. A document made from private
 * entries and shared without that consent stays invisible to the provider on every read.
 */
export function sharedDocumentReadable(): SQL {
  return sql`(${documentShares.documentId} is null or ${aiDocuments.privateEntriesUsed} <= ${documentShares.privateEntriesConsented})`;
}

-- Ledger search: a trigram index per author, so a search reads the matching entries of one client
-- instead of every entry they ever wrote (bench/README.md, Journal). Both extensions are trusted
-- contrib extensions on PostgreSQL 13+ and are loaded into PGlite by db/client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "journal_entries_search_idx" ON "journal_entries"
  USING gin ("patient_id", "search_text" gin_trgm_ops) WHERE NOT "journal_entries"."deleted";

-- Ledger search by per-author trigram keys (decision 044). The trigram index of 0004 kept one
-- posting list per trigram for all users, so every search walked lists as long as the whole platform's
-- use of "gar", "den", … Here each key is the author's id (base64 of the uuid's 16 bytes) followed by
-- a trigram from inside a word, so a posting list holds one author's rows and a search costs what
-- that author's journal holds. A match can only be the author's own row: every key names its author.
-- `SET search_path FROM CURRENT` keeps show_trgm (pg_trgm, 0004) reachable when a dump is restored.
CREATE OR REPLACE FUNCTION journal_search_keys(patient uuid, body text) RETURNS text[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  SET search_path FROM CURRENT
  AS $$
    SELECT coalesce(array_agg(rtrim(encode(uuid_send(patient), 'base64'), '=') || t), '{}')
    FROM unnest(show_trgm(body)) AS t
    WHERE position(' ' in t) = 0
  $$;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "journal_entries_search_keys_idx" ON "journal_entries"
  USING gin (journal_search_keys("patient_id", "search_text")) WHERE NOT "journal_entries"."deleted";--> statement-breakpoint
DROP INDEX IF EXISTS "journal_entries_search_idx";--> statement-breakpoint
-- Every read of this table is one client's rows: a parallel scan never pays for its workers' start.
ALTER TABLE "journal_entries" SET (parallel_workers = 0);

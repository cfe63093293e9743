CREATE TABLE "journal_counts" (
	"patient_id" uuid PRIMARY KEY NOT NULL,
	"entries" integer DEFAULT 0 NOT NULL,
	"shared" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "journal_counts" ADD CONSTRAINT "journal_counts_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Each client's live entries (`entries`) and those a provider may see (`shared`), kept in the
-- transaction of every write to journal_entries by statement-level triggers: one aggregate per
-- statement, so a bulk insert pays once, and no write path (API, seed, import) can forget it.
-- Rows are upserted in patient order so that two statements never lock two counts in opposite order.
CREATE FUNCTION journal_counts_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO journal_counts AS c (patient_id, entries, shared)
    SELECT patient_id, count(*) FILTER (WHERE NOT deleted), count(*) FILTER (WHERE NOT deleted AND NOT is_private)
    FROM new_rows GROUP BY patient_id ORDER BY patient_id
  ON CONFLICT (patient_id) DO UPDATE
    SET entries = c.entries + excluded.entries, shared = c.shared + excluded.shared;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION journal_counts_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO journal_counts AS c (patient_id, entries, shared)
    SELECT patient_id, sum(e), sum(s) FROM (
      SELECT patient_id, (NOT deleted)::int AS e, (NOT deleted AND NOT is_private)::int AS s FROM new_rows
      UNION ALL
      SELECT patient_id, -((NOT deleted)::int), -((NOT deleted AND NOT is_private)::int) FROM old_rows
    ) AS changes
    GROUP BY patient_id HAVING sum(e) <> 0 OR sum(s) <> 0 ORDER BY patient_id
  ON CONFLICT (patient_id) DO UPDATE
    SET entries = c.entries + excluded.entries, shared = c.shared + excluded.shared;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Deletes only update: when the rows go because their client is deleted, the count row goes too.
CREATE FUNCTION journal_counts_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE journal_counts AS c SET entries = c.entries - gone.e, shared = c.shared - gone.s
  FROM (
    SELECT patient_id, count(*) FILTER (WHERE NOT deleted) AS e,
      count(*) FILTER (WHERE NOT deleted AND NOT is_private) AS s
    FROM old_rows GROUP BY patient_id
  ) AS gone
  WHERE c.patient_id = gone.patient_id AND (gone.e <> 0 OR gone.s <> 0);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER journal_counts_insert AFTER INSERT ON journal_entries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION journal_counts_after_insert();--> statement-breakpoint
CREATE TRIGGER journal_counts_update AFTER UPDATE ON journal_entries
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION journal_counts_after_update();--> statement-breakpoint
CREATE TRIGGER journal_counts_delete AFTER DELETE ON journal_entries
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION journal_counts_after_delete();--> statement-breakpoint
INSERT INTO journal_counts (patient_id, entries, shared)
  SELECT patient_id, count(*) FILTER (WHERE NOT deleted), count(*) FILTER (WHERE NOT deleted AND NOT is_private)
  FROM journal_entries GROUP BY patient_id;

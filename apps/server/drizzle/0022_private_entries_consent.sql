ALTER TABLE "ai_documents" ADD COLUMN "private_entries_used" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "document_shares" ADD COLUMN "private_entries_consented" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Initial Journey documents generated before their private entries were counted (decision 103): an
-- upper bound of what each could have drawn on, the client's private entries with an emotion of the
-- 30 days before it (a day more each side for any time zone, deleted ones and those made private
-- since included), so that none reaches a provider again unless the client consents when sharing.
UPDATE "ai_documents" AS d SET "private_entries_used" = (
  SELECT count(*)::int FROM "journal_entries" AS e
  WHERE e."patient_id" = d."patient_id"
    AND e."is_private"
    AND e."primary_emotion" IS NOT NULL
    AND e."created_at" <= d."generated_at"
    AND e."local_day" BETWEEN (d."generated_at" AT TIME ZONE 'UTC')::date - 31
      AND (d."generated_at" AT TIME ZONE 'UTC')::date + 1
)
WHERE d."kind" IN ('therapistProfile', 'interviewGuide', 'emailTemplate', 'selfReflectionSummary');

ALTER TABLE "journal_entries" RENAME COLUMN "swp" TO "day_details";

CREATE TABLE "journal_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"mood" text NOT NULL,
	"emoji" text,
	"notes" text DEFAULT '' NOT NULL,
	"journal_type" text DEFAULT 'chat' NOT NULL,
	"journal_mode" text,
	"chat_messages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_ai_generated" boolean DEFAULT false NOT NULL,
	"emotion_data" jsonb,
	"original_emotion_data" jsonb,
	"emotion" jsonb NOT NULL,
	"core_emotion" text NOT NULL,
	"primary_emotion" text,
	"intensity" integer,
	"sentiment" text NOT NULL,
	"ai_metadata" jsonb,
	"conversation_insights" jsonb,
	"photo_data" jsonb,
	"activities" text[] DEFAULT '{}'::text[] NOT NULL,
	"swp" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_private" boolean DEFAULT false NOT NULL,
	"entry_at" timestamp with time zone NOT NULL,
	"local_day" date NOT NULL,
	"user_timezone" text NOT NULL,
	"user_local_timestamp" text,
	"custom_date" boolean DEFAULT false NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "journal_entries_ledger_idx" ON "journal_entries" USING btree ("patient_id","entry_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE not "journal_entries"."deleted";--> statement-breakpoint
CREATE INDEX "journal_entries_day_idx" ON "journal_entries" USING btree ("patient_id","local_day") WHERE not "journal_entries"."deleted";--> statement-breakpoint
-- Links and mentions recorded before journal entries existed point at no entry: drop the links,
-- keep the mentions as history without an entry.
DELETE FROM "goal_entry_links";--> statement-breakpoint
UPDATE "goal_mentions" SET "entry_id" = NULL WHERE "entry_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "goal_entry_links" ADD CONSTRAINT "goal_entry_links_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goal_mentions" ADD CONSTRAINT "goal_mentions_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "goal_mentions_entry_idx" ON "goal_mentions" USING btree ("entry_id");
CREATE TABLE "care_plan_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"care_plan_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"content" jsonb NOT NULL,
	"edit_mode" text NOT NULL,
	"refinement_details" text,
	"is_signed" boolean DEFAULT false NOT NULL,
	"signed_at" timestamp with time zone,
	"model" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "care_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"current_version" integer DEFAULT 1 NOT NULL,
	"is_signed" boolean DEFAULT false NOT NULL,
	"signed_at" timestamp with time zone,
	"signed_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "note_addenda" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"note_id" uuid NOT NULL,
	"author_id" uuid,
	"author_name" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notes_summaries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"range_start" date NOT NULL,
	"range_end" date NOT NULL,
	"current_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notes_summary_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"summary_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"note_sum" text NOT NULL,
	"json_summary" jsonb NOT NULL,
	"edit_mode" text NOT NULL,
	"refinement_details" text,
	"model" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"title" text NOT NULL,
	"notes" text NOT NULL,
	"additional_notes" text,
	"category" text,
	"priority" text DEFAULT 'normal' NOT NULL,
	"session_date" date NOT NULL,
	"time_minutes" integer NOT NULL,
	"duration" integer NOT NULL,
	"service" text NOT NULL,
	"ai_summary" text,
	"recommendations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"frequency" text NOT NULL,
	"is_signed" boolean DEFAULT false NOT NULL,
	"signed_at" timestamp with time zone,
	"signed_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_shares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"item_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"withdrawn_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "provider_todos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"name" text NOT NULL,
	"notes" text,
	"prescription" text,
	"materials" text,
	"research" text,
	"due_date" date,
	"priority" text DEFAULT 'normal' NOT NULL,
	"done" boolean DEFAULT false NOT NULL,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "care_plan_versions" ADD CONSTRAINT "care_plan_versions_care_plan_id_care_plans_id_fk" FOREIGN KEY ("care_plan_id") REFERENCES "public"."care_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_plan_versions" ADD CONSTRAINT "care_plan_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_plans" ADD CONSTRAINT "care_plans_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_plans" ADD CONSTRAINT "care_plans_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_plans" ADD CONSTRAINT "care_plans_signed_by_users_id_fk" FOREIGN KEY ("signed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note_addenda" ADD CONSTRAINT "note_addenda_note_id_provider_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."provider_notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note_addenda" ADD CONSTRAINT "note_addenda_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes_summaries" ADD CONSTRAINT "notes_summaries_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes_summaries" ADD CONSTRAINT "notes_summaries_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes_summary_versions" ADD CONSTRAINT "notes_summary_versions_summary_id_notes_summaries_id_fk" FOREIGN KEY ("summary_id") REFERENCES "public"."notes_summaries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes_summary_versions" ADD CONSTRAINT "notes_summary_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_notes" ADD CONSTRAINT "provider_notes_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_notes" ADD CONSTRAINT "provider_notes_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_notes" ADD CONSTRAINT "provider_notes_signed_by_users_id_fk" FOREIGN KEY ("signed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_shares" ADD CONSTRAINT "provider_shares_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_shares" ADD CONSTRAINT "provider_shares_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_todos" ADD CONSTRAINT "provider_todos_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_todos" ADD CONSTRAINT "provider_todos_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "care_plan_versions_idx" ON "care_plan_versions" USING btree ("care_plan_id","version");--> statement-breakpoint
CREATE INDEX "care_plans_client_idx" ON "care_plans" USING btree ("provider_id","patient_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "note_addenda_note_idx" ON "note_addenda" USING btree ("note_id","created_at");--> statement-breakpoint
CREATE INDEX "notes_summaries_client_idx" ON "notes_summaries" USING btree ("provider_id","patient_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "notes_summary_versions_idx" ON "notes_summary_versions" USING btree ("summary_id","version");--> statement-breakpoint
CREATE INDEX "provider_notes_client_idx" ON "provider_notes" USING btree ("provider_id","patient_id","session_date" DESC NULLS LAST,"time_minutes" DESC NULLS LAST,"created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "provider_notes_provider_idx" ON "provider_notes" USING btree ("provider_id","session_date" DESC NULLS LAST,"time_minutes" DESC NULLS LAST,"created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "provider_notes_signed_idx" ON "provider_notes" USING btree ("provider_id","signed_at") WHERE "provider_notes"."is_signed";--> statement-breakpoint
CREATE INDEX "provider_shares_patient_idx" ON "provider_shares" USING btree ("patient_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "provider_shares_live_idx" ON "provider_shares" USING btree ("kind","item_id","version") WHERE "provider_shares"."withdrawn_at" is null;--> statement-breakpoint
CREATE INDEX "provider_todos_client_idx" ON "provider_todos" USING btree ("provider_id","patient_id","done","created_at" DESC NULLS LAST);
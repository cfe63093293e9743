CREATE TABLE "ai_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"content" jsonb NOT NULL,
	"model" text NOT NULL,
	"prompt_version" text NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"period_start" date,
	"period_end" date,
	"generated_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard_shares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"withdrawn_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "document_shares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"document_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"withdrawn_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "initial_journey_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"role" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "weekly_automation_settings" (
	"patient_id" uuid PRIMARY KEY NOT NULL,
	"automatic_generation" boolean DEFAULT true NOT NULL,
	"automation_day" integer DEFAULT 0 NOT NULL,
	"timezone" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "weekly_generation_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"status" text NOT NULL,
	"document_id" uuid,
	"error" text,
	"start_time" timestamp with time zone NOT NULL,
	"completed_time" timestamp with time zone,
	"failed_time" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "ai_documents" ADD CONSTRAINT "ai_documents_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_shares" ADD CONSTRAINT "dashboard_shares_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_shares" ADD CONSTRAINT "dashboard_shares_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_shares" ADD CONSTRAINT "document_shares_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_shares" ADD CONSTRAINT "document_shares_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_shares" ADD CONSTRAINT "document_shares_document_id_ai_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."ai_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "initial_journey_messages" ADD CONSTRAINT "initial_journey_messages_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weekly_automation_settings" ADD CONSTRAINT "weekly_automation_settings_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weekly_generation_jobs" ADD CONSTRAINT "weekly_generation_jobs_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weekly_generation_jobs" ADD CONSTRAINT "weekly_generation_jobs_document_id_ai_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."ai_documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_documents_patient_kind_idx" ON "ai_documents" USING btree ("patient_id","kind","generated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "ai_documents_weekly_period_idx" ON "ai_documents" USING btree ("patient_id","period_start") WHERE "ai_documents"."kind" = 'weeklyReport';--> statement-breakpoint
CREATE INDEX "dashboard_shares_provider_idx" ON "dashboard_shares" USING btree ("provider_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "document_shares_live_idx" ON "document_shares" USING btree ("patient_id","provider_id","kind",coalesce("document_id", '00000000-0000-0000-0000-000000000000'::uuid)) WHERE "document_shares"."withdrawn_at" is null;--> statement-breakpoint
CREATE INDEX "document_shares_provider_idx" ON "document_shares" USING btree ("provider_id","patient_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "initial_journey_messages_seq_idx" ON "initial_journey_messages" USING btree ("patient_id","seq");--> statement-breakpoint
CREATE INDEX "weekly_generation_jobs_patient_idx" ON "weekly_generation_jobs" USING btree ("patient_id","start_time" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "weekly_generation_jobs_running_idx" ON "weekly_generation_jobs" USING btree ("patient_id","start_date") WHERE "weekly_generation_jobs"."status" = 'generating';
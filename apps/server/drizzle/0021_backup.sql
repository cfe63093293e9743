CREATE TABLE "backup_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"file_key" text,
	"file_name" text,
	"size" integer,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error" text,
	"created_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "backup_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"source" text,
	"status" text NOT NULL,
	"file_key" text,
	"file_name" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"summary" jsonb,
	"result" jsonb,
	"progress" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "goals" ADD COLUMN "import_key" text;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD COLUMN "import_key" text;--> statement-breakpoint
ALTER TABLE "backup_exports" ADD CONSTRAINT "backup_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backup_imports" ADD CONSTRAINT "backup_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "backup_exports_user_idx" ON "backup_exports" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "backup_exports_expiry_idx" ON "backup_exports" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "backup_imports_user_idx" ON "backup_imports" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "goals_import_key_idx" ON "goals" USING btree ("patient_id","import_key") WHERE "goals"."import_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "journal_entries_import_key_idx" ON "journal_entries" USING btree ("patient_id","import_key") WHERE "journal_entries"."import_key" is not null;
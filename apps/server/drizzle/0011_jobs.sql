CREATE TABLE "job_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"data" jsonb NOT NULL,
	"key" text,
	"start_after" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	CONSTRAINT "job_outbox_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "job_ticks" (
	"name" text PRIMARY KEY NOT NULL,
	"due_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_schedules" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"time_zone" text NOT NULL,
	"local_time" text NOT NULL,
	"weekdays" jsonb NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"next_slot" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_schedules_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
ALTER TABLE "user_schedules" ADD CONSTRAINT "user_schedules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_outbox_unsent_idx" ON "job_outbox" USING btree ("created_at") WHERE "job_outbox"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "job_outbox_sent_idx" ON "job_outbox" USING btree ("sent_at");--> statement-breakpoint
CREATE INDEX "user_schedules_due_idx" ON "user_schedules" USING btree ("kind","due_at");
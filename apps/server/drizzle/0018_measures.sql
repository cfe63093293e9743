CREATE TABLE "measure_assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"every_weeks" integer,
	"due_at" timestamp with time zone NOT NULL,
	"notified_at" timestamp with time zone,
	"stopped_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "measure_responses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"assignment_id" uuid,
	"cycle_due_at" timestamp with time zone,
	"answers" jsonb NOT NULL,
	"total" integer NOT NULL,
	"safety_alert" boolean DEFAULT false NOT NULL,
	"completed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "measure_assignments" ADD CONSTRAINT "measure_assignments_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measure_assignments" ADD CONSTRAINT "measure_assignments_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measure_responses" ADD CONSTRAINT "measure_responses_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measure_responses" ADD CONSTRAINT "measure_responses_assignment_id_measure_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."measure_assignments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "measure_assignments_patient_idx" ON "measure_assignments" USING btree ("patient_id","due_at");--> statement-breakpoint
CREATE INDEX "measure_assignments_due_idx" ON "measure_assignments" USING btree ("due_at") WHERE "measure_assignments"."stopped_at" is null;--> statement-breakpoint
CREATE INDEX "measure_responses_patient_idx" ON "measure_responses" USING btree ("patient_id","kind","completed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "measure_responses_cycle_idx" ON "measure_responses" USING btree ("assignment_id","cycle_due_at");
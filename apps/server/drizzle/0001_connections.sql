CREATE TABLE "connection_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"connection_id" uuid NOT NULL,
	"actor_id" uuid,
	"actor_role" text NOT NULL,
	"kind" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"from_connection_status" text,
	"to_connection_status" text NOT NULL,
	"reason" text,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"inviter_id" uuid NOT NULL,
	"inviter_role" text NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "reactivation_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"connection_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "connections_patient_idx";--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "access_level" text DEFAULT 'full' NOT NULL;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "inactive_reason" text;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "status_changed_by" uuid;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "status_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "last_activity_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "connection_events" ADD CONSTRAINT "connection_events_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connection_events" ADD CONSTRAINT "connection_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_invitations" ADD CONSTRAINT "email_invitations_inviter_id_users_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reactivation_tokens" ADD CONSTRAINT "reactivation_tokens_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "connection_events_connection_idx" ON "connection_events" USING btree ("connection_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "email_invitations_inviter_email_key" ON "email_invitations" USING btree ("inviter_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "email_invitations_token_key" ON "email_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "email_invitations_open_email_idx" ON "email_invitations" USING btree ("email") WHERE claimed_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "reactivation_tokens_hash_key" ON "reactivation_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "reactivation_tokens_connection_idx" ON "reactivation_tokens" USING btree ("connection_id");--> statement-breakpoint
ALTER TABLE "connections" ADD CONSTRAINT "connections_status_changed_by_users_id_fk" FOREIGN KEY ("status_changed_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "connections_provider_list_idx" ON "connections" USING btree ("provider_id","status","updated_at");--> statement-breakpoint
CREATE INDEX "connections_provider_state_idx" ON "connections" USING btree ("provider_id","connection_status","updated_at");--> statement-breakpoint
CREATE INDEX "connections_patient_idx" ON "connections" USING btree ("patient_id","status","updated_at");
CREATE TABLE "client_audit_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"actor_id" uuid NOT NULL,
	"actor_role" text NOT NULL,
	"action" text NOT NULL,
	"resource_type" text,
	"resource_id" text,
	"metadata" jsonb,
	"ip" text,
	"user_agent" text,
	"request_id" text
);
--> statement-breakpoint
CREATE INDEX "client_audit_events_actor_idx" ON "client_audit_events" USING btree ("actor_id","received_at");--> statement-breakpoint
-- What clients reported before this migration moves out of the server's trail, without a subject.
INSERT INTO "client_audit_events" ("received_at", "actor_id", "actor_role", "action", "resource_type", "resource_id", "metadata", "ip", "user_agent", "request_id")
SELECT "occurred_at", "actor_id", coalesce("actor_role", ''), "action", "resource_type", "resource_id", "metadata", "ip", "user_agent", "request_id"
FROM "audit_logs" WHERE "source" = 'client' AND "actor_id" IS NOT NULL;--> statement-breakpoint
DELETE FROM "audit_logs" WHERE "source" = 'client';--> statement-breakpoint
ALTER TABLE "audit_logs" DROP COLUMN "source";
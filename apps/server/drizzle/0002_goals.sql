CREATE TABLE "goal_entry_links" (
	"goal_id" uuid NOT NULL,
	"entry_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "goal_entry_links_goal_id_entry_id_pk" PRIMARY KEY("goal_id","entry_id")
);
--> statement-breakpoint
CREATE TABLE "goal_mentions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"goal_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"entry_id" uuid,
	"mood_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "goal_notification_settings" (
	"patient_id" uuid PRIMARY KEY NOT NULL,
	"reminder_period" text DEFAULT 'daily' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "goals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"created_by" uuid NOT NULL,
	"type" text NOT NULL,
	"text" text NOT NULL,
	"text_key" text NOT NULL,
	"notes" text,
	"emoji" text DEFAULT '🎯' NOT NULL,
	"priority" integer DEFAULT 3 NOT NULL,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"target_date" timestamp with time zone,
	"home_page_visible" boolean DEFAULT false NOT NULL,
	"is_preset" boolean DEFAULT false NOT NULL,
	"preset_id" text,
	"mention_count" integer DEFAULT 0 NOT NULL,
	"last_mention_date" timestamp with time zone,
	"completed" boolean DEFAULT false NOT NULL,
	"completed_at" timestamp with time zone,
	"abandoned" boolean DEFAULT false NOT NULL,
	"abandoned_at" timestamp with time zone,
	"deleted" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "goal_entry_links" ADD CONSTRAINT "goal_entry_links_goal_id_goals_id_fk" FOREIGN KEY ("goal_id") REFERENCES "public"."goals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goal_entry_links" ADD CONSTRAINT "goal_entry_links_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goal_mentions" ADD CONSTRAINT "goal_mentions_goal_id_goals_id_fk" FOREIGN KEY ("goal_id") REFERENCES "public"."goals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goal_mentions" ADD CONSTRAINT "goal_mentions_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goal_notification_settings" ADD CONSTRAINT "goal_notification_settings_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goals" ADD CONSTRAINT "goals_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goals" ADD CONSTRAINT "goals_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "goal_entry_links_entry_idx" ON "goal_entry_links" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "goal_entry_links_patient_idx" ON "goal_entry_links" USING btree ("patient_id","created_at");--> statement-breakpoint
CREATE INDEX "goal_mentions_goal_idx" ON "goal_mentions" USING btree ("goal_id","created_at");--> statement-breakpoint
CREATE INDEX "goals_patient_idx" ON "goals" USING btree ("patient_id","deleted","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "goals_active_text_key" ON "goals" USING btree ("patient_id","text_key") WHERE not "goals"."completed" and not "goals"."abandoned" and not "goals"."deleted";
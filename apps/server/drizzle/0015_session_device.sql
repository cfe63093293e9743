ALTER TABLE "sessions" ADD COLUMN "device_key" text;--> statement-breakpoint
CREATE INDEX "sessions_user_device_idx" ON "sessions" USING btree ("user_id","device_key");
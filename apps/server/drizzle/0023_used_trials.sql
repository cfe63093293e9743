CREATE TABLE "used_trials" (
	"mailbox_hash" text PRIMARY KEY NOT NULL
);

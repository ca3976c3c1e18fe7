CREATE TABLE "sign_in_locks" (
	"subject" text PRIMARY KEY NOT NULL,
	"failures" smallint DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone,
	"locks" smallint DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
-- Accounts locked for good until a reset (the old rule) are locked as the new rule locks: 15 minutes from then.
INSERT INTO "sign_in_locks" ("subject", "locks", "locked_until")
SELECT 'account:' || "id", 1, "locked_at" + interval '15 minutes' FROM "users" WHERE "locked_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "failed_sign_ins";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "failed_sign_ins_since";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "locked_at";
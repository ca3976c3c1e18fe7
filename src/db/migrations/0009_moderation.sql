CREATE TABLE "moderation_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_id" integer,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" integer NOT NULL,
	"subject_id" integer,
	"reason" text NOT NULL,
	"days" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "moderation_actions_action_ck" CHECK ("moderation_actions"."action" IN ('dismiss', 'hide', 'restore', 'warn', 'suspend', 'flag', 'unflag', 'auto_hide'))
);
--> statement-breakpoint
DROP INDEX "reviews_product_created_idx";--> statement-breakpoint
DROP INDEX "reviews_product_helpful_idx";--> statement-breakpoint
DROP INDEX "reviews_product_highest_idx";--> statement-breakpoint
DROP INDEX "reviews_product_lowest_idx";--> statement-breakpoint
ALTER TABLE "answers" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "answers" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "answers" ADD COLUMN "hidden_automatically" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "article_comments" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "article_comments" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "article_comments" ADD COLUMN "hidden_automatically" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "comment_replies" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "comment_replies" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "comment_replies" ADD COLUMN "hidden_automatically" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "flagged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "flag_reason" text;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "hidden_automatically" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "resolved_by" integer;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "review_comments" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "review_comments" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "review_comments" ADD COLUMN "hidden_automatically" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "hidden_automatically" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "role" text DEFAULT 'user' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspension_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "trusted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "moderation_actions_created_idx" ON "moderation_actions" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "moderation_actions_subject_idx" ON "moderation_actions" USING btree ("subject_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "moderation_actions_target_idx" ON "moderation_actions" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "reports_open_idx" ON "reports" USING btree ("created_at","id") WHERE "reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "reports_reporter_idx" ON "reports" USING btree ("reporter_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reviews_product_created_idx" ON "reviews" USING btree ("product_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "reviews"."hidden_at" IS NULL;--> statement-breakpoint
CREATE INDEX "reviews_product_helpful_idx" ON "reviews" USING btree ("product_id","helpful" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "reviews"."hidden_at" IS NULL;--> statement-breakpoint
CREATE INDEX "reviews_product_highest_idx" ON "reviews" USING btree ("product_id","overall" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "reviews"."hidden_at" IS NULL;--> statement-breakpoint
CREATE INDEX "reviews_product_lowest_idx" ON "reviews" USING btree ("product_id","overall","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "reviews"."hidden_at" IS NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_target_ck" CHECK ("reports"."target_type" IN ('review', 'comment', 'reply', 'question', 'answer', 'article_comment', 'product', 'user'));--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_status_ck" CHECK ("reports"."status" IN ('open', 'resolved'));--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_outcome_ck" CHECK (("reports"."status" = 'open') = ("reports"."outcome" IS NULL) AND "reports"."outcome" IN ('action_taken', 'no_action'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_ck" CHECK ("users"."role" IN ('user', 'moderator', 'admin'));--> statement-breakpoint
-- The audit log is append-only: no statement may change or remove what it recorded.
CREATE FUNCTION moderation_actions_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'moderation_actions is append-only' USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER moderation_actions_no_change BEFORE UPDATE OR DELETE ON moderation_actions
  FOR EACH ROW EXECUTE FUNCTION moderation_actions_append_only();--> statement-breakpoint
CREATE TRIGGER moderation_actions_no_truncate BEFORE TRUNCATE ON moderation_actions
  FOR EACH STATEMENT EXECUTE FUNCTION moderation_actions_append_only();--> statement-breakpoint
-- Accounts that already posted have made their first contribution.
UPDATE users u SET trusted_at = u.created_at
  WHERE EXISTS (SELECT 1 FROM reviews WHERE user_id = u.id)
    OR EXISTS (SELECT 1 FROM questions WHERE user_id = u.id)
    OR EXISTS (SELECT 1 FROM answers WHERE user_id = u.id)
    OR EXISTS (SELECT 1 FROM review_comments WHERE user_id = u.id)
    OR EXISTS (SELECT 1 FROM comment_replies WHERE user_id = u.id);

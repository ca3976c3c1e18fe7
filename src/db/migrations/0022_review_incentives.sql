ALTER TABLE "moderation_actions" DROP CONSTRAINT "moderation_actions_action_ck";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "incentivised_reviews" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "incentivised_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "incentive" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "incentive_locked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "owned_since" date;--> statement-breakpoint
CREATE INDEX "reviews_product_incentivised_idx" ON "reviews" USING btree ("product_id","star") WHERE "reviews"."incentive" <> 'none' AND "reviews"."hidden_at" IS NULL;--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD CONSTRAINT "moderation_actions_action_ck" CHECK ("moderation_actions"."action" IN ('dismiss', 'hide', 'restore', 'warn', 'suspend', 'flag', 'unflag', 'label', 'auto_hide', 'uphold'));--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_incentive_ck" CHECK ("reviews"."incentive" IN ('none', 'free', 'discount', 'paid'));
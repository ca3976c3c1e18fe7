CREATE TABLE "ownership_proofs" (
	"review_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "moderation_actions" DROP CONSTRAINT "moderation_actions_action_ck";--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ownership_proofs" ADD CONSTRAINT "ownership_proofs_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ownership_proofs" ADD CONSTRAINT "ownership_proofs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reviews_product_verified_idx" ON "reviews" USING btree ("product_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "reviews"."verified_at" IS NOT NULL AND "reviews"."hidden_at" IS NULL;--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD CONSTRAINT "moderation_actions_action_ck" CHECK ("moderation_actions"."action" IN ('dismiss', 'hide', 'restore', 'warn', 'suspend', 'flag', 'unflag', 'label', 'auto_hide', 'uphold', 'verify', 'decline_proof'));
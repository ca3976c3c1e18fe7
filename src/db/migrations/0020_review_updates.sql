CREATE TABLE "review_updates" (
	"id" serial PRIMARY KEY NOT NULL,
	"review_id" integer NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "review_updates" ADD CONSTRAINT "review_updates_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_updates_review_idx" ON "review_updates" USING btree ("review_id","id");
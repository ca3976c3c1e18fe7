CREATE TABLE "review_points" (
	"review_id" integer NOT NULL,
	"topic" text NOT NULL,
	"tone" smallint NOT NULL,
	CONSTRAINT "review_points_review_id_topic_pk" PRIMARY KEY("review_id","topic"),
	CONSTRAINT "review_points_tone_ck" CHECK ("review_points"."tone" IN (-1, 1))
);
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "points_version" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "review_points" ADD CONSTRAINT "review_points_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;
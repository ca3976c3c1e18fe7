CREATE TABLE "product_points" (
	"product_id" integer NOT NULL,
	"topic" text NOT NULL,
	"tone" smallint NOT NULL,
	"reviews" integer NOT NULL,
	CONSTRAINT "product_points_product_id_topic_tone_pk" PRIMARY KEY("product_id","topic","tone")
);
--> statement-breakpoint
ALTER TABLE "product_points" ADD CONSTRAINT "product_points_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The counts of the reviews already read (decision 0034).
INSERT INTO "product_points" ("product_id", "topic", "tone", "reviews")
SELECT r."product_id", p."topic", p."tone", count(*)::int FROM "review_points" p
JOIN "reviews" r ON r."id" = p."review_id"
WHERE r."hidden_at" IS NULL
GROUP BY 1, 2, 3;

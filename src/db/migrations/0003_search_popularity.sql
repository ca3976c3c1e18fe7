ALTER TABLE "products" ADD COLUMN "popularity" integer GENERATED ALWAYS AS (views + 10 * upvotes + 20 * total_reviews) STORED;--> statement-breakpoint
ALTER TABLE "search_terms" ADD COLUMN "products" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "products_category_popularity_idx" ON "products" USING btree ("category_id","popularity" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "products_search_popularity_idx" ON "products" USING btree ("popularity" DESC NULLS LAST, "id") INCLUDE ("brand_id", "verified", "model", "search_text", "search_vector");--> statement-breakpoint
UPDATE "search_terms" s SET "products" = c.n FROM (
	SELECT w, count(*)::int AS n FROM "products", unnest(string_to_array("search_text", ' ')) AS w WHERE w <> '' GROUP BY w
) c WHERE c.w = s."term";

-- Search reads broad queries from this covering index, in popularity order (decision 0005). Hidden models are
-- never hits (issue 19): the index holds only the listed ones, so the hits stay an index-only scan.
DROP INDEX IF EXISTS "products_search_popularity_idx";--> statement-breakpoint
CREATE INDEX "products_search_popularity_idx" ON "products" USING btree ("popularity" DESC NULLS LAST, "id") INCLUDE ("brand_id", "verified", "model", "search_text", "search_vector") WHERE NOT "hidden";

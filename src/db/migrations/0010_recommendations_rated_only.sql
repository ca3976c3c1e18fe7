DROP INDEX "products_rec_build_quality_idx";--> statement-breakpoint
DROP INDEX "products_rec_features_idx";--> statement-breakpoint
DROP INDEX "products_rec_look_and_feel_idx";--> statement-breakpoint
DROP INDEX "products_rec_performance_idx";--> statement-breakpoint
ALTER TABLE "products" drop column "rec_rating";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "rec_rating" double precision GENERATED ALWAYS AS (CASE WHEN total_reviews >= 10 THEN (5 * coalesce(2 + 0.025::float8 * spec_score, 3) + 0.5::float8 * rating_sum) / (5 + total_reviews) ELSE coalesce(2 + 0.025::float8 * spec_score, 3) END) STORED;--> statement-breakpoint
ALTER TABLE "products" drop column "rec_value";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "rec_value" double precision GENERATED ALWAYS AS (CASE WHEN total_reviews >= 10 THEN (5 * coalesce(2 + 0.025::float8 * spec_score, 3) + 0.5::float8 * rating_sum) / (5 + total_reviews) ELSE coalesce(2 + 0.025::float8 * spec_score, 3) END * power(greatest(price, 1)::float8, -0.25)) STORED;--> statement-breakpoint
ALTER TABLE "products" drop column "rec_build_quality";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "rec_build_quality" double precision GENERATED ALWAYS AS (CASE WHEN total_reviews >= 10 THEN (5 * coalesce(2 + 0.025::float8 * spec_score, 3) + 0.5::float8 * build_quality_sum) / (5 + total_reviews) ELSE coalesce(2 + 0.025::float8 * spec_score, 3) END) STORED;--> statement-breakpoint
ALTER TABLE "products" drop column "rec_features";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "rec_features" double precision GENERATED ALWAYS AS (CASE WHEN total_reviews >= 10 THEN (5 * coalesce(2 + 0.025::float8 * spec_score, 3) + 0.5::float8 * features_sum) / (5 + total_reviews) ELSE coalesce(2 + 0.025::float8 * spec_score, 3) END) STORED;--> statement-breakpoint
ALTER TABLE "products" drop column "rec_look_and_feel";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "rec_look_and_feel" double precision GENERATED ALWAYS AS (CASE WHEN total_reviews >= 10 THEN (5 * coalesce(2 + 0.025::float8 * spec_score, 3) + 0.5::float8 * look_and_feel_sum) / (5 + total_reviews) ELSE coalesce(2 + 0.025::float8 * spec_score, 3) END) STORED;--> statement-breakpoint
ALTER TABLE "products" drop column "rec_performance";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "rec_performance" double precision GENERATED ALWAYS AS (CASE WHEN total_reviews >= 10 THEN (5 * coalesce(2 + 0.025::float8 * spec_score, 3) + 0.5::float8 * performance_sum) / (5 + total_reviews) ELSE coalesce(2 + 0.025::float8 * spec_score, 3) END) STORED;--> statement-breakpoint
CREATE INDEX "products_rec_build_quality_idx" ON "products" USING btree ("category_id","rec_build_quality" DESC NULLS LAST,"rec_rating" DESC NULLS LAST,"release_date" DESC NULLS LAST,"id") WHERE verified;--> statement-breakpoint
CREATE INDEX "products_rec_features_idx" ON "products" USING btree ("category_id","rec_features" DESC NULLS LAST,"rec_rating" DESC NULLS LAST,"release_date" DESC NULLS LAST,"id") WHERE verified;--> statement-breakpoint
CREATE INDEX "products_rec_look_and_feel_idx" ON "products" USING btree ("category_id","rec_look_and_feel" DESC NULLS LAST,"rec_rating" DESC NULLS LAST,"release_date" DESC NULLS LAST,"id") WHERE verified;--> statement-breakpoint
CREATE INDEX "products_rec_performance_idx" ON "products" USING btree ("category_id","rec_performance" DESC NULLS LAST,"rec_rating" DESC NULLS LAST,"release_date" DESC NULLS LAST,"id") WHERE verified;--> statement-breakpoint
-- Dropping rec_value dropped its index with it (drizzle-kit does not see that): made again, as in 0006.
CREATE INDEX "products_rec_value_idx" ON "products" USING btree ("category_id","rec_value" DESC NULLS LAST,"id") WHERE verified;

CREATE TABLE "user_preferences" (
	"user_id" integer NOT NULL,
	"category_id" text NOT NULL,
	"budget_min" integer NOT NULL,
	"budget_max" integer NOT NULL,
	"focus_area" smallint NOT NULL,
	"released_within" smallint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_preferences_user_id_category_id_pk" PRIMARY KEY("user_id","category_id"),
	CONSTRAINT "user_preferences_budget_ck" CHECK ("user_preferences"."budget_min" BETWEEN 5000 AND "user_preferences"."budget_max" AND "user_preferences"."budget_max" <= 125000),
	CONSTRAINT "user_preferences_focus_ck" CHECK ("user_preferences"."focus_area" BETWEEN 1 AND 4),
	CONSTRAINT "user_preferences_window_ck" CHECK ("user_preferences"."released_within" IN (12, 24, 36))
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "rec_rating" double precision GENERATED ALWAYS AS ((5 * coalesce(2 + 0.025::float8 * spec_score, 3) + 0.5::float8 * rating_sum) / (5 + total_reviews)) STORED;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "rec_value" double precision GENERATED ALWAYS AS ((5 * coalesce(2 + 0.025::float8 * spec_score, 3) + 0.5::float8 * rating_sum) / (5 + total_reviews) * power(greatest(price, 1)::float8, -0.25)) STORED;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "rec_build_quality" double precision GENERATED ALWAYS AS ((5 * coalesce(2 + 0.025::float8 * spec_score, 3) + 0.5::float8 * build_quality_sum) / (5 + total_reviews)) STORED;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "rec_features" double precision GENERATED ALWAYS AS ((5 * coalesce(2 + 0.025::float8 * spec_score, 3) + 0.5::float8 * features_sum) / (5 + total_reviews)) STORED;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "rec_look_and_feel" double precision GENERATED ALWAYS AS ((5 * coalesce(2 + 0.025::float8 * spec_score, 3) + 0.5::float8 * look_and_feel_sum) / (5 + total_reviews)) STORED;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "rec_performance" double precision GENERATED ALWAYS AS ((5 * coalesce(2 + 0.025::float8 * spec_score, 3) + 0.5::float8 * performance_sum) / (5 + total_reviews)) STORED;--> statement-breakpoint
ALTER TABLE "user_preferences" ADD CONSTRAINT "user_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_preferences" ADD CONSTRAINT "user_preferences_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_rec_value_idx" ON "products" USING btree ("category_id","rec_value" DESC NULLS LAST,"id") WHERE verified;--> statement-breakpoint
CREATE INDEX "products_rec_build_quality_idx" ON "products" USING btree ("category_id","rec_build_quality" DESC NULLS LAST,"rec_rating" DESC NULLS LAST,"id") WHERE verified;--> statement-breakpoint
CREATE INDEX "products_rec_features_idx" ON "products" USING btree ("category_id","rec_features" DESC NULLS LAST,"rec_rating" DESC NULLS LAST,"id") WHERE verified;--> statement-breakpoint
CREATE INDEX "products_rec_look_and_feel_idx" ON "products" USING btree ("category_id","rec_look_and_feel" DESC NULLS LAST,"rec_rating" DESC NULLS LAST,"id") WHERE verified;--> statement-breakpoint
CREATE INDEX "products_rec_performance_idx" ON "products" USING btree ("category_id","rec_performance" DESC NULLS LAST,"rec_rating" DESC NULLS LAST,"id") WHERE verified;--> statement-breakpoint
CREATE INDEX "products_rec_popular_idx" ON "products" USING btree ("category_id","popularity" DESC NULLS LAST,"spec_score" DESC NULLS LAST,"id") WHERE verified;
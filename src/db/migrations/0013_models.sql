CREATE TABLE "catalogue_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_variants" (
	"id" integer PRIMARY KEY DEFAULT nextval('products_id_seq') NOT NULL,
	"product_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	"model" text NOT NULL,
	"variant" text DEFAULT '' NOT NULL,
	"price" integer,
	"ram_gb" real,
	"storage_gb" integer,
	"release_date" date,
	"listing_confidence" text DEFAULT 'confirmed' NOT NULL,
	"attributes" jsonb NOT NULL,
	"features" text[] DEFAULT '{}'::text[] NOT NULL,
	"facets" text[] DEFAULT '{}'::text[] NOT NULL,
	"spec_score" smallint,
	"sources" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "products_natural_key_uq";--> statement-breakpoint
DROP INDEX "reviews_product_user_uq";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "price_max" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "default_variant_id" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "variant_count" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "model_key" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "listing_confidence" text DEFAULT 'confirmed' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "known_attributes" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sources" jsonb;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "variant_id" integer;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "merged_duplicate" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_natural_key_uq" ON "product_variants" USING btree ("brand_id","model","variant");--> statement-breakpoint
CREATE INDEX "product_variants_product_price_idx" ON "product_variants" USING btree ("product_id","price","id");--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "products_model_key_uq" ON "products" USING btree ("category_id","model_key");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_product_user_uq" ON "reviews" USING btree ("product_id","user_id") WHERE NOT "reviews"."merged_duplicate";--> statement-breakpoint
-- Every existing product becomes a model with one variant of the same id (so every address keeps working);
-- the next catalogue import groups variants into their models (src/db/catalogue/regroup.ts).
INSERT INTO "product_variants" ("id", "product_id", "brand_id", "model", "variant", "price", "ram_gb",
  "storage_gb", "release_date", "listing_confidence", "attributes", "features", "facets", "spec_score", "created_at",
  "updated_at")
SELECT p."id", p."id", p."brand_id", p."model", p."variant", p."price",
  CASE WHEN p."category_id" = 'C001' THEN (p."attributes"->'attribute_10'->>'v')::real END,
  CASE WHEN p."category_id" = 'C001' THEN round((p."attributes"->'attribute_11'->>'v')::numeric)::int END,
  p."release_date", CASE WHEN p."verified" THEN 'confirmed' ELSE 'partial' END, p."attributes", p."features",
  p."facets", p."spec_score", p."created_at", p."updated_at"
FROM "products" p;--> statement-breakpoint
UPDATE "products" SET "default_variant_id" = "id", "price_max" = "price",
  "listing_confidence" = CASE WHEN "verified" THEN 'confirmed' ELSE 'partial' END,
  "known_attributes" = (SELECT count(*) FROM jsonb_object_keys("attributes"));

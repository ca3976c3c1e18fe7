ALTER TABLE "products" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Existing products: listed when created, changed since by their latest visible review.
UPDATE "products" p SET "updated_at" = greatest(p."created_at",
  (SELECT max(coalesce(r."updated_at", r."created_at")) FROM "reviews" r WHERE r."product_id" = p."id" AND r."hidden_at" IS NULL));

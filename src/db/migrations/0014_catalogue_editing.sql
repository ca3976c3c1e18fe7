CREATE TABLE "catalogue_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_id" integer,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" integer NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"credited_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"variant_id" integer NOT NULL,
	"price" integer NOT NULL,
	"source" text NOT NULL,
	"observed_at" date NOT NULL,
	"recorded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_history_price_ck" CHECK ("price_history"."price" > 0)
);
--> statement-breakpoint
CREATE TABLE "product_photo_files" (
	"photo_id" integer NOT NULL,
	"format" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "product_photo_files_photo_id_format_width_pk" PRIMARY KEY("photo_id","format","width"),
	CONSTRAINT "product_photo_files_format_ck" CHECK ("product_photo_files"."format" IN ('webp', 'avif'))
);
--> statement-breakpoint
CREATE TABLE "product_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"alt" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_redirects" (
	"from_id" integer PRIMARY KEY NOT NULL,
	"to_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_role_ck";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "status" text DEFAULT 'available' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "photo_id" integer;--> statement-breakpoint
ALTER TABLE "catalogue_changes" ADD CONSTRAINT "catalogue_changes_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_changes" ADD CONSTRAINT "catalogue_changes_credited_user_id_users_id_fk" FOREIGN KEY ("credited_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_history" ADD CONSTRAINT "price_history_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_history" ADD CONSTRAINT "price_history_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_photo_files" ADD CONSTRAINT "product_photo_files_photo_id_product_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."product_photos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_photos" ADD CONSTRAINT "product_photos_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_photos" ADD CONSTRAINT "product_photos_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalogue_changes_created_idx" ON "catalogue_changes" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "catalogue_changes_target_idx" ON "catalogue_changes" USING btree ("target_type","target_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "price_history_variant_idx" ON "price_history" USING btree ("variant_id","observed_at","id");--> statement-breakpoint
CREATE INDEX "product_photos_product_idx" ON "product_photos" USING btree ("product_id","position","id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_status_ck" CHECK ("products"."status" IN ('rumoured', 'announced', 'available', 'discontinued'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_ck" CHECK ("users"."role" IN ('user', 'moderator', 'editor', 'admin'));--> statement-breakpoint
-- The price history starts with the prices the catalogue file listed (an upgraded database; a fresh one gets
-- them from the import).
INSERT INTO "price_history" ("variant_id", "price", "source", "observed_at")
SELECT v."id", v."price", 'Catalogue file',
  coalesce((SELECT "value"::date FROM "catalogue_meta" WHERE "key" = 'prices_as_of'), current_date)
FROM "product_variants" v WHERE v."price" > 0;--> statement-breakpoint
UPDATE "products" SET "status" = 'rumoured' WHERE "listing_confidence" = 'rumoured';

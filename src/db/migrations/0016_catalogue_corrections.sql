CREATE TABLE "catalogue_corrections" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"variant_id" integer,
	"user_id" integer NOT NULL,
	"field" text NOT NULL,
	"value" text NOT NULL,
	"price_value" integer,
	"source_url" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decline_reason" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalogue_corrections_status_ck" CHECK ("catalogue_corrections"."status" IN ('pending', 'accepted', 'declined')),
	CONSTRAINT "catalogue_corrections_field_ck" CHECK ("catalogue_corrections"."field" = 'price' OR "catalogue_corrections"."field" ~ '^attribute_([1-9]|1[0-9]|2[0-4])$'),
	CONSTRAINT "catalogue_corrections_price_ck" CHECK (CASE WHEN "catalogue_corrections"."field" = 'price' THEN "catalogue_corrections"."price_value" > 0 AND "catalogue_corrections"."variant_id" IS NOT NULL
        ELSE "catalogue_corrections"."price_value" IS NULL END)
);
--> statement-breakpoint
ALTER TABLE "catalogue_corrections" ADD CONSTRAINT "catalogue_corrections_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_corrections" ADD CONSTRAINT "catalogue_corrections_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_corrections" ADD CONSTRAINT "catalogue_corrections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_corrections" ADD CONSTRAINT "catalogue_corrections_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalogue_corrections_queue_idx" ON "catalogue_corrections" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "catalogue_corrections_user_idx" ON "catalogue_corrections" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "catalogue_corrections_pending_uq" ON "catalogue_corrections" USING btree ("user_id","product_id","field",coalesce("variant_id", 0)) WHERE "catalogue_corrections"."status" = 'pending';
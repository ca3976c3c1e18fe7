CREATE TABLE "compare_pairs" (
	"product_id" integer NOT NULL,
	"other_id" integer NOT NULL,
	"comparisons" integer DEFAULT 0 NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "compare_pairs_product_id_other_id_pk" PRIMARY KEY("product_id","other_id")
);
--> statement-breakpoint
ALTER TABLE "compare_pairs" ADD CONSTRAINT "compare_pairs_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compare_pairs" ADD CONSTRAINT "compare_pairs_other_id_products_id_fk" FOREIGN KEY ("other_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_brand_popularity_idx" ON "products" USING btree ("brand_id","popularity" DESC NULLS LAST,"id");
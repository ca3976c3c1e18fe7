CREATE TABLE "ads" (
	"id" serial PRIMARY KEY NOT NULL,
	"sponsor" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"image_url" text NOT NULL,
	"link_url" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"weight" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ads_weight_ck" CHECK ("ads"."weight" BETWEEN 1 AND 100),
	CONSTRAINT "ads_link_ck" CHECK ("ads"."link_url" ~ '^(/[^/]|https://)')
);
--> statement-breakpoint
CREATE TABLE "passes" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"ends_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_checkout_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"receipt" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_checkout_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_checkout_payments_status_ck" CHECK ("test_checkout_payments"."status" IN ('authorized', 'captured', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"provider" text NOT NULL,
	"order_id" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text DEFAULT 'INR' NOT NULL,
	"days" integer,
	"state" text DEFAULT 'pending' NOT NULL,
	"payment_id" text,
	"pass_starts_at" timestamp with time zone,
	"pass_ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "transactions_state_ck" CHECK ("transactions"."state" IN ('pending', 'paid', 'failed', 'canceled')),
	CONSTRAINT "transactions_amount_ck" CHECK ("transactions"."amount" > 0),
	CONSTRAINT "transactions_paid_ck" CHECK (("transactions"."state" = 'paid') = ("transactions"."payment_id" IS NOT NULL AND "transactions"."paid_at" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "passes" ADD CONSTRAINT "passes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_checkout_payments" ADD CONSTRAINT "test_checkout_payments_order_id_test_checkout_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."test_checkout_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "test_checkout_payments_order_idx" ON "test_checkout_payments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_session_uq" ON "transactions" USING btree ("session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_order_uq" ON "transactions" USING btree ("provider","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_payment_uq" ON "transactions" USING btree ("provider","payment_id");--> statement-breakpoint
CREATE INDEX "transactions_user_idx" ON "transactions" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
INSERT INTO "ads" ("sponsor", "title", "body", "image_url", "link_url", "weight") VALUES
('Verdict', 'Go ad-free with ReviewPass', 'A month without ads for ₹65, or a day for ₹5. It also keeps Verdict independent.', '/ads/review-pass.svg', '/review-pass', 3),
('Verdict', 'Compare up to three phones', 'Put prices, cameras and batteries side by side before you decide.', '/ads/compare.svg', '/compare', 2),
('Verdict', 'Choosing a phone on a budget?', 'What each price band in India should get you, and the traps in EMIs and exchange offers.', '/ads/budget.svg', '/articles/choosing-a-phone-on-a-budget-1', 2),
('Verdict', 'Phones picked for your budget', 'Tell us your budget and what matters most; we will suggest phones that fit.', '/ads/recommend.svg', '/product-recommendation', 2),
('Verdict', 'Own a phone? Review it', 'Four quick ratings and a few lines help the next buyer more than any spec sheet.', '/ads/write-review.svg', '/help-center/writing-a-review', 1);

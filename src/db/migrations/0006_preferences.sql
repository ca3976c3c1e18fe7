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
ALTER TABLE "user_preferences" ADD CONSTRAINT "user_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_preferences" ADD CONSTRAINT "user_preferences_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;
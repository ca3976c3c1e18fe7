CREATE TABLE "notification_mutes" (
	"user_id" integer NOT NULL,
	"thread" text NOT NULL,
	"thread_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_mutes_user_id_thread_thread_id_pk" PRIMARY KEY("user_id","thread","thread_id"),
	CONSTRAINT "notification_mutes_thread" CHECK ("notification_mutes"."thread" IN ('review', 'question', 'article'))
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	CONSTRAINT "notification_settings_user_id_kind_pk" PRIMARY KEY("user_id","kind"),
	CONSTRAINT "notification_settings_channel" CHECK ("notification_settings"."channel" IN ('app', 'email', 'off'))
);
--> statement-breakpoint
CREATE TABLE "price_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"below" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"fired_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind";--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "group_key" integer;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "detail" jsonb;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "emailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "digest_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notification_mutes" ADD CONSTRAINT "notification_mutes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_alerts" ADD CONSTRAINT "price_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_alerts" ADD CONSTRAINT "price_alerts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "price_alerts_user_product_idx" ON "price_alerts" USING btree ("user_id","product_id");--> statement-breakpoint
CREATE INDEX "price_alerts_waiting_idx" ON "price_alerts" USING btree ("product_id","below") WHERE "price_alerts"."fired_at" IS NULL;--> statement-breakpoint
-- Article comments were written as 'comment' notices before 0027; a review comment's notice is its review author's.
DELETE FROM "notifications" n WHERE n."kind" = 'comment' AND NOT EXISTS (SELECT 1 FROM "review_comments" c
  JOIN "reviews" r ON r."id" = c."review_id" WHERE c."id" = n."target_id" AND r."user_id" = n."user_id");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind" CHECK ("notifications"."kind" IN ('comment', 'reply', 'answer', 'article_comment', 'useful', 'follower', 'review', 'moderation',
        'price', 'pass'));
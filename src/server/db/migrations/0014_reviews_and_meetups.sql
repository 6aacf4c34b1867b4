CREATE TABLE "review_reminders" (
	"product_id" uuid NOT NULL,
	"reminded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "review_reminders_product_id_pk" PRIMARY KEY("product_id")
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid,
	"product_title" text NOT NULL,
	"author_id" uuid,
	"subject_id" uuid NOT NULL,
	"subject_role" text NOT NULL,
	"rating" smallint NOT NULL,
	"text" text,
	"sold_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	"removed_by" uuid,
	CONSTRAINT "reviews_rating_check" CHECK ("reviews"."rating" between 1 and 5),
	CONSTRAINT "reviews_text_check" CHECK (text is null or char_length(text) <= 1000),
	CONSTRAINT "reviews_subject_role_check" CHECK (subject_role in ('seller', 'buyer')),
	CONSTRAINT "reviews_not_self_check" CHECK ("reviews"."author_id" is distinct from "reviews"."subject_id")
);
--> statement-breakpoint
CREATE TABLE "meetup_proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"proposer_id" uuid,
	"spot_id" uuid NOT NULL,
	"meet_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'proposed' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	CONSTRAINT "meetup_proposals_status_check" CHECK (status in ('proposed', 'accepted', 'replaced'))
);
--> statement-breakpoint
CREATE TABLE "safe_spots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"map_url" text,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "safe_spots_name_check" CHECK (char_length(name) between 1 and 80),
	CONSTRAINT "safe_spots_map_url_check" CHECK (map_url is null or (map_url ~ '^https://' and char_length(map_url) <= 500))
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_kind_check";--> statement-breakpoint
ALTER TABLE "notification_preferences" DROP CONSTRAINT "notification_preferences_kind_check";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "reports" DROP CONSTRAINT "reports_target_type_check";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "seller_rating" numeric(2, 1) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "seller_review_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "review_reminders" ADD CONSTRAINT "review_reminders_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_subject_id_users_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetup_proposals" ADD CONSTRAINT "meetup_proposals_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetup_proposals" ADD CONSTRAINT "meetup_proposals_proposer_id_users_id_fk" FOREIGN KEY ("proposer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetup_proposals" ADD CONSTRAINT "meetup_proposals_spot_id_safe_spots_id_fk" FOREIGN KEY ("spot_id") REFERENCES "public"."safe_spots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_product_author_key" ON "reviews" USING btree ("product_id","author_id");--> statement-breakpoint
CREATE INDEX "reviews_subject_idx" ON "reviews" USING btree ("subject_id","subject_role","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "reviews"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "reviews_author_idx" ON "reviews" USING btree ("author_id");--> statement-breakpoint
CREATE UNIQUE INDEX "meetup_proposals_open_key" ON "meetup_proposals" USING btree ("conversation_id") WHERE "meetup_proposals"."status" = 'proposed';--> statement-breakpoint
CREATE UNIQUE INDEX "meetup_proposals_accepted_key" ON "meetup_proposals" USING btree ("conversation_id") WHERE "meetup_proposals"."status" = 'accepted';--> statement-breakpoint
CREATE INDEX "meetup_proposals_reminder_idx" ON "meetup_proposals" USING btree ("meet_at") WHERE "meetup_proposals"."status" = 'accepted' and "meetup_proposals"."reminded_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "safe_spots_name_key" ON "safe_spots" USING btree (lower("name")) WHERE "safe_spots"."removed_at" is null;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_seller_rating_check" CHECK ("users"."seller_rating" between 0 and 5 and "users"."seller_review_count" >= 0);--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_kind_check" CHECK (kind in ('verification-code', 'reset-code', 'buy-request.received', 'buy-request.accepted', 'buy-request.rejected', 'listing.under-review', 'report.outcome', 'moderation.notice', 'message.received', 'review.reminder', 'review.received', 'meetup.proposed', 'meetup.accepted', 'meetup.reminder'));--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_kind_check" CHECK (kind in ('buy-request.received', 'buy-request.accepted', 'buy-request.rejected', 'listing.under-review', 'report.outcome', 'moderation.notice', 'message.received', 'review.reminder', 'review.received', 'meetup.proposed', 'meetup.accepted', 'meetup.reminder'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK (kind in ('buy-request.received', 'buy-request.accepted', 'buy-request.rejected', 'listing.under-review', 'report.outcome', 'moderation.notice', 'message.received', 'review.reminder', 'review.received', 'meetup.proposed', 'meetup.accepted', 'meetup.reminder'));--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_target_type_check" CHECK (target_type in ('listing', 'user', 'message', 'review'));
CREATE TABLE "app_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listing_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"old_price" numeric(12, 2),
	"new_price" numeric(12, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	CONSTRAINT "listing_events_kind_check" CHECK (kind in ('listed', 'renewed', 'edited', 'price-drop', 'sold', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "saved_search_matches" (
	"saved_search_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"digested_at" timestamp with time zone,
	CONSTRAINT "saved_search_matches_saved_search_id_product_id_pk" PRIMARY KEY("saved_search_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"criteria" jsonb NOT NULL,
	"q" text,
	"categories" text[] NOT NULL,
	"conditions" text[] NOT NULL,
	"min_price" numeric(12, 2),
	"max_price" numeric(12, 2),
	"frequency" text DEFAULT 'daily' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_searches_frequency_check" CHECK (frequency in ('instant', 'daily', 'off')),
	CONSTRAINT "saved_searches_name_check" CHECK (char_length("saved_searches"."name") between 1 and 60),
	CONSTRAINT "saved_searches_categories_check" CHECK (cardinality("saved_searches"."categories") > 0)
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_kind_check";--> statement-breakpoint
ALTER TABLE "notification_preferences" DROP CONSTRAINT "notification_preferences_kind_check";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
DROP INDEX "products_newest_idx";--> statement-breakpoint
DROP INDEX "products_oldest_idx";--> statement-breakpoint
DROP INDEX "products_category_newest_idx";--> statement-breakpoint
DROP INDEX "products_category_oldest_idx";--> statement-breakpoint
DROP INDEX "products_rating_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "renewed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "expires_at" timestamp with time zone DEFAULT now() + interval '60 days' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "expired" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "expiry_warned" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Listings that exist already count as listed when they were created; a listing older than the
-- time to live gets two weeks' grace (and its warning) instead of expiring at the first run.
UPDATE "products" SET "renewed_at" = "created_at", "expires_at" = greatest("created_at" + interval '60 days', now() + interval '14 days');--> statement-breakpoint
-- "hidden" (what browsing leaves out, what the counters count) now includes expired listings. No
-- listing is expired yet, so no row changes value and the counters stay exact.
ALTER TABLE "products" drop column "hidden";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hidden" boolean GENERATED ALWAYS AS (under_review or seller_held or expired) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "listing_events" ADD CONSTRAINT "listing_events_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_matches" ADD CONSTRAINT "saved_search_matches_saved_search_id_saved_searches_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_matches" ADD CONSTRAINT "saved_search_matches_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_matches" ADD CONSTRAINT "saved_search_matches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_events_product_idx" ON "listing_events" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "saved_search_matches_product_idx" ON "saved_search_matches" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "saved_search_matches_undigested_idx" ON "saved_search_matches" USING btree ("user_id","created_at") WHERE "saved_search_matches"."digested_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_searches_user_name_idx" ON "saved_searches" USING btree ("user_id",lower("name"));--> statement-breakpoint
CREATE INDEX "saved_searches_user_idx" ON "saved_searches" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "saved_searches_categories_idx" ON "saved_searches" USING gin ("categories");--> statement-breakpoint
CREATE INDEX "products_newest_idx" ON "products" USING btree ("unreserved" DESC NULLS LAST,"renewed_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_oldest_idx" ON "products" USING btree ("reserved" DESC NULLS LAST,"renewed_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_category_newest_idx" ON "products" USING btree ("category","unreserved" DESC NULLS LAST,"renewed_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_category_oldest_idx" ON "products" USING btree ("category","reserved" DESC NULLS LAST,"renewed_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_expiry_idx" ON "products" USING btree ("expires_at") WHERE not "products"."sold_out" and not "products"."expired";--> statement-breakpoint
CREATE INDEX "products_expired_idx" ON "products" USING btree ("expires_at") WHERE "products"."expired";--> statement-breakpoint
CREATE INDEX "products_rating_idx" ON "products" USING btree ("unreserved" DESC NULLS LAST,"rating" DESC NULLS LAST,"renewed_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_kind_check" CHECK (kind in ('verification-code', 'reset-code', 'buy-request.received', 'buy-request.accepted', 'buy-request.rejected', 'listing.under-review', 'report.outcome', 'moderation.notice', 'message.received', 'listing.expiring', 'saved-search.match', 'wishlist.price-drop', 'wishlist.unavailable', 'review.reminder', 'review.received', 'meetup.proposed', 'meetup.accepted', 'meetup.reminder', 'offer.update', 'listing.reserved', 'saved-search.digest'));--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_kind_check" CHECK (kind in ('buy-request.received', 'buy-request.accepted', 'buy-request.rejected', 'listing.under-review', 'report.outcome', 'moderation.notice', 'message.received', 'listing.expiring', 'saved-search.match', 'wishlist.price-drop', 'wishlist.unavailable', 'review.reminder', 'review.received', 'meetup.proposed', 'meetup.accepted', 'meetup.reminder', 'offer.update', 'listing.reserved'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK (kind in ('buy-request.received', 'buy-request.accepted', 'buy-request.rejected', 'listing.under-review', 'report.outcome', 'moderation.notice', 'message.received', 'listing.expiring', 'saved-search.match', 'wishlist.price-drop', 'wishlist.unavailable', 'review.reminder', 'review.received', 'meetup.proposed', 'meetup.accepted', 'meetup.reminder', 'offer.update', 'listing.reserved'));
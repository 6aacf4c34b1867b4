ALTER TABLE "buy_requests" DROP CONSTRAINT "buy_requests_status_check";--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_kind_check";--> statement-breakpoint
ALTER TABLE "notification_preferences" DROP CONSTRAINT "notification_preferences_kind_check";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "conversation_messages" DROP CONSTRAINT "conversation_messages_system_event_check";--> statement-breakpoint
DROP INDEX "products_category_created_idx";--> statement-breakpoint
DROP INDEX "products_price_idx";--> statement-breakpoint
DROP INDEX "products_category_price_idx";--> statement-breakpoint
DROP INDEX "products_rating_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sold_price" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "reserved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "reserved_for_id" uuid;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "reserved" boolean GENERATED ALWAYS AS (reserved_at is not null) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "unreserved" boolean GENERATED ALWAYS AS (reserved_at is null) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "buy_requests" ADD COLUMN "offer_amount" integer;--> statement-breakpoint
ALTER TABLE "buy_requests" ADD COLUMN "offer_by" text;--> statement-breakpoint
ALTER TABLE "buy_requests" ADD COLUMN "offer_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_reserved_for_id_users_id_fk" FOREIGN KEY ("reserved_for_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_newest_idx" ON "products" USING btree ("unreserved" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_oldest_idx" ON "products" USING btree ("reserved" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_category_newest_idx" ON "products" USING btree ("category","unreserved" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_category_oldest_idx" ON "products" USING btree ("category","reserved" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_price_low_idx" ON "products" USING btree ("reserved","price","id");--> statement-breakpoint
CREATE INDEX "products_price_high_idx" ON "products" USING btree ("unreserved","price","id");--> statement-breakpoint
CREATE INDEX "products_category_price_low_idx" ON "products" USING btree ("category","reserved","price","id");--> statement-breakpoint
CREATE INDEX "products_category_price_high_idx" ON "products" USING btree ("category","unreserved","price","id");--> statement-breakpoint
CREATE INDEX "products_reserved_for_idx" ON "products" USING btree ("reserved_for_id") WHERE "products"."reserved_for_id" is not null;--> statement-breakpoint
CREATE INDEX "products_rating_idx" ON "products" USING btree ("unreserved" DESC NULLS LAST,"rating" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_sold_price_check" CHECK ("products"."sold_price" is null or ("products"."sold_out" and "products"."sold_price" >= 0));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_reserved_check" CHECK ("products"."reserved_for_id" is null or "products"."reserved_at" is not null);--> statement-breakpoint
ALTER TABLE "buy_requests" ADD CONSTRAINT "buy_requests_offer_check" CHECK ((offer_amount is null) = (offer_by is null) and (offer_amount is null) = (offer_expires_at is null) and (offer_amount is null or offer_amount between 1 and 10000000) and (offer_by is null or offer_by in ('buyer', 'seller')));--> statement-breakpoint
ALTER TABLE "buy_requests" ADD CONSTRAINT "buy_requests_status_check" CHECK (status in ('active', 'accepted', 'rejected', 'closed', 'withdrawn', 'expired'));--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_kind_check" CHECK (kind in ('verification-code', 'reset-code', 'buy-request.received', 'buy-request.accepted', 'buy-request.rejected', 'listing.under-review', 'report.outcome', 'moderation.notice', 'message.received', 'review.reminder', 'review.received', 'meetup.proposed', 'meetup.accepted', 'meetup.reminder', 'offer.update', 'listing.reserved'));--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_kind_check" CHECK (kind in ('buy-request.received', 'buy-request.accepted', 'buy-request.rejected', 'listing.under-review', 'report.outcome', 'moderation.notice', 'message.received', 'review.reminder', 'review.received', 'meetup.proposed', 'meetup.accepted', 'meetup.reminder', 'offer.update', 'listing.reserved'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK (kind in ('buy-request.received', 'buy-request.accepted', 'buy-request.rejected', 'listing.under-review', 'report.outcome', 'moderation.notice', 'message.received', 'review.reminder', 'review.received', 'meetup.proposed', 'meetup.accepted', 'meetup.reminder', 'offer.update', 'listing.reserved'));--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD CONSTRAINT "conversation_messages_system_event_check" CHECK ((kind = 'system') = (system_event is not null) and (system_event is null or system_event in ('accepted', 'rejected', 'offer-made', 'offer-replaced', 'offer-countered', 'offer-accepted', 'offer-rejected', 'offer-withdrawn', 'offer-expired', 'reserved', 'released', 'sold-elsewhere')));
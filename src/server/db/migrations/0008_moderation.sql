CREATE TABLE "prohibited_words" (
	"word" text PRIMARY KEY NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"target_type" text NOT NULL,
	"target_id" uuid NOT NULL,
	"target_user_id" uuid,
	"reporter_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"details" text,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" uuid,
	"outcome" text,
	CONSTRAINT "reports_target_type_check" CHECK (target_type in ('listing', 'user', 'message')),
	CONSTRAINT "reports_reason_check" CHECK (reason in ('prohibited-item', 'scam', 'offensive', 'spam', 'misleading', 'other')),
	CONSTRAINT "reports_status_check" CHECK (status in ('open', 'dismissed', 'actioned')),
	CONSTRAINT "reports_details_check" CHECK ("reports"."details" is null or char_length("reports"."details") <= 500)
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_kind_check";--> statement-breakpoint
ALTER TABLE "notification_preferences" DROP CONSTRAINT "notification_preferences_kind_check";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "banned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "under_review" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "seller_held" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hidden" boolean GENERATED ALWAYS AS (under_review or seller_held) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "subject_user_id" uuid;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_once_key" ON "reports" USING btree ("reporter_id","target_type","target_id") WHERE "reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "reports_open_target_idx" ON "reports" USING btree ("target_type","target_id","created_at") WHERE "reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "reports_target_user_idx" ON "reports" USING btree ("target_user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "users_suspended_until_idx" ON "users" USING btree ("suspended_until") WHERE "users"."suspended_until" is not null;--> statement-breakpoint
CREATE INDEX "products_under_review_idx" ON "products" USING btree ("created_at") WHERE "products"."under_review";--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_type","target_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_subject_idx" ON "audit_log" USING btree ("subject_user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_kind_check" CHECK (kind in ('verification-code', 'reset-code', 'buy-request.received', 'buy-request.accepted', 'buy-request.rejected', 'listing.under-review', 'report.outcome', 'moderation.notice', 'message.received'));--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_kind_check" CHECK (kind in ('buy-request.received', 'buy-request.accepted', 'buy-request.rejected', 'listing.under-review', 'report.outcome', 'moderation.notice', 'message.received'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK (kind in ('buy-request.received', 'buy-request.accepted', 'buy-request.rejected', 'listing.under-review', 'report.outcome', 'moderation.notice', 'message.received'));--> statement-breakpoint
-- The category counters are what the Products page shows as totals: from now on they count only
-- listings others can see (not hidden pending review, not of a suspended seller). Hiding or
-- showing a listing is an update, so the update trigger moves it out of or into its category.
CREATE OR REPLACE FUNCTION product_category_counts_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE moved record;
BEGIN
  FOR moved IN
    SELECT category, sum(delta)::int AS delta FROM (SELECT category, 1 AS delta FROM inserted_products WHERE NOT hidden) AS changes
    GROUP BY category HAVING sum(delta) <> 0 ORDER BY category
  LOOP
    INSERT INTO product_category_counts AS counts (category, product_count)
    VALUES (moved.category, greatest(moved.delta, 0))
    ON CONFLICT (category) DO UPDATE SET product_count = counts.product_count + moved.delta;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_category_counts_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE moved record;
BEGIN
  FOR moved IN
    SELECT category, sum(delta)::int AS delta FROM (SELECT category, 1 AS delta FROM updated_products_new WHERE NOT hidden UNION ALL SELECT category, -1 FROM updated_products_old WHERE NOT hidden) AS changes
    GROUP BY category HAVING sum(delta) <> 0 ORDER BY category
  LOOP
    INSERT INTO product_category_counts AS counts (category, product_count)
    VALUES (moved.category, greatest(moved.delta, 0))
    ON CONFLICT (category) DO UPDATE SET product_count = counts.product_count + moved.delta;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_category_counts_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE moved record;
BEGIN
  FOR moved IN
    SELECT category, sum(delta)::int AS delta FROM (SELECT category, -1 AS delta FROM deleted_products WHERE NOT hidden) AS changes
    GROUP BY category HAVING sum(delta) <> 0 ORDER BY category
  LOOP
    INSERT INTO product_category_counts AS counts (category, product_count)
    VALUES (moved.category, greatest(moved.delta, 0))
    ON CONFLICT (category) DO UPDATE SET product_count = counts.product_count + moved.delta;
  END LOOP;
  RETURN NULL;
END $$;

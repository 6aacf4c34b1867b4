-- The audit log's indexes end in (created_at, id) in the order the audit page reads them (DESC,
-- which is NULLS FIRST), and the target filter has one of its own: each page is the first rows
-- of one index range (plans in docs/PERFORMANCE.md). Actions the system takes by itself have no actor.
DROP INDEX "audit_log_created_idx";--> statement-breakpoint
DROP INDEX "audit_log_actor_idx";--> statement-breakpoint
DROP INDEX "audit_log_action_idx";--> statement-breakpoint
DROP INDEX "audit_log_target_idx";--> statement-breakpoint
DROP INDEX "audit_log_subject_idx";--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "actor_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "actor_email" DROP NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_subject_idx" ON "audit_log" USING btree ("subject_user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_check" CHECK (("audit_log"."actor_id" is null) = ("audit_log"."actor_email" is null));--> statement-breakpoint
-- The condition counters count what the category counters count since 0008: listings others can
-- see (not hidden pending review, not of a suspended seller), so the dashboard's Listings total
-- and its condition chart agree. Hiding or showing a listing is an update, so the update trigger
-- moves it out of or into its condition.
CREATE OR REPLACE FUNCTION product_condition_counts_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE moved record;
BEGIN
  FOR moved IN
    SELECT condition, sum(delta)::int AS delta FROM (SELECT condition, 1 AS delta FROM inserted_products WHERE NOT hidden) AS changes
    GROUP BY condition HAVING sum(delta) <> 0 ORDER BY condition
  LOOP
    INSERT INTO product_condition_counts AS counts (condition, product_count)
    VALUES (moved.condition, greatest(moved.delta, 0))
    ON CONFLICT (condition) DO UPDATE SET product_count = counts.product_count + moved.delta;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_condition_counts_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE moved record;
BEGIN
  FOR moved IN
    SELECT condition, sum(delta)::int AS delta FROM (SELECT condition, 1 AS delta FROM updated_products_new WHERE NOT hidden UNION ALL SELECT condition, -1 FROM updated_products_old WHERE NOT hidden) AS changes
    GROUP BY condition HAVING sum(delta) <> 0 ORDER BY condition
  LOOP
    INSERT INTO product_condition_counts AS counts (condition, product_count)
    VALUES (moved.condition, greatest(moved.delta, 0))
    ON CONFLICT (condition) DO UPDATE SET product_count = counts.product_count + moved.delta;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_condition_counts_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE moved record;
BEGIN
  FOR moved IN
    SELECT condition, sum(delta)::int AS delta FROM (SELECT condition, -1 AS delta FROM deleted_products WHERE NOT hidden) AS changes
    GROUP BY condition HAVING sum(delta) <> 0 ORDER BY condition
  LOOP
    INSERT INTO product_condition_counts AS counts (condition, product_count)
    VALUES (moved.condition, greatest(moved.delta, 0))
    ON CONFLICT (condition) DO UPDATE SET product_count = counts.product_count + moved.delta;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Recount from the table once, with writes to products held off until the migration commits, so
-- no listing hidden or shown meanwhile is counted twice or missed.
LOCK TABLE products IN SHARE MODE;
--> statement-breakpoint
UPDATE product_condition_counts SET product_count = 0 WHERE product_count <> 0;
--> statement-breakpoint
INSERT INTO product_condition_counts (condition, product_count)
SELECT condition, count(*)::int FROM products WHERE NOT hidden GROUP BY condition
ON CONFLICT (condition) DO UPDATE SET product_count = excluded.product_count;

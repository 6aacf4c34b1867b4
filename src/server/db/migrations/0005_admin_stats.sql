-- The admin dashboard's statistics (issue 9): when each listing was sold, and listings per
-- condition kept like the per-category counts of 0002.
CREATE TABLE "product_condition_counts" (
	"condition" text PRIMARY KEY NOT NULL,
	"product_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_condition_counts_count_check" CHECK ("product_condition_counts"."product_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sold_at" timestamp with time zone;--> statement-breakpoint
-- Listings sold before this column existed: the decision time of the accepted request, else the
-- listing's last change (a sold listing can no longer be edited, so that is the sale).
UPDATE "products" SET "sold_at" = coalesce(
	(SELECT max("decided_at") FROM "buy_requests"
	 WHERE "buy_requests"."product_id" = "products"."id" AND "buy_requests"."status" = 'accepted'),
	"products"."updated_at")
WHERE "sold_out";--> statement-breakpoint
CREATE INDEX "products_sold_at_idx" ON "products" USING btree ("sold_at") WHERE "products"."sold_at" is not null;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_sold_at_check" CHECK ("products"."sold_out" = ("products"."sold_at" is not null));
--> statement-breakpoint
-- Keeps product_condition_counts exact on every change to products, exactly as 0002 keeps the
-- category counts: statement-level triggers with transition tables, conditions visited in order.
CREATE FUNCTION product_condition_counts_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE moved record;
BEGIN
  FOR moved IN
    SELECT condition, sum(delta)::int AS delta FROM (SELECT condition, 1 AS delta FROM inserted_products) AS changes
    GROUP BY condition HAVING sum(delta) <> 0 ORDER BY condition
  LOOP
    INSERT INTO product_condition_counts AS counts (condition, product_count)
    VALUES (moved.condition, greatest(moved.delta, 0))
    ON CONFLICT (condition) DO UPDATE SET product_count = counts.product_count + moved.delta;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION product_condition_counts_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE moved record;
BEGIN
  FOR moved IN
    SELECT condition, sum(delta)::int AS delta FROM (SELECT condition, 1 AS delta FROM updated_products_new UNION ALL SELECT condition, -1 FROM updated_products_old) AS changes
    GROUP BY condition HAVING sum(delta) <> 0 ORDER BY condition
  LOOP
    INSERT INTO product_condition_counts AS counts (condition, product_count)
    VALUES (moved.condition, greatest(moved.delta, 0))
    ON CONFLICT (condition) DO UPDATE SET product_count = counts.product_count + moved.delta;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION product_condition_counts_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE moved record;
BEGIN
  FOR moved IN
    SELECT condition, sum(delta)::int AS delta FROM (SELECT condition, -1 AS delta FROM deleted_products) AS changes
    GROUP BY condition HAVING sum(delta) <> 0 ORDER BY condition
  LOOP
    INSERT INTO product_condition_counts AS counts (condition, product_count)
    VALUES (moved.condition, greatest(moved.delta, 0))
    ON CONFLICT (condition) DO UPDATE SET product_count = counts.product_count + moved.delta;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION product_condition_counts_after_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_condition_counts SET product_count = 0 WHERE product_count <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_condition_count_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS inserted_products
  FOR EACH STATEMENT EXECUTE FUNCTION product_condition_counts_after_insert();
--> statement-breakpoint
CREATE TRIGGER products_condition_count_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS updated_products_old NEW TABLE AS updated_products_new
  FOR EACH STATEMENT EXECUTE FUNCTION product_condition_counts_after_update();
--> statement-breakpoint
CREATE TRIGGER products_condition_count_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS deleted_products
  FOR EACH STATEMENT EXECUTE FUNCTION product_condition_counts_after_delete();
--> statement-breakpoint
CREATE TRIGGER products_condition_count_truncate AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION product_condition_counts_after_truncate();
--> statement-breakpoint
INSERT INTO product_condition_counts (condition, product_count)
SELECT condition, count(*)::int FROM products GROUP BY condition
ON CONFLICT (condition) DO UPDATE SET product_count = excluded.product_count;

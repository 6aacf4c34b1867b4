CREATE TABLE "product_category_counts" (
	"category" text PRIMARY KEY NOT NULL,
	"product_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_category_counts_count_check" CHECK ("product_category_counts"."product_count" >= 0)
);
--> statement-breakpoint
CREATE INDEX "product_images_storage_key_idx" ON "product_images" USING btree ("storage_key");--> statement-breakpoint
-- Keeps product_category_counts exact on every change to products: inserts, edits that move a
-- listing to another category, deletes (also those cascaded from a deleted user) and bulk loads.
-- Statement-level with transition tables, so a bulk insert costs one upsert per category; the
-- categories are visited in order so concurrent writers take the row locks in the same order.
CREATE FUNCTION product_category_counts_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE moved record;
BEGIN
  FOR moved IN
    SELECT category, sum(delta)::int AS delta FROM (SELECT category, 1 AS delta FROM inserted_products) AS changes
    GROUP BY category HAVING sum(delta) <> 0 ORDER BY category
  LOOP
    INSERT INTO product_category_counts AS counts (category, product_count)
    VALUES (moved.category, greatest(moved.delta, 0))
    ON CONFLICT (category) DO UPDATE SET product_count = counts.product_count + moved.delta;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION product_category_counts_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE moved record;
BEGIN
  FOR moved IN
    SELECT category, sum(delta)::int AS delta FROM (SELECT category, 1 AS delta FROM updated_products_new UNION ALL SELECT category, -1 FROM updated_products_old) AS changes
    GROUP BY category HAVING sum(delta) <> 0 ORDER BY category
  LOOP
    INSERT INTO product_category_counts AS counts (category, product_count)
    VALUES (moved.category, greatest(moved.delta, 0))
    ON CONFLICT (category) DO UPDATE SET product_count = counts.product_count + moved.delta;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION product_category_counts_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE moved record;
BEGIN
  FOR moved IN
    SELECT category, sum(delta)::int AS delta FROM (SELECT category, -1 AS delta FROM deleted_products) AS changes
    GROUP BY category HAVING sum(delta) <> 0 ORDER BY category
  LOOP
    INSERT INTO product_category_counts AS counts (category, product_count)
    VALUES (moved.category, greatest(moved.delta, 0))
    ON CONFLICT (category) DO UPDATE SET product_count = counts.product_count + moved.delta;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION product_category_counts_after_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_category_counts SET product_count = 0 WHERE product_count <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_count_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS inserted_products
  FOR EACH STATEMENT EXECUTE FUNCTION product_category_counts_after_insert();
--> statement-breakpoint
CREATE TRIGGER products_count_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS updated_products_old NEW TABLE AS updated_products_new
  FOR EACH STATEMENT EXECUTE FUNCTION product_category_counts_after_update();
--> statement-breakpoint
CREATE TRIGGER products_count_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS deleted_products
  FOR EACH STATEMENT EXECUTE FUNCTION product_category_counts_after_delete();
--> statement-breakpoint
CREATE TRIGGER products_count_truncate AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION product_category_counts_after_truncate();
--> statement-breakpoint
INSERT INTO product_category_counts (category, product_count)
SELECT category, count(*)::int FROM products GROUP BY category
ON CONFLICT (category) DO UPDATE SET product_count = excluded.product_count;

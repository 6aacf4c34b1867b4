CREATE TABLE "product_price_counts" (
	"price" numeric(12, 2) NOT NULL,
	"category" text NOT NULL,
	"product_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_price_counts_price_category_pk" PRIMARY KEY("price","category"),
	CONSTRAINT "product_price_counts_count_check" CHECK ("product_price_counts"."product_count" >= 0)
);
--> statement-breakpoint
-- Keeps product_price_counts exact on every change to products, as product_category_counts is
-- kept (0002, 0008): visible listings only, statement-level with transition tables, the rows
-- visited in order so concurrent writers take their locks in the same order. An update that moves
-- no listing into or out of a (price, category) writes nothing.
CREATE FUNCTION product_price_counts_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE moved record;
BEGIN
  FOR moved IN
    SELECT price, category, sum(delta)::int AS delta FROM (SELECT price, category, 1 AS delta FROM inserted_products WHERE NOT hidden) AS changes
    GROUP BY price, category HAVING sum(delta) <> 0 ORDER BY price, category
  LOOP
    INSERT INTO product_price_counts AS counts (price, category, product_count)
    VALUES (moved.price, moved.category, greatest(moved.delta, 0))
    ON CONFLICT (price, category) DO UPDATE SET product_count = counts.product_count + moved.delta;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION product_price_counts_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE moved record;
BEGIN
  FOR moved IN
    SELECT price, category, sum(delta)::int AS delta FROM (SELECT price, category, 1 AS delta FROM updated_products_new WHERE NOT hidden UNION ALL SELECT price, category, -1 FROM updated_products_old WHERE NOT hidden) AS changes
    GROUP BY price, category HAVING sum(delta) <> 0 ORDER BY price, category
  LOOP
    INSERT INTO product_price_counts AS counts (price, category, product_count)
    VALUES (moved.price, moved.category, greatest(moved.delta, 0))
    ON CONFLICT (price, category) DO UPDATE SET product_count = counts.product_count + moved.delta;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION product_price_counts_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE moved record;
BEGIN
  FOR moved IN
    SELECT price, category, sum(delta)::int AS delta FROM (SELECT price, category, -1 AS delta FROM deleted_products WHERE NOT hidden) AS changes
    GROUP BY price, category HAVING sum(delta) <> 0 ORDER BY price, category
  LOOP
    INSERT INTO product_price_counts AS counts (price, category, product_count)
    VALUES (moved.price, moved.category, greatest(moved.delta, 0))
    ON CONFLICT (price, category) DO UPDATE SET product_count = counts.product_count + moved.delta;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION product_price_counts_after_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM product_price_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_price_count_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS inserted_products
  FOR EACH STATEMENT EXECUTE FUNCTION product_price_counts_after_insert();
--> statement-breakpoint
CREATE TRIGGER products_price_count_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS updated_products_old NEW TABLE AS updated_products_new
  FOR EACH STATEMENT EXECUTE FUNCTION product_price_counts_after_update();
--> statement-breakpoint
CREATE TRIGGER products_price_count_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS deleted_products
  FOR EACH STATEMENT EXECUTE FUNCTION product_price_counts_after_delete();
--> statement-breakpoint
CREATE TRIGGER products_price_count_truncate AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION product_price_counts_after_truncate();
--> statement-breakpoint
INSERT INTO product_price_counts (price, category, product_count)
SELECT price, category, count(*)::int FROM products WHERE NOT hidden GROUP BY price, category;

-- 'catalogue.changed' names the rows a write touched, so the listing caches drop only the answers
-- that read them (src/server/products/listing-cache.ts) instead of everything. One trigger per
-- event (a trigger with transition tables serves one event); TG_ARGV[0] is the column that names
-- what changed, TG_ARGV[1] the field of the event that carries it. A statement touching more than
-- 100 distinct values, or a TRUNCATE, sends no ids: every instance then drops everything.
CREATE OR REPLACE FUNCTION notify_catalogue_rows_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changed text[];
  touched text := '';
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    touched := format('select %I::text as v from new_rows', TG_ARGV[0]);
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    touched := touched || CASE WHEN touched = '' THEN '' ELSE ' union ' END
      || format('select %I::text as v from old_rows', TG_ARGV[0]);
  END IF;
  EXECUTE format('select array_agg(v) from (select distinct v from (%s) t where v is not null limit 101) d', touched)
    INTO changed;
  IF changed IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify(
    'campus_market_events',
    json_build_object(
      'topic', 'catalogue.changed',
      'data', CASE WHEN cardinality(changed) > 100
        THEN json_build_object('table', TG_TABLE_NAME)
        ELSE json_build_object('table', TG_TABLE_NAME, TG_ARGV[1], changed) END
    )::text
  );
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER products_catalogue_changed ON products;
--> statement-breakpoint
CREATE TRIGGER products_inserted AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_rows_changed('id', 'products');
--> statement-breakpoint
CREATE TRIGGER products_updated AFTER UPDATE ON products REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_rows_changed('id', 'products');
--> statement-breakpoint
CREATE TRIGGER products_deleted AFTER DELETE ON products REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_rows_changed('id', 'products');
--> statement-breakpoint
CREATE TRIGGER products_truncated AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
--> statement-breakpoint
DROP TRIGGER product_images_catalogue_changed ON product_images;
--> statement-breakpoint
CREATE TRIGGER product_images_inserted AFTER INSERT ON product_images REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_rows_changed('product_id', 'products');
--> statement-breakpoint
CREATE TRIGGER product_images_updated AFTER UPDATE ON product_images REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_rows_changed('product_id', 'products');
--> statement-breakpoint
CREATE TRIGGER product_images_deleted AFTER DELETE ON product_images REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_rows_changed('product_id', 'products');
--> statement-breakpoint
CREATE TRIGGER product_images_truncated AFTER TRUNCATE ON product_images
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
--> statement-breakpoint
-- A buy request changes only its buyer's 'Show Buy Requests' lists (the listing's own row changes
-- when it is sold, and the products triggers tell that).
DROP TRIGGER buy_requests_catalogue_changed ON buy_requests;
--> statement-breakpoint
CREATE TRIGGER buy_requests_inserted AFTER INSERT ON buy_requests REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_rows_changed('buyer_id', 'buyers');
--> statement-breakpoint
CREATE TRIGGER buy_requests_updated AFTER UPDATE ON buy_requests REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_rows_changed('buyer_id', 'buyers');
--> statement-breakpoint
CREATE TRIGGER buy_requests_deleted AFTER DELETE ON buy_requests REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_rows_changed('buyer_id', 'buyers');
--> statement-breakpoint
CREATE TRIGGER buy_requests_truncated AFTER TRUNCATE ON buy_requests
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
--> statement-breakpoint
-- A block changes what its blocker reads, nobody else.
DROP TRIGGER user_blocks_catalogue_changed ON user_blocks;
--> statement-breakpoint
CREATE TRIGGER user_blocks_inserted AFTER INSERT ON user_blocks REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_rows_changed('blocker_id', 'blockers');
--> statement-breakpoint
CREATE TRIGGER user_blocks_updated AFTER UPDATE ON user_blocks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_rows_changed('blocker_id', 'blockers');
--> statement-breakpoint
CREATE TRIGGER user_blocks_deleted AFTER DELETE ON user_blocks REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_rows_changed('blocker_id', 'blockers');
--> statement-breakpoint
CREATE TRIGGER user_blocks_truncated AFTER TRUNCATE ON user_blocks
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();

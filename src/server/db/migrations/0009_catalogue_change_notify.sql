-- Every write to a table a listing answer reads announces 'catalogue.changed' on the event bus's
-- channel (src/server/events/event-bus.ts), whoever made it: the routes, a job, a seed, psql.
-- Statement-level, so a bulk write sends one event per statement; NOTIFY is sent on commit only,
-- and identical ones within a transaction are folded into one. Instances clear their listing
-- cache and search counts on it (src/server/products/listing-cache.ts).
CREATE OR REPLACE FUNCTION notify_catalogue_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(
    'campus_market_events',
    json_build_object('topic', 'catalogue.changed', 'data', json_build_object('table', TG_TABLE_NAME))::text
  );
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER product_images_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_images
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
--> statement-breakpoint
-- Only the columns a card shows (seller's name, contact, photo) or that hide listings; logins,
-- password changes and the like do not clear the caches. A new user is on no card yet, and a
-- deleted one takes their listings with them (the products trigger then fires).
CREATE TRIGGER users_catalogue_changed
  AFTER UPDATE OF user_name, email, phone_number, profile_picture_key, is_admin, suspended_until, banned_at ON users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER users_catalogue_removed AFTER DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
--> statement-breakpoint
-- 'Show Buy Requests' lists the listings a student asked for.
CREATE TRIGGER buy_requests_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON buy_requests
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
--> statement-breakpoint
-- A blocker's lists leave the blocked sellers' listings out.
CREATE TRIGGER user_blocks_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON user_blocks
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();

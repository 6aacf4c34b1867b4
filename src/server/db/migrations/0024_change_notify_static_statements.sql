-- The change triggers of 0013 (catalogue.changed) and 0022 (conversations.changed) send the same
-- events, from static statements instead of EXECUTE: PL/pgSQL plans a static statement once per
-- trigger and session, while EXECUTE parsed and planned its text on every write. A buy request
-- with a message spent 1.8 of its 2.9 ms of database time there (pg_stat_statements, 100,000
-- listings). A transition table exists only for the events its trigger names, so each statement
-- sits in the branch of its own operation and is planned only when that branch runs.
CREATE OR REPLACE FUNCTION notify_catalogue_rows_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changed text[];
BEGIN
  IF TG_ARGV[0] = 'id' THEN
    IF TG_OP = 'INSERT' THEN
      SELECT array_agg(v) INTO changed FROM (SELECT DISTINCT id::text AS v FROM new_rows LIMIT 101) d;
    ELSIF TG_OP = 'DELETE' THEN
      SELECT array_agg(v) INTO changed FROM (SELECT DISTINCT id::text AS v FROM old_rows LIMIT 101) d;
    ELSE
      SELECT array_agg(v) INTO changed FROM (SELECT id::text AS v FROM new_rows UNION SELECT id::text FROM old_rows LIMIT 101) d;
    END IF;
  ELSIF TG_ARGV[0] = 'product_id' THEN
    IF TG_OP = 'INSERT' THEN
      SELECT array_agg(v) INTO changed FROM (SELECT DISTINCT product_id::text AS v FROM new_rows LIMIT 101) d;
    ELSIF TG_OP = 'DELETE' THEN
      SELECT array_agg(v) INTO changed FROM (SELECT DISTINCT product_id::text AS v FROM old_rows LIMIT 101) d;
    ELSE
      SELECT array_agg(v) INTO changed
        FROM (SELECT product_id::text AS v FROM new_rows UNION SELECT product_id::text FROM old_rows LIMIT 101) d;
    END IF;
  ELSIF TG_ARGV[0] = 'buyer_id' THEN
    IF TG_OP = 'INSERT' THEN
      SELECT array_agg(v) INTO changed FROM (SELECT DISTINCT buyer_id::text AS v FROM new_rows LIMIT 101) d;
    ELSIF TG_OP = 'DELETE' THEN
      SELECT array_agg(v) INTO changed FROM (SELECT DISTINCT buyer_id::text AS v FROM old_rows LIMIT 101) d;
    ELSE
      SELECT array_agg(v) INTO changed
        FROM (SELECT buyer_id::text AS v FROM new_rows UNION SELECT buyer_id::text FROM old_rows LIMIT 101) d;
    END IF;
  ELSIF TG_ARGV[0] = 'blocker_id' THEN
    IF TG_OP = 'INSERT' THEN
      SELECT array_agg(v) INTO changed FROM (SELECT DISTINCT blocker_id::text AS v FROM new_rows LIMIT 101) d;
    ELSIF TG_OP = 'DELETE' THEN
      SELECT array_agg(v) INTO changed FROM (SELECT DISTINCT blocker_id::text AS v FROM old_rows LIMIT 101) d;
    ELSE
      SELECT array_agg(v) INTO changed
        FROM (SELECT blocker_id::text AS v FROM new_rows UNION SELECT blocker_id::text FROM old_rows LIMIT 101) d;
    END IF;
  ELSE
    RAISE EXCEPTION 'notify_catalogue_rows_changed has no statement for the column %', TG_ARGV[0];
  END IF;
  -- Every column named above is NOT NULL: a statement that touched no row leaves changed NULL.
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
-- A message's event now names the people of its conversation too (read from the conversation),
-- and no event names its table: a message written with its conversation's new last message (every
-- message the app writes) sends the very payload the conversation's own trigger sends, and
-- PostgreSQL delivers identical payloads of one transaction once. One event instead of two or three.
CREATE OR REPLACE FUNCTION notify_conversations_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  ids text[];
  people text[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('campus_market_events', json_build_object('topic', 'conversations.changed', 'data', '{}'::json)::text);
    RETURN NULL;
  END IF;
  IF TG_ARGV[0] = 'id' THEN
    IF TG_OP = 'INSERT' THEN
      SELECT array_agg(DISTINCT id::text), array_agg(DISTINCT p::text) FILTER (WHERE p IS NOT NULL) INTO ids, people
        FROM new_rows, unnest(array[buyer_id, seller_id]) AS p;
    ELSIF TG_OP = 'DELETE' THEN
      SELECT array_agg(DISTINCT id::text), array_agg(DISTINCT p::text) FILTER (WHERE p IS NOT NULL) INTO ids, people
        FROM old_rows, unnest(array[buyer_id, seller_id]) AS p;
    ELSE
      SELECT array_agg(DISTINCT id::text), array_agg(DISTINCT p::text) FILTER (WHERE p IS NOT NULL) INTO ids, people
        FROM (SELECT id, buyer_id, seller_id FROM new_rows UNION ALL SELECT id, buyer_id, seller_id FROM old_rows) t,
             unnest(array[buyer_id, seller_id]) AS p;
    END IF;
  ELSIF TG_ARGV[0] = 'conversation_id' THEN
    IF TG_OP = 'INSERT' THEN
      SELECT array_agg(DISTINCT conversation_id::text) INTO ids FROM new_rows;
    ELSIF TG_OP = 'DELETE' THEN
      SELECT array_agg(DISTINCT conversation_id::text) INTO ids FROM old_rows;
    ELSE
      SELECT array_agg(DISTINCT conversation_id::text) INTO ids
        FROM (SELECT conversation_id FROM new_rows UNION ALL SELECT conversation_id FROM old_rows) t;
    END IF;
    IF cardinality(ids) <= 40 THEN
      SELECT array_agg(DISTINCT p::text) FILTER (WHERE p IS NOT NULL) INTO people
        FROM conversations c, unnest(array[c.buyer_id, c.seller_id]) AS p
       WHERE c.id = ANY (ids::uuid[]);
    END IF;
  ELSE
    RAISE EXCEPTION 'notify_conversations_changed has no statement for the column %', TG_ARGV[0];
  END IF;
  IF ids IS NULL AND people IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify(
    'campus_market_events',
    json_build_object(
      'topic', 'conversations.changed',
      'data', CASE WHEN coalesce(cardinality(ids), 0) > 40 OR coalesce(cardinality(people), 0) > 40
        THEN '{}'::json
        ELSE json_build_object('conversations', coalesce(ids, '{}'), 'people', coalesce(people, '{}')) END
    )::text
  );
  RETURN NULL;
END;
$$;

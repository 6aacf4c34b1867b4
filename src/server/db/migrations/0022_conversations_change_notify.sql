-- 'conversations.changed' names the conversations a write touched and the people in them, so the
-- inbox and message-page caches (src/server/conversations/conversation-cache.ts) drop exactly the
-- answers that read them, whichever path wrote (a message, a read mark, a buy request's line, a
-- listing or an account deleted under it). TG_ARGV[0] is the column naming the conversation;
-- TG_ARGV[1] is 'people' when the rows also name its buyer and seller. A statement touching more
-- than 40 conversations or people, or a TRUNCATE, sends no ids: every instance then drops everything
-- (40 ids of each kind keep the payload under NOTIFY's 8,000 bytes).
CREATE OR REPLACE FUNCTION notify_conversations_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  touched text := '';
  ids text[];
  people text[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('campus_market_events',
      json_build_object('topic', 'conversations.changed', 'data', json_build_object('table', TG_TABLE_NAME))::text);
    RETURN NULL;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    touched := 'select * from new_rows';
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    touched := touched || CASE WHEN touched = '' THEN '' ELSE ' union all ' END || 'select * from old_rows';
  END IF;
  EXECUTE format('select array_agg(distinct v) from (select %I::text as v from (%s) t) d where v is not null', TG_ARGV[0], touched)
    INTO ids;
  IF TG_ARGV[1] = 'people' THEN
    EXECUTE format('select array_agg(distinct v) from (select unnest(array[buyer_id, seller_id])::text as v from (%s) t) d where v is not null', touched)
      INTO people;
  END IF;
  IF ids IS NULL AND people IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify(
    'campus_market_events',
    json_build_object(
      'topic', 'conversations.changed',
      'data', CASE WHEN coalesce(cardinality(ids), 0) > 40 OR coalesce(cardinality(people), 0) > 40
        THEN json_build_object('table', TG_TABLE_NAME)
        ELSE json_build_object('table', TG_TABLE_NAME, 'conversations', coalesce(ids, '{}'), 'people', coalesce(people, '{}')) END
    )::text
  );
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER conversations_inserted AFTER INSERT ON conversations REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_conversations_changed('id', 'people');
--> statement-breakpoint
CREATE TRIGGER conversations_updated AFTER UPDATE ON conversations REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_conversations_changed('id', 'people');
--> statement-breakpoint
CREATE TRIGGER conversations_deleted AFTER DELETE ON conversations REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_conversations_changed('id', 'people');
--> statement-breakpoint
CREATE TRIGGER conversations_truncated AFTER TRUNCATE ON conversations
  FOR EACH STATEMENT EXECUTE FUNCTION notify_conversations_changed();
--> statement-breakpoint
CREATE TRIGGER conversation_messages_inserted AFTER INSERT ON conversation_messages REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_conversations_changed('conversation_id', 'none');
--> statement-breakpoint
CREATE TRIGGER conversation_messages_updated AFTER UPDATE ON conversation_messages REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_conversations_changed('conversation_id', 'none');
--> statement-breakpoint
CREATE TRIGGER conversation_messages_deleted AFTER DELETE ON conversation_messages REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_conversations_changed('conversation_id', 'none');
--> statement-breakpoint
CREATE TRIGGER conversation_messages_truncated AFTER TRUNCATE ON conversation_messages
  FOR EACH STATEMENT EXECUTE FUNCTION notify_conversations_changed();

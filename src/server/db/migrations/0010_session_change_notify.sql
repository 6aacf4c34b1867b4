-- Session lookups are cached per app instance (src/server/auth/session-cache.ts). Whatever could
-- end a session or change what a cached lookup holds tells every instance, through the event bus's
-- channel (events/event-bus.ts EVENT_CHANNEL, {topic,data} envelope), which user to drop. NOTIFY
-- is sent on commit only, and one notification per user and statement (transition tables), so a
-- housekeeping DELETE of many sessions stays one statement's work.
CREATE FUNCTION notify_session_revoked(user_id uuid) RETURNS void LANGUAGE sql AS $$
  SELECT pg_notify('campus_market_events', json_build_object('topic', 'session.revoked', 'data', json_build_object('userId', user_id))::text);
$$;
--> statement-breakpoint
CREATE FUNCTION sessions_deleted_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM notify_session_revoked(changed.user_id) FROM (SELECT DISTINCT user_id FROM old_rows) AS changed;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Sliding a session's expiry forward is the common update and needs no invalidation; anything that
-- shortens a session or moves it to another user does.
CREATE FUNCTION sessions_updated_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM notify_session_revoked(changed.user_id) FROM (
    SELECT DISTINCT o.user_id
    FROM old_rows o LEFT JOIN new_rows n ON n.token_hash = o.token_hash
    WHERE n.token_hash IS NULL
      OR n.user_id <> o.user_id
      OR n.expires_at < o.expires_at
      OR n.absolute_expires_at < o.absolute_expires_at
  ) AS changed;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A cached lookup carries the whole user row (password hash, hold, admin flag, profile): any change
-- but the login back-off bookkeeping makes it stale.
CREATE FUNCTION users_updated_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM notify_session_revoked(o.id)
  FROM old_rows o JOIN new_rows n ON n.id = o.id
  WHERE to_jsonb(o) - 'failed_login_count' - 'login_blocked_until' - 'updated_at'
    IS DISTINCT FROM to_jsonb(n) - 'failed_login_count' - 'login_blocked_until' - 'updated_at';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION users_deleted_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM notify_session_revoked(o.id) FROM old_rows o;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_deleted_notify AFTER DELETE ON sessions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sessions_deleted_notify();
--> statement-breakpoint
CREATE TRIGGER sessions_updated_notify AFTER UPDATE ON sessions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sessions_updated_notify();
--> statement-breakpoint
CREATE TRIGGER users_updated_notify AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION users_updated_notify();
--> statement-breakpoint
CREATE TRIGGER users_deleted_notify AFTER DELETE ON users
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION users_deleted_notify();

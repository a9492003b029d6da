-- Session cache eviction (issue 23 Decision 2, DESIGN §5): every instance caches session lookups
-- for a few seconds; a change that must end or alter a signed-in session tells every instance at
-- commit through NOTIFY on channel cc_session_evict. Payload: 's:<stored session id>' when a
-- session row goes (sign-out, password change, deactivation, expiry purge), 'u:<user id>' when a
-- user row changes (roles, deactivation, profile) or goes. Triggers, so no write path can forget.
CREATE FUNCTION cc_session_evict_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cc_session_evict', 's:' || OLD.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION cc_session_evict_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cc_session_evict', 'u:' || OLD.id::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_evict_on_delete AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION cc_session_evict_session();
--> statement-breakpoint
CREATE TRIGGER users_evict_on_update AFTER UPDATE ON users
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION cc_session_evict_user();
--> statement-breakpoint
CREATE TRIGGER users_evict_on_delete AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION cc_session_evict_user();

-- Issue 14: an adviser acting in a client's context, and the audit trail of it.
--
-- The BFF session row holds the client in context (server truth: the browser's site_type cookie
-- is never read): the client's entity, its partner and its login (what the BFF's checks compare
-- a call's {client} and {user} against), the portal view the adviser chose, the adviser's
-- username for the audit rows, and the client-in-context answer of GET /api/client-context.
-- 0 and '' mean no client in context.
ALTER TABLE bff_session ADD COLUMN context_client_id INTEGER NOT NULL DEFAULT 0;
ALTER TABLE bff_session ADD COLUMN context_partner_id INTEGER NOT NULL DEFAULT 0;
ALTER TABLE bff_session ADD COLUMN context_user_id INTEGER NOT NULL DEFAULT 0;
ALTER TABLE bff_session ADD COLUMN context_level TEXT NOT NULL DEFAULT '';
ALTER TABLE bff_session ADD COLUMN context_adviser TEXT NOT NULL DEFAULT '';
ALTER TABLE bff_session ADD COLUMN context_answer TEXT NOT NULL DEFAULT '';

-- The platform session narrows an adviser to the client in context: every platform check
-- (access.CanReachEntity) then reaches that client (and the partner it may see) only. NULL: none.
ALTER TABLE platform_session ADD COLUMN client_in_context INTEGER;

-- Every adviser action in a client's context (package clientcontext): who (the adviser's login
-- id and username), which client, what (open, portal_view, close, view, download), on what (a
-- route pattern, or a resource kind and id; never a query string or a body), when, from which
-- address (the trusted-proxy-aware client address) and the request id. Append-only: no code
-- path updates or deletes a row, the expiry sweep does not know the table, and these triggers
-- refuse both.
CREATE TABLE audit_event (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    occurred_at      TEXT NOT NULL,
    adviser_user_id  INTEGER NOT NULL,
    adviser_username TEXT NOT NULL,
    client_entity_id INTEGER NOT NULL,
    action           TEXT NOT NULL,
    target           TEXT NOT NULL,
    remote_addr      TEXT NOT NULL,
    request_id       TEXT NOT NULL
);
-- `portal audit --since D [--adviser U] [--client C]`: by time, by adviser and time, by client
-- and time.
CREATE INDEX audit_event_occurred_idx ON audit_event (occurred_at, id);
CREATE INDEX audit_event_adviser_idx ON audit_event (lower(adviser_username), occurred_at, id);
CREATE INDEX audit_event_client_idx ON audit_event (client_entity_id, occurred_at, id);

CREATE TRIGGER audit_event_no_update BEFORE UPDATE ON audit_event
BEGIN
    SELECT RAISE(ABORT, 'audit_event is append-only');
END;
CREATE TRIGGER audit_event_no_delete BEFORE DELETE ON audit_event
BEGIN
    SELECT RAISE(ABORT, 'audit_event is append-only');
END;

-- PostgreSQL twin of migrations/sqlite/0017_client_context_audit.sql: the same columns, table,
-- indexes and refusals, same names (docs/data-model.md, "Two dialects").
ALTER TABLE bff_session ADD COLUMN context_client_id BIGINT NOT NULL DEFAULT 0;
ALTER TABLE bff_session ADD COLUMN context_partner_id BIGINT NOT NULL DEFAULT 0;
ALTER TABLE bff_session ADD COLUMN context_user_id BIGINT NOT NULL DEFAULT 0;
ALTER TABLE bff_session ADD COLUMN context_level TEXT NOT NULL DEFAULT '';
ALTER TABLE bff_session ADD COLUMN context_adviser TEXT NOT NULL DEFAULT '';
ALTER TABLE bff_session ADD COLUMN context_answer TEXT NOT NULL DEFAULT '';

ALTER TABLE platform_session ADD COLUMN client_in_context BIGINT;

CREATE TABLE audit_event (
    id               BIGSERIAL PRIMARY KEY,
    occurred_at      TEXT NOT NULL,
    adviser_user_id  BIGINT NOT NULL,
    adviser_username TEXT NOT NULL,
    client_entity_id BIGINT NOT NULL,
    action           TEXT NOT NULL,
    target           TEXT NOT NULL,
    remote_addr      TEXT NOT NULL,
    request_id       TEXT NOT NULL
);
CREATE INDEX audit_event_occurred_idx ON audit_event (occurred_at, id);
CREATE INDEX audit_event_adviser_idx ON audit_event (lower(adviser_username), occurred_at, id);
CREATE INDEX audit_event_client_idx ON audit_event (client_entity_id, occurred_at, id);

-- Append-only: UPDATE, DELETE and TRUNCATE are refused.
CREATE FUNCTION audit_event_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'audit_event is append-only';
END
$$;
CREATE TRIGGER audit_event_no_change BEFORE UPDATE OR DELETE ON audit_event
    FOR EACH ROW EXECUTE FUNCTION audit_event_append_only();
CREATE TRIGGER audit_event_no_truncate BEFORE TRUNCATE ON audit_event
    FOR EACH STATEMENT EXECUTE FUNCTION audit_event_append_only();

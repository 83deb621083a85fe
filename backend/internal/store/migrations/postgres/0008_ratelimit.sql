-- PostgreSQL twin of migrations/sqlite/0008_ratelimit.sql: the same schema in PostgreSQL types
-- (docs/data-model.md, "Two dialects").
-- Rate limits and lock-outs of the login and code endpoints (issue 4), kept in the database so
-- that every portal process sharing it sees the same counters. One row per limited key: key_hash
-- is an HMAC-SHA256 (secret key) of scope and identifier, so no username or client address is
-- stored. Times are store.FormatTime text; '' in locked_until means "not locked".
CREATE TABLE rate_limit (
    key_hash     BYTEA PRIMARY KEY,
    scope        TEXT NOT NULL,
    failures     INTEGER NOT NULL,
    window_end   TEXT NOT NULL,
    locked_until TEXT NOT NULL DEFAULT '',
    updated_at   TEXT NOT NULL,
    expires_at   TEXT NOT NULL
);
-- The janitor deletes rows whose window and lock-out have both ended.
CREATE INDEX rate_limit_expires_idx ON rate_limit (expires_at);

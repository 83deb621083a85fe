-- PostgreSQL twin of migrations/sqlite/0018_bff_session_platform_key.sql: the same schema in
-- PostgreSQL types (docs/data-model.md, "Two dialects").
-- Embedded mode keeps the BFF session and its platform session in one store: the platform
-- session's key (the hash of its token, platform_session.token_hash) beside the BFF row lets a
-- request read both, with the login, its party and its login profile, in one query (issue 13).
-- NULL in remote mode and on rows written before this migration.
ALTER TABLE bff_session ADD COLUMN platform_token_hash BYTEA;

-- PostgreSQL twin of migrations/sqlite/0004_bff_session_remote.sql: the same schema in PostgreSQL types
-- (docs/data-model.md, "Two dialects").
-- In remote mode the users live in the remote planning platform, not in this store, so a BFF
-- session keeps the platform's user id without a foreign key to app_user. It also keeps the
-- caller's entity and partner, for the BFF's own second access check on forwarded calls.
-- (SQLite rebuilds the table to drop the foreign key; PostgreSQL alters it in place.)
ALTER TABLE bff_session DROP CONSTRAINT bff_session_user_id_fkey;
ALTER TABLE bff_session ADD COLUMN entity_id BIGINT NOT NULL DEFAULT 0;
ALTER TABLE bff_session ADD COLUMN partner_entity_id BIGINT NOT NULL DEFAULT 0;

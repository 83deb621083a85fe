-- PostgreSQL twin of migrations/sqlite/0005_session_steps.sql: the same schema in PostgreSQL types
-- (docs/data-model.md, "Two dialects").
-- A BFF session may be restricted while additional login steps are outstanding (site terms,
-- security questions, forced password change), and carries its own idle timeout: the client's
-- login profile (inactive_session_timeout_client), so the server expires it when the browser's
-- timer says it ends.
ALTER TABLE bff_session ADD COLUMN pending_steps TEXT NOT NULL DEFAULT '';
ALTER TABLE bff_session ADD COLUMN idle_timeout_seconds INTEGER NOT NULL DEFAULT 0;

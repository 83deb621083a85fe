-- PostgreSQL twin of migrations/sqlite/0009_session_access_level.sql: the same schema in PostgreSQL types
-- (docs/data-model.md, "Two dialects").
-- A client's BFF session keeps the description of their client_access_level from login, so the
-- BFF can refuse portfolio data to a client whose site access (spec 1 §3) does not include it.
ALTER TABLE bff_session ADD COLUMN client_access_level TEXT NOT NULL DEFAULT '';

-- PostgreSQL twin of migrations/sqlite/0012_drop_auth_attempt.sql: the same schema in PostgreSQL types
-- (docs/data-model.md, "Two dialects").
-- Issue 10: the portal keeps one attempt limiter, package ratelimit (table rate_limit). The
-- account-security and help-with-logging-in limits that counted in auth_attempt count there now,
-- with the same numbers, so the table and its indexes go.
DROP INDEX IF EXISTS auth_attempt_key_idx;
DROP INDEX IF EXISTS auth_attempt_created_idx;
DROP TABLE IF EXISTS auth_attempt;

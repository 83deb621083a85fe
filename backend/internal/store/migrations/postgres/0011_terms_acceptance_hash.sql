-- PostgreSQL twin of migrations/sqlite/0011_terms_acceptance_hash.sql: the same schema in PostgreSQL types
-- (docs/data-model.md, "Two dialects").
-- Site-terms acceptances (issue 10, finding 3): an acceptance must be of the firm's current terms,
-- and keeps a SHA-256 of the text agreed to rather than the text the client sent (the text is
-- the firm's). One acceptance is kept per client and version of the terms: agreeing to the same
-- text again replaces the earlier record. Rows recorded before this migration keep their text.
ALTER TABLE terms_acceptance ADD COLUMN content_sha256 TEXT NOT NULL DEFAULT '';
CREATE INDEX terms_acceptance_version_idx ON terms_acceptance (entity_id, content_sha256);

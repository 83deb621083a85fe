-- Issue 12: what must ignore case is written lower(x) on both dialects (SQLite's COLLATE NOCASE
-- has no PostgreSQL spelling), so SQLite gets the lower() expression indexes PostgreSQL has had
-- since 0001/0002, under the same names. lower() and NOCASE both fold ASCII only, so the two
-- agree on which usernames collide.

-- Usernames are looked up as lower(username) = lower(?); the column's NOCASE unique constraint stays.
CREATE UNIQUE INDEX IF NOT EXISTS app_user_username_lower_uq ON app_user (lower(username));

-- The client list sorts, seeks and searches by lower(entity_name) and lower(preferred_postcode).
DROP INDEX IF EXISTS entity_firm_kind_name_idx;
CREATE INDEX entity_firm_kind_name_idx ON entity (firm_id, entity_kind, lower(entity_name));
DROP INDEX IF EXISTS entity_postcode_idx;
CREATE INDEX entity_postcode_idx ON entity (firm_id, lower(preferred_postcode));
DROP INDEX IF EXISTS entity_adviser_name_idx;
CREATE INDEX entity_adviser_name_idx ON entity (adviser_entity_id, lower(entity_name), id);

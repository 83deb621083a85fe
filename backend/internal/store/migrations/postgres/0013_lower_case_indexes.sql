-- PostgreSQL twin of migrations/sqlite/0013_lower_case_indexes.sql (docs/data-model.md, "Two
-- dialects"). 0001_init.sql and 0002_platform_core.sql already made these lower() indexes here;
-- the statements keep the two folders' final schemas alike and change nothing.
CREATE UNIQUE INDEX IF NOT EXISTS app_user_username_lower_uq ON app_user (lower(username));
CREATE INDEX IF NOT EXISTS entity_firm_kind_name_idx ON entity (firm_id, entity_kind, lower(entity_name));
CREATE INDEX IF NOT EXISTS entity_postcode_idx ON entity (firm_id, lower(preferred_postcode));
CREATE INDEX IF NOT EXISTS entity_adviser_name_idx ON entity (adviser_entity_id, lower(entity_name), id);

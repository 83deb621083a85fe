-- PostgreSQL twin of migrations/sqlite/0013_username_lower_index.sql (docs/data-model.md, "Two
-- dialects"). 0001_init.sql already made this index here; the statement keeps the two folders'
-- final schemas alike and changes nothing.
CREATE UNIQUE INDEX IF NOT EXISTS app_user_username_lower_uq ON app_user (lower(username));

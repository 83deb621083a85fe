-- Issue 12: usernames are looked up as lower(username) = lower(?) on both dialects (SQLite's
-- COLLATE NOCASE has no PostgreSQL spelling). This expression index serves that lookup on
-- SQLite; the column's own NOCASE unique constraint stays. lower() and NOCASE both fold ASCII
-- only, so the two agree on which usernames collide.
CREATE UNIQUE INDEX IF NOT EXISTS app_user_username_lower_uq ON app_user (lower(username));

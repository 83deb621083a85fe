-- In remote mode the users live in the remote planning platform, not in this store, so a BFF
-- session keeps the platform's user id without a foreign key to app_user. It also keeps the
-- caller's entity and partner, for the BFF's own second access check on forwarded calls.
CREATE TABLE bff_session_new (
    id_hash          BLOB PRIMARY KEY,
    user_id          INTEGER NOT NULL,
    role_name        TEXT NOT NULL,
    entity_id        INTEGER NOT NULL DEFAULT 0,
    partner_entity_id INTEGER NOT NULL DEFAULT 0,
    platform_session TEXT NOT NULL,
    created_at       TEXT NOT NULL,
    last_seen_at     TEXT NOT NULL,
    idle_expires_at  TEXT NOT NULL,
    expires_at       TEXT NOT NULL,
    revoked_at       TEXT
);
INSERT INTO bff_session_new (id_hash, user_id, role_name, platform_session, created_at,
    last_seen_at, idle_expires_at, expires_at, revoked_at) SELECT id_hash, user_id, role_name, platform_session, created_at,
    last_seen_at, idle_expires_at, expires_at, revoked_at FROM bff_session;
DROP TABLE bff_session;
ALTER TABLE bff_session_new RENAME TO bff_session;
CREATE INDEX bff_session_user_idx ON bff_session (user_id, revoked_at);

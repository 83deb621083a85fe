-- PostgreSQL twin of migrations/sqlite/0010_biometric_device.sql: the same schema in PostgreSQL types
-- (docs/data-model.md, "Two dialects").
-- Devices enrolled for biometric login (issue 5): the app keeps a random device credential in
-- the phone's biometric-protected secure storage; the platform keeps only its SHA-256 (and the
-- one before it, to recognise a replayed old credential). The credential rotates on every use.
-- bound_to is a hash of the login's password and second factor when the device was enrolled:
-- a change of either no longer matches, which revokes the device.
CREATE TABLE biometric_device (
    id              TEXT PRIMARY KEY,
    user_id         BIGINT NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
    name            TEXT NOT NULL,
    credential_hash BYTEA NOT NULL,
    previous_hash   BYTEA,
    bound_to        BYTEA NOT NULL,
    created_at      TEXT NOT NULL,
    last_used_at    TEXT,
    revoked_at      TEXT,
    revoked_reason  TEXT NOT NULL DEFAULT ''
);
CREATE INDEX biometric_device_user_idx ON biometric_device (user_id, revoked_at);

-- PostgreSQL twin of migrations/sqlite/0014_expiry_sweep.sql: the same indexes, same names
-- (docs/data-model.md, "Two dialects").
-- Issue 12: the expiry sweep (backend/internal/housekeeping) deletes rows some time after they
-- died, in bounded batches: `DELETE … WHERE key IN (SELECT key … WHERE <column> <= ? LIMIT ?)`.
-- Each batch finds its rows through one of these indexes instead of scanning the table. Columns
-- that are mostly NULL (revoked_at) or rules that apply to a few rows (enrolments not yet
-- linked) get partial indexes: a `column <= ?` term implies `column IS NOT NULL` on both
-- dialects, so the planners use them.
CREATE INDEX bff_session_revoked_idx ON bff_session (revoked_at) WHERE revoked_at IS NOT NULL;
CREATE INDEX bff_session_idle_expires_idx ON bff_session (idle_expires_at);
CREATE INDEX bff_session_expires_idx ON bff_session (expires_at);
CREATE INDEX platform_session_expires_idx ON platform_session (expires_at);
CREATE INDEX otp_code_expires_idx ON otp_code (expires_at);
CREATE INDEX mfa_device_pending_expires_idx ON mfa_device (expires_at) WHERE linked_at IS NULL;
CREATE INDEX outbox_created_idx ON outbox (created_at);
CREATE INDEX biometric_device_revoked_idx ON biometric_device (revoked_at) WHERE revoked_at IS NOT NULL;

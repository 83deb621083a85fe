-- PostgreSQL twin of migrations/sqlite/0006_login_steps.sql: the same schema in PostgreSQL types
-- (docs/data-model.md, "Two dialects").
-- Additional login steps and second-factor devices (issue 4, spec 1 §2, §4).

-- The firm's site terms (the SiteTerms login step shows them; spec 1 §3 "Site terms: heading,
-- disclaimer") and the second-factor methods its logins may enrol (sms, email, token).
ALTER TABLE firm ADD COLUMN site_terms_heading TEXT NOT NULL DEFAULT '';
ALTER TABLE firm ADD COLUMN site_terms_disclaimer TEXT NOT NULL DEFAULT '';
ALTER TABLE firm ADD COLUMN mfa_methods TEXT NOT NULL DEFAULT 'sms,email,token';

-- Steps a login must take before its session is a normal one. The site terms are due while no
-- acceptance newer than site_terms_after exists (NULL: none due); that compares row ids, not
-- times, so a clock that differs between the platform's processes cannot undo an acceptance.
ALTER TABLE app_user ADD COLUMN force_change_password INTEGER NOT NULL DEFAULT 0;
ALTER TABLE app_user ADD COLUMN set_security_questions INTEGER NOT NULL DEFAULT 0;
ALTER TABLE app_user ADD COLUMN site_terms_after BIGINT;

-- Second factor: mfa_required with no mfa_method means the login enrols a device at its next
-- login. A software token's shared secret (base32) and the last time step accepted, so that a
-- code is never accepted twice.
ALTER TABLE app_user ADD COLUMN mfa_required INTEGER NOT NULL DEFAULT 0;
ALTER TABLE app_user ADD COLUMN totp_secret TEXT NOT NULL DEFAULT '';
ALTER TABLE app_user ADD COLUMN totp_last_step BIGINT NOT NULL DEFAULT 0;

-- A device being enrolled (at login or on the Additional verification page): linked once its
-- first code is right. Its code, for sms and email, is an otp_code row of purpose 'enrol'.
CREATE TABLE mfa_device (
    id          TEXT PRIMARY KEY,
    user_id     BIGINT NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
    method      TEXT NOT NULL CHECK (method IN ('sms', 'email', 'token')),
    destination TEXT NOT NULL DEFAULT '',   -- the phone number or email address the code went to
    totp_secret TEXT NOT NULL DEFAULT '',
    created_at  TEXT NOT NULL,
    expires_at  TEXT NOT NULL,
    linked_at   TEXT
);
CREATE INDEX mfa_device_user_idx ON mfa_device (user_id, linked_at);

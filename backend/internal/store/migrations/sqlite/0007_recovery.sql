-- Account security (issue 4): security questions, rate-limited recovery and password attempts,
-- and the biometric login permission.

-- Two security questions per login (spec 1 §2, §5). The question is kept as shown; the answer
-- only as a bcrypt hash of its normalised form (case and spacing ignored).
CREATE TABLE security_question (
    user_id     INTEGER NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
    position    INTEGER NOT NULL CHECK (position IN (1, 2)),
    question    TEXT NOT NULL,
    answer_hash TEXT NOT NULL,
    set_at      TEXT NOT NULL,
    PRIMARY KEY (user_id, position)
);

-- Attempts that are limited: reset-code requests per username, username reminders per email
-- address, wrong current passwords per login, wrong reset codes or answers per code. Keyed by a
-- hash of what was asked about, so an unknown username is limited exactly like a known one and
-- no name or address is kept in clear. Rows older than the longest window are pruned.
CREATE TABLE auth_attempt (
    id         INTEGER PRIMARY KEY,
    kind       TEXT NOT NULL,
    key_hash   BLOB NOT NULL,
    created_at TEXT NOT NULL
);
CREATE INDEX auth_attempt_key_idx ON auth_attempt (kind, key_hash, created_at);
CREATE INDEX auth_attempt_created_idx ON auth_attempt (created_at);

-- Whether a login may use biometric login on the mobile app (spec 1 §2): 1 or 0. No row is 0.
CREATE TABLE biometric_permission (
    user_id    INTEGER PRIMARY KEY REFERENCES app_user(id) ON DELETE CASCADE,
    permission INTEGER NOT NULL CHECK (permission IN (0, 1)),
    updated_at TEXT NOT NULL
);

-- Walking skeleton: the firm, its people, logins and sessions.
CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

CREATE TABLE firm (
    id           INTEGER PRIMARY KEY,
    name         TEXT NOT NULL,
    product_name TEXT NOT NULL,
    region       TEXT NOT NULL
);

-- The choices of the client_access_level entity field (code and description, spec 1 §3).
CREATE TABLE client_access_level_choice (
    code        INTEGER PRIMARY KEY,
    description TEXT NOT NULL
);

-- Parties: clients and advisers. Issue 3 widens this into the full platform model.
CREATE TABLE entity (
    id                  INTEGER PRIMARY KEY,
    firm_id             INTEGER NOT NULL REFERENCES firm(id),
    entity_kind         TEXT NOT NULL CHECK (entity_kind IN ('client', 'adviser')),
    entity_type         INTEGER NOT NULL DEFAULT 1, -- 1 Individual, 0 NonIndividual
    title               TEXT NOT NULL DEFAULT '',
    first_name          TEXT NOT NULL DEFAULT '',
    last_name           TEXT NOT NULL DEFAULT '',
    preferred_name      TEXT NOT NULL DEFAULT '',
    entity_name         TEXT NOT NULL,
    dob                 TEXT,
    preferred_email     TEXT NOT NULL DEFAULT '',
    preferred_postcode  TEXT NOT NULL DEFAULT '',
    region              TEXT NOT NULL DEFAULT 'GB',
    locale              TEXT NOT NULL DEFAULT 'en-gb',
    user_timezone       TEXT NOT NULL DEFAULT 'Europe/London',
    preferred_currency  TEXT NOT NULL DEFAULT 'GBP',
    client_access_level INTEGER REFERENCES client_access_level_choice(code),
    partner_entity_id   INTEGER REFERENCES entity(id),
    adviser_entity_id   INTEGER REFERENCES entity(id)
);
CREATE INDEX entity_adviser_idx ON entity (adviser_entity_id, last_name, first_name);

-- Logins. An empty password_hash means no password has been set (invited, not yet active).
CREATE TABLE app_user (
    id               INTEGER PRIMARY KEY,
    username         TEXT NOT NULL UNIQUE COLLATE NOCASE,
    password_hash    TEXT NOT NULL,
    role_name        TEXT NOT NULL CHECK (role_name IN ('ClientUser', 'User')),
    entity_id        INTEGER NOT NULL REFERENCES entity(id),
    disabled         INTEGER NOT NULL DEFAULT 0,
    mfa_method       TEXT NOT NULL DEFAULT '',   -- '', sms, email or token
    mobile_phone     TEXT NOT NULL DEFAULT '',
    last_login       TEXT,                        -- when the current login began
    previous_login   TEXT,                        -- shown as "Last login:"
    created_at       TEXT NOT NULL
);
CREATE INDEX app_user_entity_idx ON app_user (entity_id);

-- Sessions of the planning platform (the XPLANID cookie). Only a hash of the token is kept.
CREATE TABLE platform_session (
    token_hash  BLOB PRIMARY KEY,
    user_id     INTEGER NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
    app_id      TEXT NOT NULL,
    created_at  TEXT NOT NULL,
    last_seen_at TEXT NOT NULL,
    expires_at  TEXT NOT NULL
);
CREATE INDEX platform_session_user_idx ON platform_session (user_id);

-- One-time second-factor codes. Only a hash of the code is kept.
CREATE TABLE otp_code (
    id          INTEGER PRIMARY KEY,
    user_id     INTEGER NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
    purpose     TEXT NOT NULL,
    code_hash   BLOB NOT NULL,
    created_at  TEXT NOT NULL,
    expires_at  TEXT NOT NULL,
    used_at     TEXT
);
CREATE INDEX otp_code_user_idx ON otp_code (user_id, purpose, used_at);

-- Messages that would leave the building (SMS, email). In demo mode this is where they go.
CREATE TABLE outbox (
    id          INTEGER PRIMARY KEY,
    channel     TEXT NOT NULL,
    recipient   TEXT NOT NULL,
    body        TEXT NOT NULL,
    created_at  TEXT NOT NULL
);

-- Sessions of the portal (BFF). The browser holds only an encoded random id; the row is keyed
-- by its hash and carries the platform session the BFF uses on the user's behalf.
CREATE TABLE bff_session (
    id_hash          BLOB PRIMARY KEY,
    user_id          INTEGER NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
    role_name        TEXT NOT NULL,
    platform_session TEXT NOT NULL,
    created_at       TEXT NOT NULL,
    last_seen_at     TEXT NOT NULL,
    idle_expires_at  TEXT NOT NULL,
    expires_at       TEXT NOT NULL,
    revoked_at       TEXT
);
CREATE INDEX bff_session_user_idx ON bff_session (user_id, revoked_at);

-- Digital signatures (issue 16; spec 3 §2.2, §3.2, §4.2, §7.2), package signatures.
--
-- A firm's signing settings: the terms shown before a code is sent, the confirmation e-mail
-- templates (no template: no e-mail) and the time zone the signature page gives beside UTC.
CREATE TABLE signature_setting (
    firm_id              INTEGER PRIMARY KEY REFERENCES firm(id) ON DELETE CASCADE,
    terms_and_conditions TEXT NOT NULL DEFAULT '',
    sign_template_id     TEXT,
    decline_template_id  TEXT,
    time_zone            TEXT NOT NULL DEFAULT 'Europe/London'
);

-- A document sent to a client to sign. content is the PDF as sent; signed_content the PDF with
-- a signature page appended for each signature so far (NULL until someone signs). status:
-- partSigned 0, signed 1, declined 2, pending 3, awaitingSignature 4. due_date YYYY-MM-DD or
-- NULL; secure_data an opaque random handle given with the item.
CREATE TABLE signature_request (
    id               INTEGER PRIMARY KEY,
    firm_id          INTEGER NOT NULL REFERENCES firm(id) ON DELETE CASCADE,
    entity_id        INTEGER NOT NULL REFERENCES entity(id) ON DELETE CASCADE,
    filename         TEXT NOT NULL,
    content          BLOB NOT NULL,
    signed_content   BLOB,
    due_date         TEXT,
    status           INTEGER NOT NULL CHECK (status IN (0, 1, 2, 3, 4)),
    terms            TEXT NOT NULL DEFAULT '',
    secure_data      TEXT NOT NULL UNIQUE,
    docnote_id       INTEGER,
    last_notified_at TEXT NOT NULL,
    created_at       TEXT NOT NULL
);
CREATE INDEX signature_request_entity_idx ON signature_request (entity_id, last_notified_at);

-- Who signs a request: the entity, the phone registered for its codes (copied when the request
-- is made), whether it may sign, and once it has acted, when and how (1 signed, 2 declined).
CREATE TABLE signature_signatory (
    id             INTEGER PRIMARY KEY,
    request_id     INTEGER NOT NULL REFERENCES signature_request(id) ON DELETE CASCADE,
    entity_id      INTEGER NOT NULL REFERENCES entity(id) ON DELETE CASCADE,
    phone          TEXT NOT NULL DEFAULT '',
    can_sign       INTEGER NOT NULL DEFAULT 1,
    signed_at      TEXT,
    signing_method INTEGER CHECK (signing_method IN (1, 2)),
    UNIQUE (request_id, entity_id)
);
CREATE INDEX signature_signatory_entity_idx ON signature_signatory (entity_id);

-- The one-time code of a signatory: only a salted SHA-256 of it, never the code. At most one
-- row per signatory (a new code replaces the old); attempts counts the tries made against it
-- (5 kill it); used_at marks it spent. secure_data is the handle generate_code answers and sign
-- must give back.
CREATE TABLE signature_code (
    id           INTEGER PRIMARY KEY,
    signatory_id INTEGER NOT NULL UNIQUE REFERENCES signature_signatory(id) ON DELETE CASCADE,
    secure_data  TEXT NOT NULL,
    salt         BLOB NOT NULL,
    code_hash    BLOB NOT NULL,
    attempts     INTEGER NOT NULL DEFAULT 0,
    created_at   TEXT NOT NULL,
    expires_at   TEXT NOT NULL,
    used_at      TEXT
);

-- Secure messages and documents (issue 16; spec 3 §3.1, §7.1): a client's document notes
-- ("docnote"), the firm's categories (the important one marks important documents) and
-- document types, linked accounts, attachments with their bytes in the database (served only
-- through the authorised handler docnote/files/...), and the client's read receipt (firstread).
-- Served by package messages; docs/data-model.md "Messages and documents".
CREATE TABLE doc_category (
    id        INTEGER PRIMARY KEY,
    firm_id   INTEGER NOT NULL REFERENCES firm(id) ON DELETE CASCADE,
    name      TEXT NOT NULL,
    important INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX doc_category_firm_idx ON doc_category (firm_id, id);

CREATE TABLE doc_type (
    firm_id INTEGER NOT NULL REFERENCES firm(id) ON DELETE CASCADE,
    code    TEXT NOT NULL,
    name    TEXT NOT NULL,
    PRIMARY KEY (firm_id, code)
);

-- A document note belongs to one client (entity_id). sender: who wrote it ('client' for a
-- client's secure message, docsubtype 'Client Initiated'; 'adviser' otherwise).
-- attachment_count is what a client's message announced: the message is complete once that
-- many attachments arrived. firstread is the client's read receipt (NULL: unread).
CREATE TABLE docnote (
    id                          INTEGER PRIMARY KEY,
    firm_id                     INTEGER NOT NULL REFERENCES firm(id) ON DELETE CASCADE,
    entity_id                   INTEGER NOT NULL REFERENCES entity(id) ON DELETE CASCADE,
    subject                     TEXT NOT NULL,
    body                        TEXT NOT NULL DEFAULT '',
    created_at                  TEXT NOT NULL,
    reference_date              TEXT NOT NULL,
    docsubtype                  TEXT NOT NULL,
    doctype                     TEXT NOT NULL DEFAULT '',
    category_id                 INTEGER REFERENCES doc_category(id) ON DELETE SET NULL,
    is_client_access_accessible INTEGER NOT NULL DEFAULT 1,
    sender                      TEXT NOT NULL CHECK (sender IN ('client', 'adviser')),
    sender_entity_id            INTEGER REFERENCES entity(id) ON DELETE SET NULL,
    reply_to                    INTEGER REFERENCES docnote(id) ON DELETE SET NULL,
    attachment_count            INTEGER NOT NULL DEFAULT 0,
    firstread                   TEXT
);
-- The list queries (spec 3 §7.1): by client in each sort order, the important folder, and the
-- unread count (only unread notes are in the partial index, so 21 of them are found at once).
CREATE INDEX docnote_entity_created_idx ON docnote (entity_id, created_at, id);
CREATE INDEX docnote_entity_reference_idx ON docnote (entity_id, reference_date, id);
CREATE INDEX docnote_entity_subject_idx ON docnote (entity_id, subject, id);
CREATE INDEX docnote_entity_category_idx ON docnote (entity_id, category_id, created_at, id);
CREATE INDEX docnote_entity_unread_idx ON docnote (entity_id, created_at, id) WHERE firstread IS NULL;

-- Every created row has an id of its own, as resourceful.Insert (the replay of a platform write
-- transaction) needs.
CREATE TABLE docnote_account (
    id         INTEGER PRIMARY KEY,
    docnote_id INTEGER NOT NULL REFERENCES docnote(id) ON DELETE CASCADE,
    account_id INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
    UNIQUE (docnote_id, account_id)
);

-- An attachment (docpartid = id) and, in its own table so that lists never read them, its bytes.
CREATE TABLE docnote_attachment (
    id           INTEGER PRIMARY KEY,
    docnote_id   INTEGER NOT NULL REFERENCES docnote(id) ON DELETE CASCADE,
    filename     TEXT NOT NULL,
    content_type TEXT NOT NULL,
    size         INTEGER NOT NULL,
    created_at   TEXT NOT NULL
);
CREATE INDEX docnote_attachment_note_idx ON docnote_attachment (docnote_id, id);
CREATE TABLE docnote_file (
    id            INTEGER PRIMARY KEY,
    attachment_id INTEGER NOT NULL UNIQUE REFERENCES docnote_attachment(id) ON DELETE CASCADE,
    content       BLOB NOT NULL
);

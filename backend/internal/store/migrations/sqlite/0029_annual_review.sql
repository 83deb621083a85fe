-- The annual review (issue 18, spec 3 §2.3, §3.3, §4.4), package review: the firm's review
-- pages, each client's risk profile and dependents (what the review plays back), and the
-- submitted reviews with the PDF of the answers filed in the client's documents.

-- The firm's review definition: its pages as JSON (review.Page), configured per firm.
CREATE TABLE review_definition (
    firm_id    INTEGER PRIMARY KEY REFERENCES firm(id) ON DELETE CASCADE,
    pages      TEXT NOT NULL,
    updated_at TEXT NOT NULL
);

-- A client's attitude-to-risk profile (entity/client/{id}/risk_profile/value/client). No row, or
-- an empty name, is an empty profile: the review asks its alternate question.
CREATE TABLE risk_profile (
    entity_id   INTEGER PRIMARY KEY REFERENCES entity(id) ON DELETE CASCADE,
    risk_index  INTEGER NOT NULL,
    name        TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    updated_at  TEXT NOT NULL
);

-- A client's dependents (entity/client-v4/{id}/dependent); dep_related_to says whose dependent
-- it is: the client's, the partner's or both ('client', 'partner', 'both').
CREATE TABLE dependent (
    id             INTEGER PRIMARY KEY,
    entity_id      INTEGER NOT NULL REFERENCES entity(id) ON DELETE CASCADE,
    first_name     TEXT NOT NULL,
    last_name      TEXT NOT NULL DEFAULT '',
    dob            TEXT,
    relationship   TEXT NOT NULL DEFAULT '',
    dep_related_to TEXT NOT NULL DEFAULT 'client' CHECK (dep_related_to IN ('client', 'partner', 'both'))
);
CREATE INDEX dependent_entity_idx ON dependent (entity_id);

-- A submitted review: the client's (and, when answered for, the partner's) answers and the
-- statuses they set. One per client per review round: a second submit finds the review no
-- longer InProgress and is refused.
CREATE TABLE review_submission (
    id                INTEGER PRIMARY KEY,
    firm_id           INTEGER NOT NULL REFERENCES firm(id) ON DELETE CASCADE,
    entity_id         INTEGER NOT NULL REFERENCES entity(id) ON DELETE CASCADE,
    partner_entity_id INTEGER REFERENCES entity(id) ON DELETE SET NULL,
    status            INTEGER NOT NULL,
    partner_status    INTEGER,
    responses         TEXT NOT NULL,
    document_id       INTEGER REFERENCES docnote(id) ON DELETE SET NULL,
    submitted_by      INTEGER NOT NULL REFERENCES app_user(id),
    created_at        TEXT NOT NULL
);
CREATE INDEX review_submission_entity_idx ON review_submission (entity_id, created_at);
CREATE INDEX review_submission_partner_idx ON review_submission (partner_entity_id, created_at);

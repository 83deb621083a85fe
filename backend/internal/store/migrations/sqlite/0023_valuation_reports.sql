-- Valuation reports (issue 17; spec 2 §2.6, §3, §7): the firm's report templates by user type,
-- and the document each finished report job produced. The job queue's own tables (river_job,
-- river_leader ...) are River's, applied at start-up by reports.MigrateQueue through
-- rivermigrate. Served by package reports; docs/data-model.md "Valuation reports".
CREATE TABLE report_template (
    id                INTEGER PRIMARY KEY,
    firm_id           INTEGER NOT NULL REFERENCES firm(id) ON DELETE CASCADE,
    name              TEXT NOT NULL,
    date_parameters   TEXT NOT NULL CHECK (date_parameters IN ('No Date Required', 'Single Date', 'Date Range')),
    user_type         TEXT NOT NULL CHECK (user_type IN ('Adviser', 'Client')),
    required_selector TEXT NOT NULL CHECK (required_selector IN ('Current Client Only', 'Select Entity',
                          'Account Group', 'Account Group Or Account', 'Select Portfolios')),
    sort_order        INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX report_template_firm_idx ON report_template (firm_id, user_type, sort_order, id);

-- A finished report job's document, written in the transaction that completes the job, so a
-- job is done exactly when its document exists.
CREATE TABLE report_job_document (
    id          INTEGER PRIMARY KEY,
    job_id      INTEGER NOT NULL UNIQUE,
    firm_id     INTEGER NOT NULL REFERENCES firm(id) ON DELETE CASCADE,
    document_id INTEGER NOT NULL REFERENCES docnote(id) ON DELETE CASCADE,
    created_at  TEXT NOT NULL
);

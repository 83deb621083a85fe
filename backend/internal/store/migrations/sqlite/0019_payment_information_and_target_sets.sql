-- Payment information of an account (spec 2 §2.3, §3: "Payment information, keyed by
-- accountId"): how a client pays money into the account, by BPAY (biller code and reference)
-- or to a bank account (bank, account name, BSB, account number). At most one of each kind per
-- account; an account with neither shows "No payment method available yet". Served by
-- GET /resourceful/portfolio/account/{id}/payment_information (package portfolio).
CREATE TABLE payment_information (
    id             INTEGER PRIMARY KEY,
    account_id     INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
    kind           TEXT NOT NULL CHECK (kind IN ('bpay', 'bank')),
    biller_code    TEXT NOT NULL DEFAULT '',
    reference      TEXT NOT NULL DEFAULT '',
    bank           TEXT NOT NULL DEFAULT '',
    account_name   TEXT NOT NULL DEFAULT '',
    bsb            TEXT NOT NULL DEFAULT '',
    account_number TEXT NOT NULL DEFAULT '',
    UNIQUE (account_id, kind)
);

-- Investment instructions (spec 2 §2.3, §3 "Target set"): a firm's model target sets, each a
-- list of securities with their weights in percentage points, linked to the accounts that
-- follow them. Served by portfolio/targetset, portfolio/targetset/{id}/allocation/security and
-- portfolio/account/{id}/targetlink (package portfolio).
CREATE TABLE target_set (
    id          INTEGER PRIMARY KEY,
    firm_id     INTEGER NOT NULL REFERENCES firm(id) ON DELETE CASCADE,
    description TEXT NOT NULL
);
CREATE INDEX target_set_firm_idx ON target_set (firm_id, id);
CREATE TABLE target_set_security (
    target_set_id INTEGER NOT NULL REFERENCES target_set(id) ON DELETE CASCADE,
    security_id   INTEGER NOT NULL REFERENCES security(id) ON DELETE CASCADE,
    weight        REAL NOT NULL,
    PRIMARY KEY (target_set_id, security_id)
);
CREATE TABLE account_target_link (
    account_id    INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
    target_set_id INTEGER NOT NULL REFERENCES target_set(id) ON DELETE CASCADE,
    PRIMARY KEY (account_id, target_set_id)
);

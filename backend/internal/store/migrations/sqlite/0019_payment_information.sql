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

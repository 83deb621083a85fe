-- A client's assets and liabilities (spec 2 §2.1, §2.5, §3; spec 3 §3.5), the records behind
-- entity/client/{id}/asset, /fund_za, /annuity, /liability, their owners and
-- entity/client-v4/{id}/total_amount (package assets). One table for the four lists, since they
-- share most of their columns; list_name says which list a row is in:
--   asset      investments (ISA held elsewhere, premium bonds, property ...)
--   fund_za    pensions
--   annuity    annuities
--   liability  liabilities (mortgage, loans ...)
-- amount is the list's amount field (amount, fund_value, current_value) in currency;
-- provider is provider / product_provider / supplier; status is status / policy_status.
-- login_accessible: whether the client's login may see the record (spec 3 §5: assets of
-- adviser users require it). nbr_under_advice > 0 marks an asset the firm manages.
CREATE TABLE client_asset (
    id                  INTEGER PRIMARY KEY,
    entity_id           INTEGER NOT NULL REFERENCES entity(id) ON DELETE CASCADE,
    list_name           TEXT NOT NULL CHECK (list_name IN ('asset', 'fund_za', 'annuity', 'liability')),
    description         TEXT NOT NULL,
    type                TEXT NOT NULL DEFAULT '',
    type_description    TEXT NOT NULL DEFAULT '',
    policy_number       TEXT NOT NULL DEFAULT '',
    asset_number        TEXT NOT NULL DEFAULT '',
    provider            TEXT NOT NULL DEFAULT '',
    status              TEXT NOT NULL DEFAULT '',
    owner               TEXT NOT NULL DEFAULT '',
    currency            TEXT NOT NULL DEFAULT 'GBP',
    amount              REAL NOT NULL DEFAULT 0,
    market_value        REAL,
    valuation_date      TEXT,
    contribution_total  REAL,
    withdrawal_total    REAL,
    crystallised_fund   REAL,
    uncrystallised_fund REAL,
    income_value        REAL,
    income_rate         REAL,
    frequency           TEXT NOT NULL DEFAULT '',
    capital_content     REAL,
    rate                REAL,
    is_sipp_wrapper     INTEGER NOT NULL DEFAULT 0 CHECK (is_sipp_wrapper IN (0, 1)),
    nbr_under_advice    INTEGER NOT NULL DEFAULT 0,
    login_accessible    INTEGER NOT NULL DEFAULT 1 CHECK (login_accessible IN (0, 1))
);
-- A client's list in index order: every list and total query reads through it.
CREATE INDEX client_asset_entity_list_idx ON client_asset (entity_id, list_name, id);

-- Owners of an asset with their share in percent (a joint asset has several; spec 3 §5: only
-- owners with a percentage above 0 are listed).
CREATE TABLE client_asset_owner (
    asset_id   INTEGER NOT NULL REFERENCES client_asset(id) ON DELETE CASCADE,
    entity_id  INTEGER NOT NULL REFERENCES entity(id) ON DELETE CASCADE,
    percentage REAL NOT NULL CHECK (percentage >= 0 AND percentage <= 100),
    PRIMARY KEY (asset_id, entity_id)
);
-- The assets a client owns a share of (a joint asset its partner keeps) for its own lists.
CREATE INDEX client_asset_owner_entity_idx ON client_asset_owner (entity_id, asset_id);

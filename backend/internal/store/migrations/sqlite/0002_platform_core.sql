-- Planning platform core (issue 3): parties in full, groups, capabilities, toggles, login
-- profiles, and the portfolio data (portfolios, accounts, account groups, securities, prices, FX,
-- benchmarks, transactions). Positions are derived from transactions (see docs/data-model.md).
-- Field names follow spec 1 §3, spec 2 §3 and spec 3 §3.4-3.5.

ALTER TABLE firm ADD COLUMN platform_version TEXT NOT NULL DEFAULT '24.1.100';
ALTER TABLE firm ADD COLUMN site_locales TEXT NOT NULL DEFAULT 'en-gb,en-ca,en-au,fr-ca';
ALTER TABLE firm ADD COLUMN base_currency TEXT NOT NULL DEFAULT 'GBP';

ALTER TABLE entity ADD COLUMN middle_name TEXT NOT NULL DEFAULT '';
ALTER TABLE entity ADD COLUMN address_title TEXT NOT NULL DEFAULT '';
ALTER TABLE entity ADD COLUMN salutation TEXT NOT NULL DEFAULT '';
ALTER TABLE entity ADD COLUMN external_id TEXT NOT NULL DEFAULT '';
ALTER TABLE entity ADD COLUMN country_of_birth TEXT NOT NULL DEFAULT '';
ALTER TABLE entity ADD COLUMN nationality TEXT NOT NULL DEFAULT '';
ALTER TABLE entity ADD COLUMN marital_status TEXT NOT NULL DEFAULT '';
ALTER TABLE entity ADD COLUMN entity_client_status TEXT NOT NULL DEFAULT 'Active';
ALTER TABLE entity ADD COLUMN uk_domicile_country TEXT NOT NULL DEFAULT '';
ALTER TABLE entity ADD COLUMN uk_domiciled INTEGER NOT NULL DEFAULT 0;
ALTER TABLE entity ADD COLUMN comm_pref_email INTEGER NOT NULL DEFAULT 1;
ALTER TABLE entity ADD COLUMN comm_pref_mail INTEGER NOT NULL DEFAULT 0;
ALTER TABLE entity ADD COLUMN comm_pref_sms INTEGER NOT NULL DEFAULT 0;
-- Review, fact-find and robo statuses (spec 3 §3.3: xpt_review_status, robo_journey_*).
ALTER TABLE entity ADD COLUMN xpt_review_status TEXT NOT NULL DEFAULT '';
ALTER TABLE entity ADD COLUMN fact_find_status TEXT NOT NULL DEFAULT '';
ALTER TABLE entity ADD COLUMN robo_journey_type TEXT NOT NULL DEFAULT '';
ALTER TABLE entity ADD COLUMN robo_journey_status TEXT NOT NULL DEFAULT '';
-- Adviser page texts (spec 2 §2.9); empty for clients.
ALTER TABLE entity ADD COLUMN introduction_text TEXT NOT NULL DEFAULT '';
ALTER TABLE entity ADD COLUMN opening_hours TEXT NOT NULL DEFAULT '';
ALTER TABLE entity ADD COLUMN last_login_datetime TEXT;
ALTER TABLE entity ADD COLUMN created_at TEXT NOT NULL DEFAULT '2020-01-01T00:00:00Z';

-- The client list: an adviser's clients by name; quicksearch by name, postcode, date of birth.
CREATE INDEX entity_firm_kind_name_idx ON entity (firm_id, entity_kind, entity_name COLLATE NOCASE);
CREATE INDEX entity_postcode_idx ON entity (firm_id, preferred_postcode COLLATE NOCASE);
CREATE INDEX entity_dob_idx ON entity (firm_id, dob);
CREATE INDEX entity_adviser_name_idx ON entity (adviser_entity_id, entity_name COLLATE NOCASE, id);


-- Addresses: type 0 postal, 1 residential, 2 work. GB uses block/street_name/street_name_2.
CREATE TABLE address (
    id            INTEGER PRIMARY KEY,
    entity_id     INTEGER NOT NULL REFERENCES entity(id) ON DELETE CASCADE,
    type          INTEGER NOT NULL CHECK (type IN (0, 1, 2)),
    block         TEXT NOT NULL DEFAULT '',
    street_name   TEXT NOT NULL DEFAULT '',
    street_name_2 TEXT NOT NULL DEFAULT '',
    street        TEXT NOT NULL DEFAULT '',
    suburb        TEXT NOT NULL DEFAULT '',
    state         TEXT NOT NULL DEFAULT '',
    postcode      TEXT NOT NULL DEFAULT '',
    country       TEXT NOT NULL DEFAULT '',
    preferred     INTEGER NOT NULL DEFAULT 0,
    status        TEXT NOT NULL DEFAULT 'Current'
);
CREATE INDEX address_entity_idx ON address (entity_id);

-- Contacts: p1 home phone, p2 work phone, p3 mobile phone, m1 personal email, m2 work email.
CREATE TABLE contact (
    id           INTEGER PRIMARY KEY,
    entity_id    INTEGER NOT NULL REFERENCES entity(id) ON DELETE CASCADE,
    type         TEXT NOT NULL CHECK (type IN ('p1', 'p2', 'p3', 'm1', 'm2')),
    value        TEXT NOT NULL,
    country_code TEXT NOT NULL DEFAULT '',
    preferred    INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX contact_entity_idx ON contact (entity_id);

-- Client groups (households). login_accessible: whether the member's data may be shown to the
-- other members' logins (spec 2 §6).
CREATE TABLE client_group (
    id      INTEGER PRIMARY KEY,
    firm_id INTEGER NOT NULL REFERENCES firm(id),
    name    TEXT NOT NULL
);
CREATE TABLE client_group_member (
    group_id         INTEGER NOT NULL REFERENCES client_group(id) ON DELETE CASCADE,
    entity_id        INTEGER NOT NULL REFERENCES entity(id) ON DELETE CASCADE,
    login_accessible INTEGER NOT NULL DEFAULT 1,
    PRIMARY KEY (group_id, entity_id)
);
CREATE INDEX client_group_member_entity_idx ON client_group_member (entity_id);

-- Capabilities (view_portfolio, view_marketdata, live_marketdata_access, view_partner,
-- modelling_by_target_sets): a firm default per role, overridden per entity.
CREATE TABLE capability_grant (
    id         INTEGER PRIMARY KEY,
    firm_id    INTEGER NOT NULL REFERENCES firm(id),
    role_name  TEXT NOT NULL CHECK (role_name IN ('ClientUser', 'User')),
    entity_id  INTEGER REFERENCES entity(id) ON DELETE CASCADE,
    capability TEXT NOT NULL,
    enabled    INTEGER NOT NULL
);
CREATE UNIQUE INDEX capability_grant_uq ON capability_grant (firm_id, role_name, COALESCE(entity_id, 0), capability);

-- Platform feature toggles (session/feature_access, toggle conditions).
CREATE TABLE feature_toggle (
    firm_id INTEGER NOT NULL REFERENCES firm(id),
    name    TEXT NOT NULL,
    enabled INTEGER NOT NULL,
    PRIMARY KEY (firm_id, name)
);

-- Login profiles (sysadmin/loginsetting/login_profile/{id}); timeouts in minutes.
CREATE TABLE login_profile (
    id                              INTEGER PRIMARY KEY,
    firm_id                         INTEGER NOT NULL REFERENCES firm(id),
    name                            TEXT NOT NULL,
    inactive_session_timeout_client INTEGER NOT NULL DEFAULT 30,
    inactive_session_timeout        INTEGER NOT NULL DEFAULT 30
);

ALTER TABLE app_user ADD COLUMN login_profile_id INTEGER REFERENCES login_profile(id);

-- User-defined field choices (ufield/{group}/{field}/choice).
CREATE TABLE ufield_choice (
    group_name  TEXT NOT NULL,
    field_name  TEXT NOT NULL,
    code        TEXT NOT NULL,
    description TEXT NOT NULL,
    sort_order  INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (group_name, field_name, code)
);

-- Portfolios: ptype PT_SINGLE, PT_JOINT, PT_SHARED.
CREATE TABLE portfolio (
    id              INTEGER PRIMARY KEY,
    firm_id         INTEGER NOT NULL REFERENCES firm(id),
    entity_id       INTEGER NOT NULL REFERENCES entity(id),
    portfolio_name  TEXT NOT NULL,
    ptype           TEXT NOT NULL CHECK (ptype IN ('PT_SINGLE', 'PT_JOINT', 'PT_SHARED')),
    report_currency TEXT NOT NULL DEFAULT 'GBP'
);
CREATE INDEX portfolio_entity_idx ON portfolio (entity_id);

-- Who may see a portfolio and why (reason_for_visibility): single_owner, primary_joint_owner,
-- secondary_joint_owner, shared_owner, explicit_link.
CREATE TABLE portfolio_party (
    portfolio_id          INTEGER NOT NULL REFERENCES portfolio(id) ON DELETE CASCADE,
    entity_id             INTEGER NOT NULL REFERENCES entity(id) ON DELETE CASCADE,
    reason_for_visibility TEXT NOT NULL CHECK (reason_for_visibility IN
        ('single_owner', 'primary_joint_owner', 'secondary_joint_owner', 'shared_owner', 'explicit_link')),
    PRIMARY KEY (portfolio_id, entity_id)
);
CREATE INDEX portfolio_party_entity_idx ON portfolio_party (entity_id);

-- Accounts (plans) in a portfolio.
CREATE TABLE account (
    id                  INTEGER PRIMARY KEY,
    portfolio_id        INTEGER NOT NULL REFERENCES portfolio(id) ON DELETE CASCADE,
    description         TEXT NOT NULL,
    tax_structure       TEXT NOT NULL DEFAULT '',
    product             TEXT NOT NULL DEFAULT '',
    external_account_id TEXT NOT NULL DEFAULT '',
    subfund             TEXT NOT NULL DEFAULT '',
    tax_type            TEXT NOT NULL DEFAULT '',
    tax_type_title      TEXT NOT NULL DEFAULT '',
    service_type        TEXT NOT NULL DEFAULT 'Managed',
    plan_currency       TEXT NOT NULL DEFAULT 'GBP',
    base_currency       TEXT NOT NULL DEFAULT 'GBP',
    report_currency     TEXT NOT NULL DEFAULT 'GBP',
    active_date         TEXT NOT NULL,              -- inception date, YYYY-MM-DD
    vendor_id           TEXT NOT NULL DEFAULT '',
    active              INTEGER NOT NULL DEFAULT 1,
    blocked             INTEGER NOT NULL DEFAULT 0,
    is_default          INTEGER NOT NULL DEFAULT 0  -- a platform default account (exclude_default_accounts)
);
CREATE INDEX account_portfolio_idx ON account (portfolio_id);

-- Account groups (group_code, group_name) owned by a client.
CREATE TABLE account_group (
    id              INTEGER PRIMARY KEY,
    entity_id       INTEGER NOT NULL REFERENCES entity(id) ON DELETE CASCADE,
    group_code      TEXT NOT NULL,
    group_name      TEXT NOT NULL,
    report_currency TEXT NOT NULL DEFAULT 'GBP',
    UNIQUE (entity_id, group_code)
);
CREATE TABLE account_group_member (
    group_id   INTEGER NOT NULL REFERENCES account_group(id) ON DELETE CASCADE,
    account_id INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
    PRIMARY KEY (group_id, account_id)
);
CREATE INDEX account_group_member_account_idx ON account_group_member (account_id);

-- Per-user account visibility (entity/client-v4/{id}/account_user_visibility_link).
CREATE TABLE account_user_visibility_link (
    entity_id  INTEGER NOT NULL REFERENCES entity(id) ON DELETE CASCADE,
    account_id INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
    visible    INTEGER NOT NULL DEFAULT 1,
    PRIMARY KEY (entity_id, account_id)
);

-- Securities; cash is detected by code (spec 2 §9) as well as by asset class.
CREATE TABLE security (
    id               INTEGER PRIMARY KEY,
    code             TEXT NOT NULL UNIQUE,
    exchange         TEXT NOT NULL DEFAULT '',
    isin             TEXT NOT NULL DEFAULT '',
    description      TEXT NOT NULL,
    currency         TEXT NOT NULL,
    asset_class_code TEXT NOT NULL DEFAULT '',
    sector_name      TEXT NOT NULL DEFAULT '',
    region           TEXT NOT NULL DEFAULT '',
    annual_income_per_unit REAL NOT NULL DEFAULT 0
);

-- Detailed allocation: a security's split across asset classes, sectors or regions (weights sum to 1).
CREATE TABLE security_allocation (
    security_id INTEGER NOT NULL REFERENCES security(id) ON DELETE CASCADE,
    kind        TEXT NOT NULL CHECK (kind IN ('asset_class', 'sector', 'region')),
    code        TEXT NOT NULL,
    weight      REAL NOT NULL,
    PRIMARY KEY (security_id, kind, code)
);

-- Daily closing prices in the security's currency.
CREATE TABLE security_price (
    security_id INTEGER NOT NULL REFERENCES security(id) ON DELETE CASCADE,
    price_date  TEXT NOT NULL,
    close_price REAL NOT NULL,
    PRIMARY KEY (security_id, price_date)
) WITHOUT ROWID;

-- FX: units of quote per one unit of base, per day.
CREATE TABLE fx_rate (
    base_currency  TEXT NOT NULL,
    quote_currency TEXT NOT NULL,
    rate_date      TEXT NOT NULL,
    rate           REAL NOT NULL,
    PRIMARY KEY (base_currency, quote_currency, rate_date)
) WITHOUT ROWID;

CREATE TABLE benchmark (
    id       INTEGER PRIMARY KEY,
    name     TEXT NOT NULL UNIQUE,
    currency TEXT NOT NULL DEFAULT 'GBP'
);
CREATE TABLE benchmark_value (
    benchmark_id INTEGER NOT NULL REFERENCES benchmark(id) ON DELETE CASCADE,
    value_date   TEXT NOT NULL,
    value        REAL NOT NULL,
    PRIMARY KEY (benchmark_id, value_date)
) WITHOUT ROWID;

-- Transactions. kind: buy, sell, deposit, withdrawal, income, fee, transfer_in, transfer_out.
-- External flows (deposit, withdrawal, transfer_in, transfer_out) move money across the
-- account boundary and are what TWRR and IRR treat as cash flows.
CREATE TABLE txn (
    id                    INTEGER PRIMARY KEY,
    account_id            INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
    security_id           INTEGER REFERENCES security(id),
    kind                  TEXT NOT NULL CHECK (kind IN ('buy', 'sell', 'deposit', 'withdrawal', 'income', 'fee', 'transfer_in', 'transfer_out')),
    transaction_type_desc TEXT NOT NULL,
    trade_date            TEXT NOT NULL,
    settlement_date       TEXT NOT NULL,
    volume                REAL NOT NULL DEFAULT 0,
    price_per_unit        REAL NOT NULL DEFAULT 0,
    gross_amount          REAL NOT NULL DEFAULT 0,
    fee                   REAL NOT NULL DEFAULT 0,
    tax                   REAL NOT NULL DEFAULT 0,
    net_amount            REAL NOT NULL DEFAULT 0,
    native_currency       TEXT NOT NULL,
    comment               TEXT NOT NULL DEFAULT ''
);
CREATE INDEX txn_account_date_idx ON txn (account_id, trade_date, id);

-- Site terms acceptance (entity/client-v3/{id}/terms_and_conditions).
CREATE TABLE terms_acceptance (
    id          INTEGER PRIMARY KEY,
    entity_id   INTEGER NOT NULL REFERENCES entity(id) ON DELETE CASCADE,
    description TEXT NOT NULL,
    content     TEXT NOT NULL,
    agreed_date TEXT NOT NULL,
    recorded_at TEXT NOT NULL
);
CREATE INDEX terms_acceptance_entity_idx ON terms_acceptance (entity_id);

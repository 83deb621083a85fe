-- Materialised daily valuations (issue 13; ledger/doc.go "Materialised days", the same schema
-- as migrations/postgres/0016_materialised_valuations.sql). Each account's native days, worked
-- out on first need and kept until a write to what they were computed from makes them stale:
-- the triggers below mark them, inside the writer's own transaction, whoever the writer is.

-- What the positions held in one currency were worth at a day's close (units × close, cash 1).
CREATE TABLE valuation_day (
    account_id INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
    value_date TEXT NOT NULL,
    currency   TEXT NOT NULL,
    value      REAL NOT NULL,
    PRIMARY KEY (account_id, value_date, currency)
) WITHOUT ROWID;

-- A day's external flows, income and costs in one currency (ledger.NativeFlow).
CREATE TABLE valuation_flow (
    account_id INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
    value_date TEXT NOT NULL,
    currency   TEXT NOT NULL,
    flow       REAL NOT NULL DEFAULT 0,
    income     REAL NOT NULL DEFAULT 0,
    moved      INTEGER NOT NULL DEFAULT 0,
    fee        REAL NOT NULL DEFAULT 0,
    tax        REAL NOT NULL DEFAULT 0,
    income_tax REAL NOT NULL DEFAULT 0,
    PRIMARY KEY (account_id, value_date, currency)
) WITHOUT ROWID;

-- Per account: the rows cover every day up to valued_through (NULL: none yet); those from
-- stale_from on are out of date (NULL: none). generation moves on with every change to the
-- account's transactions or to a security it held, so a valuation worked out from an older
-- reading is not written over a newer change.
CREATE TABLE valuation_state (
    account_id     INTEGER PRIMARY KEY REFERENCES account(id) ON DELETE CASCADE,
    generation     INTEGER NOT NULL DEFAULT 0,
    valued_through TEXT,
    stale_from     TEXT
);

-- The securities an account's rows priced: from its first transaction in one to its last
-- (held_to NULL while still held on valued_through). A price outside that span cannot change
-- the account's rows.
CREATE TABLE valuation_holding (
    account_id  INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
    security_id INTEGER NOT NULL,
    held_from   TEXT NOT NULL,
    held_to     TEXT,
    PRIMARY KEY (account_id, security_id)
) WITHOUT ROWID;
CREATE INDEX valuation_holding_security_idx ON valuation_holding (security_id, account_id);

-- Per security: moves on with every change to its prices or to the security itself, so a
-- valuation that read its closes before the change is not written after it.
CREATE TABLE valuation_market (
    security_id INTEGER PRIMARY KEY,
    generation  INTEGER NOT NULL DEFAULT 0
);

-- SQLite runs one writer at a time, so a trigger only has to move what already exists: an
-- account or a security no valuation has claimed yet (Days inserts their state and market rows
-- before it reads) has nothing to mark, and a write that lands before the claim is seen by the
-- reading that follows it. A bulk load into a store nobody has valued yet so pays one key
-- lookup per row. (PostgreSQL's writers run side by side: its twin upserts those rows.)

-- A transaction makes its account's rows stale from its trade date (both dates and both
-- accounts when one is edited).
CREATE TRIGGER txn_valuation_insert AFTER INSERT ON txn BEGIN
    UPDATE valuation_state SET generation = generation + 1, stale_from = MIN(COALESCE(stale_from, NEW.trade_date), NEW.trade_date)
        WHERE account_id = NEW.account_id;
END;
CREATE TRIGGER txn_valuation_update AFTER UPDATE ON txn BEGIN
    UPDATE valuation_state SET generation = generation + 1, stale_from = MIN(COALESCE(stale_from, OLD.trade_date), OLD.trade_date)
        WHERE account_id = OLD.account_id;
    UPDATE valuation_state SET generation = generation + 1, stale_from = MIN(COALESCE(stale_from, NEW.trade_date), NEW.trade_date)
        WHERE account_id = NEW.account_id;
END;
CREATE TRIGGER txn_valuation_delete AFTER DELETE ON txn BEGIN
    UPDATE valuation_state SET generation = generation + 1, stale_from = MIN(COALESCE(stale_from, OLD.trade_date), OLD.trade_date)
        WHERE account_id = OLD.account_id;
END;

-- A close makes stale, from its date, the rows of the accounts that held the security then
-- (from the start of the holding when the close is older), and moves the security's generation.
CREATE TRIGGER security_price_valuation_insert AFTER INSERT ON security_price
WHEN EXISTS (SELECT 1 FROM valuation_market WHERE security_id = NEW.security_id) BEGIN
    UPDATE valuation_market SET generation = generation + 1 WHERE security_id = NEW.security_id;
    UPDATE valuation_state SET generation = generation + 1,
        stale_from = MIN(COALESCE(stale_from, '9999-12-31'), (SELECT MAX(h.held_from, NEW.price_date) FROM valuation_holding h
            WHERE h.account_id = valuation_state.account_id AND h.security_id = NEW.security_id))
    WHERE account_id IN (SELECT account_id FROM valuation_holding
        WHERE security_id = NEW.security_id AND (held_to IS NULL OR held_to >= NEW.price_date));
END;
CREATE TRIGGER security_price_valuation_update AFTER UPDATE ON security_price
WHEN EXISTS (SELECT 1 FROM valuation_market WHERE security_id IN (OLD.security_id, NEW.security_id)) BEGIN
    UPDATE valuation_market SET generation = generation + 1 WHERE security_id IN (OLD.security_id, NEW.security_id);
    UPDATE valuation_state SET generation = generation + 1,
        stale_from = MIN(COALESCE(stale_from, '9999-12-31'), (SELECT MIN(MAX(h.held_from, MIN(OLD.price_date, NEW.price_date))) FROM valuation_holding h
            WHERE h.account_id = valuation_state.account_id AND h.security_id IN (OLD.security_id, NEW.security_id)))
    WHERE account_id IN (SELECT account_id FROM valuation_holding
        WHERE security_id IN (OLD.security_id, NEW.security_id) AND (held_to IS NULL OR held_to >= MIN(OLD.price_date, NEW.price_date)));
END;
CREATE TRIGGER security_price_valuation_delete AFTER DELETE ON security_price
WHEN EXISTS (SELECT 1 FROM valuation_market WHERE security_id = OLD.security_id) BEGIN
    UPDATE valuation_market SET generation = generation + 1 WHERE security_id = OLD.security_id;
    UPDATE valuation_state SET generation = generation + 1,
        stale_from = MIN(COALESCE(stale_from, '9999-12-31'), (SELECT MAX(h.held_from, OLD.price_date) FROM valuation_holding h
            WHERE h.account_id = valuation_state.account_id AND h.security_id = OLD.security_id))
    WHERE account_id IN (SELECT account_id FROM valuation_holding
        WHERE security_id = OLD.security_id AND (held_to IS NULL OR held_to >= OLD.price_date));
END;

-- What a security is (its currency, and whether its code or asset class make it cash) decides
-- how every holder's rows were priced: a change makes them stale from the start of the holding.
CREATE TRIGGER security_valuation_update AFTER UPDATE OF code, currency, asset_class_code ON security
WHEN OLD.code IS NOT NEW.code OR OLD.currency IS NOT NEW.currency OR OLD.asset_class_code IS NOT NEW.asset_class_code BEGIN
    UPDATE valuation_market SET generation = generation + 1 WHERE security_id = NEW.id;
    UPDATE valuation_state SET generation = generation + 1,
        stale_from = MIN(COALESCE(stale_from, '9999-12-31'), (SELECT h.held_from FROM valuation_holding h
            WHERE h.account_id = valuation_state.account_id AND h.security_id = NEW.id))
    WHERE account_id IN (SELECT account_id FROM valuation_holding WHERE security_id = NEW.id);
END;

-- FX rates are looked up by their currency codes as stored (ledger.Reader.LoadRates, through
-- the primary key): codes are written upper-case (firmdata), and rows written before are
-- made so here. Of rows that differ only in case, the upper-case one (else the first in code order)
-- stays.
DELETE FROM fx_rate WHERE (base_currency <> UPPER(TRIM(base_currency)) OR quote_currency <> UPPER(TRIM(quote_currency)))
    AND EXISTS (SELECT 1 FROM fx_rate u WHERE UPPER(TRIM(u.base_currency)) = UPPER(TRIM(fx_rate.base_currency))
        AND UPPER(TRIM(u.quote_currency)) = UPPER(TRIM(fx_rate.quote_currency)) AND u.rate_date = fx_rate.rate_date
        AND (u.base_currency, u.quote_currency) <> (fx_rate.base_currency, fx_rate.quote_currency)
        AND ((u.base_currency = UPPER(TRIM(u.base_currency)) AND u.quote_currency = UPPER(TRIM(u.quote_currency)))
            OR (u.base_currency, u.quote_currency) < (fx_rate.base_currency, fx_rate.quote_currency)));
UPDATE fx_rate SET base_currency = UPPER(TRIM(base_currency)), quote_currency = UPPER(TRIM(quote_currency))
    WHERE base_currency <> UPPER(TRIM(base_currency)) OR quote_currency <> UPPER(TRIM(quote_currency));

-- A client's partners are found from either side of entity.partner_entity_id (profit analysis
-- orders rows by them): the side naming the client needs its own index.
CREATE INDEX entity_partner_idx ON entity (partner_entity_id);

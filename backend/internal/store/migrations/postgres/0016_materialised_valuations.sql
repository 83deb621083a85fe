-- Materialised daily valuations (issue 13): PostgreSQL twin of
-- migrations/sqlite/0016_materialised_valuations.sql, which explains each table. Money is
-- NUMERIC; the triggers are statement-level over transition tables, so a bulk load of a
-- million rows marks each account or security once per statement rather than once per row.

CREATE TABLE valuation_day (
    account_id BIGINT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
    value_date TEXT NOT NULL,
    currency   TEXT NOT NULL,
    value      NUMERIC NOT NULL,
    PRIMARY KEY (account_id, value_date, currency)
);

CREATE TABLE valuation_flow (
    account_id BIGINT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
    value_date TEXT NOT NULL,
    currency   TEXT NOT NULL,
    flow       NUMERIC NOT NULL DEFAULT 0,
    income     NUMERIC NOT NULL DEFAULT 0,
    moved      INTEGER NOT NULL DEFAULT 0,
    fee        NUMERIC NOT NULL DEFAULT 0,
    tax        NUMERIC NOT NULL DEFAULT 0,
    income_tax NUMERIC NOT NULL DEFAULT 0,
    PRIMARY KEY (account_id, value_date, currency)
);

CREATE TABLE valuation_state (
    account_id     BIGINT PRIMARY KEY REFERENCES account(id) ON DELETE CASCADE,
    generation     BIGINT NOT NULL DEFAULT 0,
    valued_through TEXT,
    stale_from     TEXT
);

CREATE TABLE valuation_holding (
    account_id  BIGINT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
    security_id BIGINT NOT NULL,
    held_from   TEXT NOT NULL,
    held_to     TEXT,
    PRIMARY KEY (account_id, security_id)
);
CREATE INDEX valuation_holding_security_idx ON valuation_holding (security_id, account_id);

CREATE TABLE valuation_market (
    security_id BIGINT PRIMARY KEY,
    generation  BIGINT NOT NULL DEFAULT 0
);

-- Transactions: the changed rows (inserted, deleted, or either side of an edit) make their
-- accounts stale from their earliest trade date. LEAST ignores a NULL stale_from.
CREATE FUNCTION valuation_txn_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO valuation_state AS s (account_id, generation, stale_from)
        SELECT account_id, 1, MIN(trade_date) FROM changed GROUP BY account_id ORDER BY account_id
        ON CONFLICT (account_id) DO UPDATE SET generation = s.generation + 1, stale_from = LEAST(s.stale_from, excluded.stale_from);
    RETURN NULL;
END $$;
CREATE TRIGGER txn_valuation_insert AFTER INSERT ON txn REFERENCING NEW TABLE AS changed
    FOR EACH STATEMENT EXECUTE FUNCTION valuation_txn_changed();
CREATE TRIGGER txn_valuation_update_old AFTER UPDATE ON txn REFERENCING OLD TABLE AS changed
    FOR EACH STATEMENT EXECUTE FUNCTION valuation_txn_changed();
CREATE TRIGGER txn_valuation_update_new AFTER UPDATE ON txn REFERENCING NEW TABLE AS changed
    FOR EACH STATEMENT EXECUTE FUNCTION valuation_txn_changed();
CREATE TRIGGER txn_valuation_delete AFTER DELETE ON txn REFERENCING OLD TABLE AS changed
    FOR EACH STATEMENT EXECUTE FUNCTION valuation_txn_changed();

-- Closes: each security's generation moves first (a valuation being written holds those rows
-- FOR SHARE until it commits, so this waits for it, and the statements after it then see its
-- holdings), then the holders of the security on the changed dates are marked, in account
-- order (as a valuation being written locks them), from the later of the earliest changed
-- date and the start of the holding.
CREATE FUNCTION valuation_price_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO valuation_market AS m (security_id, generation)
        SELECT DISTINCT security_id, 1 FROM changed ORDER BY security_id
        ON CONFLICT (security_id) DO UPDATE SET generation = m.generation + 1;
    WITH first AS (SELECT security_id, MIN(price_date) AS price_date FROM changed GROUP BY security_id),
    hit AS (SELECT h.account_id, MIN(GREATEST(h.held_from, f.price_date)) AS from_date
        FROM first f JOIN valuation_holding h ON h.security_id = f.security_id
        WHERE h.held_to IS NULL OR h.held_to >= f.price_date GROUP BY h.account_id),
    locked AS (SELECT s.account_id FROM valuation_state s JOIN hit ON hit.account_id = s.account_id
        ORDER BY s.account_id FOR UPDATE OF s)
    UPDATE valuation_state s SET generation = s.generation + 1, stale_from = LEAST(s.stale_from, hit.from_date)
        FROM hit WHERE hit.account_id = s.account_id AND s.account_id IN (SELECT account_id FROM locked);
    RETURN NULL;
END $$;
CREATE TRIGGER security_price_valuation_insert AFTER INSERT ON security_price REFERENCING NEW TABLE AS changed
    FOR EACH STATEMENT EXECUTE FUNCTION valuation_price_changed();
CREATE TRIGGER security_price_valuation_update_old AFTER UPDATE ON security_price REFERENCING OLD TABLE AS changed
    FOR EACH STATEMENT EXECUTE FUNCTION valuation_price_changed();
CREATE TRIGGER security_price_valuation_update_new AFTER UPDATE ON security_price REFERENCING NEW TABLE AS changed
    FOR EACH STATEMENT EXECUTE FUNCTION valuation_price_changed();
CREATE TRIGGER security_price_valuation_delete AFTER DELETE ON security_price REFERENCING OLD TABLE AS changed
    FOR EACH STATEMENT EXECUTE FUNCTION valuation_price_changed();

-- A security's code, currency or asset class decide how its holders were priced.
CREATE FUNCTION valuation_security_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO valuation_market AS m (security_id, generation) VALUES (NEW.id, 1)
        ON CONFLICT (security_id) DO UPDATE SET generation = m.generation + 1;
    UPDATE valuation_state s SET generation = s.generation + 1, stale_from = LEAST(s.stale_from, h.held_from)
        FROM valuation_holding h WHERE h.account_id = s.account_id AND h.security_id = NEW.id;
    RETURN NULL;
END $$;
CREATE TRIGGER security_valuation_update AFTER UPDATE OF code, currency, asset_class_code ON security FOR EACH ROW
    WHEN (OLD.code IS DISTINCT FROM NEW.code OR OLD.currency IS DISTINCT FROM NEW.currency
        OR OLD.asset_class_code IS DISTINCT FROM NEW.asset_class_code)
    EXECUTE FUNCTION valuation_security_changed();

-- FX codes upper-case, as ledger.Reader.LoadRates looks them up (see the SQLite twin).
DELETE FROM fx_rate f WHERE (f.base_currency <> UPPER(TRIM(f.base_currency)) OR f.quote_currency <> UPPER(TRIM(f.quote_currency)))
    AND EXISTS (SELECT 1 FROM fx_rate u WHERE UPPER(TRIM(u.base_currency)) = UPPER(TRIM(f.base_currency))
        AND UPPER(TRIM(u.quote_currency)) = UPPER(TRIM(f.quote_currency)) AND u.rate_date = f.rate_date
        AND (u.base_currency, u.quote_currency) <> (f.base_currency, f.quote_currency)
        AND ((u.base_currency = UPPER(TRIM(u.base_currency)) AND u.quote_currency = UPPER(TRIM(u.quote_currency)))
            OR (u.base_currency, u.quote_currency) < (f.base_currency, f.quote_currency)));
UPDATE fx_rate SET base_currency = UPPER(TRIM(base_currency)), quote_currency = UPPER(TRIM(quote_currency))
    WHERE base_currency <> UPPER(TRIM(base_currency)) OR quote_currency <> UPPER(TRIM(quote_currency));

-- A client's partners are found from either side of entity.partner_entity_id (profit analysis
-- orders rows by them): the side naming the client needs its own index.
CREATE INDEX entity_partner_idx ON entity (partner_entity_id);

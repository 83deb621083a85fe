package performance

import (
	"crypto/rand"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"
	"time"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/auth"
	"wealthportal/backend/internal/calc"
	"wealthportal/backend/internal/platform"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/platformtest"
)

// The fixture's world, written with direct SQL so that it depends on no loader.
//
// Firm 1 (GB, base GBP):
//   - adviser Alex (entity 100, login alex) advises Ada (10), Bob (11) and Cy (12);
//     adviser Blair (101, blair) advises Dee (13).
//   - Ada and Bob are partners and share client group 1 (both login_accessible).
//   - Portfolios: 1 Ada single (accounts 1 GBP, 2 USD); 2 Ada & Bob joint (account 3, Ada
//     primary, Bob secondary); 3 Bob single (account 4, "Not managed", GBX-priced shares);
//     4 Cy single (accounts 5 GBP cash, opened 2 January 2024 but funded on the 10th, and 6 EUR
//     with no GBP/EUR rate); 5 Dee single (account 7,
//     a holding that goes to zero).
//   - Account groups: ADAGRP (Ada: accounts 1 and 3), CYGRP (Cy: account 5).
//   - Ada has hidden account 2 in her account visibility links.
//
// Firm 2: adviser Eli (200, eli) advises Eve (20), portfolio 6, account 8.
//
// Today is 2025-07-01 (10:00 UTC, 11:00 in London).

var fixtureNow = time.Date(2025, 7, 1, 10, 0, 0, 0, time.UTC)

const fixturePassword = "Correct#Horse1"

// day parses a fixture date.
func day(s string) time.Time {
	d, err := calc.ParseDate(s)
	if err != nil {
		panic(err)
	}
	return d
}

// weekdays lists the Monday-to-Friday dates from a to b inclusive.
func weekdays(a, b time.Time) []time.Time {
	var out []time.Time
	for d := a; !d.After(b); d = d.AddDate(0, 0, 1) {
		if d.Weekday() != time.Saturday && d.Weekday() != time.Sunday {
			out = append(out, d)
		}
	}
	return out
}

// lastWeekday is d, or the Friday before when d falls on a weekend: the date whose close is
// carried to d.
func lastWeekday(d time.Time) time.Time {
	for d.Weekday() == time.Saturday || d.Weekday() == time.Sunday {
		d = d.AddDate(0, 0, -1)
	}
	return d
}

// sec1Close is the close of security 1 (GBP) on a weekday: the hand-worked days of January
// 2024 (80, then +10% to 88, unchanged on the day of the second deposit, then −5% to 83.6),
// then a gentle daily climb so that sampled values differ.
func sec1Close(d time.Time) float64 {
	switch calc.FormatDate(d) {
	case "2024-01-02":
		return 80
	case "2024-01-03", "2024-01-04":
		return 88
	case "2024-01-05":
		return 83.6
	}
	return 83.6 + 0.01*float64(calc.DaysBetween(day("2024-01-05"), d))
}

// sec2Close is the close of security 2 (GBP) on a weekday from 2024-02-01.
func sec2Close(d time.Time) float64 {
	return 50 + 0.02*float64(calc.DaysBetween(day("2024-02-01"), d))
}

// benchLevel is the FTSE All-Share fixture level on a weekday from 2023-12-29.
func benchLevel(d time.Time) float64 {
	n := float64(calc.DaysBetween(day("2023-12-29"), d))
	return 4000 + 2*n + 30*float64(int(n)%7)
}

type testEnv struct {
	db       *store.DB
	engine   *gin.Engine
	now      time.Time
	sessions *platformtest.Sessions
}

// newTestEnv loads the fixture into db, a freshly migrated store (testdb.EachDB gives one per
// dialect), and builds the platform engine with this module.
func newTestEnv(t testing.TB, db *store.DB) *testEnv {
	t.Helper()
	gin.SetMode(gin.TestMode)
	env := &testEnv{db: db, now: fixtureNow}
	clock := func() time.Time { return env.now }
	svc, err := auth.NewService(auth.SQLStore{DB: db}, platformtest.NoSender{}, clock, rand.Reader, 4)
	if err != nil {
		t.Fatal(err)
	}
	env.engine = platform.NewEngine(svc, db, []platform.Module{New(db, clock)})
	env.sessions = platformtest.NewSessions(env.engine, fixturePassword, "performance-test")
	hash, err := auth.HashPassword(fixturePassword, 4)
	if err != nil {
		t.Fatal(err)
	}
	loadFixture(t, db, hash)
	return env
}

func exec(t testing.TB, db *store.DB, q string, args ...any) {
	t.Helper()
	if _, err := db.Exec(db.Rebind(q), args...); err != nil {
		t.Fatalf("%v\n%s", err, q)
	}
}

func loadFixture(t testing.TB, db *store.DB, hash string) {
	t.Helper()
	for _, q := range []string{
		`INSERT INTO firm (id, name, product_name, region) VALUES (1, 'Firm One', 'Portal', 'GB'), (2, 'Firm Two', 'Portal', 'GB')`,
		`INSERT INTO client_access_level_choice (code, description) VALUES (1, 'Client Portfolio')`,
		`INSERT INTO entity (id, firm_id, entity_kind, first_name, last_name, entity_name) VALUES
			(100, 1, 'adviser', 'Alex', 'Adviser', 'Adviser, Alex'),
			(101, 1, 'adviser', 'Blair', 'Adviser', 'Adviser, Blair'),
			(200, 2, 'adviser', 'Eli', 'Adviser', 'Adviser, Eli')`,
		`INSERT INTO entity (id, firm_id, entity_kind, first_name, last_name, entity_name, client_access_level, adviser_entity_id, user_timezone) VALUES
			(10, 1, 'client', 'Ada', 'Lovelace', 'Lovelace, Ada', 1, 100, 'Europe/London'),
			(11, 1, 'client', 'Bob', 'Lovelace', 'Lovelace, Bob', 1, 100, 'Europe/London'),
			(12, 1, 'client', 'Cy', 'Young', 'Young, Cy', 1, 100, 'Europe/London'),
			(13, 1, 'client', 'Dee', 'Dale', 'Dale, Dee', 1, 101, 'Europe/London'),
			(20, 2, 'client', 'Eve', 'Eden', 'Eden, Eve', 1, 200, 'Europe/London')`,
		`UPDATE entity SET partner_entity_id = 11 WHERE id = 10`,
		`UPDATE entity SET partner_entity_id = 10 WHERE id = 11`,
		`INSERT INTO client_group (id, firm_id, name) VALUES (1, 1, 'Lovelace household')`,
		`INSERT INTO client_group_member (group_id, entity_id, login_accessible) VALUES (1, 10, 1), (1, 11, 1)`,
		`INSERT INTO portfolio (id, firm_id, entity_id, portfolio_name, ptype, report_currency) VALUES
			(1, 1, 10, 'Ada portfolio', 'PT_SINGLE', 'GBP'),
			(2, 1, 10, 'Ada and Bob joint', 'PT_JOINT', 'GBP'),
			(3, 1, 11, 'Bob portfolio', 'PT_SINGLE', 'GBP'),
			(4, 1, 12, 'Cy portfolio', 'PT_SINGLE', 'GBP'),
			(5, 1, 13, 'Dee portfolio', 'PT_SINGLE', 'GBP'),
			(6, 2, 20, 'Eve portfolio', 'PT_SINGLE', 'GBP')`,
		`INSERT INTO portfolio_party (portfolio_id, entity_id, reason_for_visibility) VALUES
			(1, 10, 'single_owner'), (2, 10, 'primary_joint_owner'), (2, 11, 'secondary_joint_owner'),
			(3, 11, 'single_owner'), (4, 12, 'single_owner'), (5, 13, 'single_owner'), (6, 20, 'single_owner')`,
		`INSERT INTO account (id, portfolio_id, description, plan_currency, report_currency, active_date, service_type) VALUES
			(1, 1, 'Ada ISA', 'GBP', 'GBP', '2024-01-02', 'Managed'),
			(2, 1, 'Ada US dollar account', 'USD', 'GBP', '2024-01-02', 'Managed'),
			(3, 2, 'Joint investment account', 'GBP', 'GBP', '2024-02-01', 'Managed'),
			(4, 3, 'Bob share account', 'GBP', 'GBP', '2024-03-01', 'Not managed'),
			(5, 4, 'Cy cash account', 'GBP', 'GBP', '2024-01-02', 'Managed'),
			(6, 4, 'Cy euro account', 'EUR', 'GBP', '2024-01-02', 'Managed'),
			(7, 5, 'Dee speculative account', 'GBP', 'GBP', '2024-01-02', 'Managed'),
			(8, 6, 'Eve ISA', 'GBP', 'GBP', '2024-01-02', 'Managed')`,
		`INSERT INTO account_group (id, entity_id, group_code, group_name, report_currency) VALUES
			(1, 10, 'ADAGRP', 'Ada long term', 'GBP'), (2, 12, 'CYGRP', 'Cy savings', 'GBP')`,
		`INSERT INTO account_group_member (group_id, account_id) VALUES (1, 1), (1, 3), (2, 5)`,
		`INSERT INTO account_user_visibility_link (entity_id, account_id, visible) VALUES (10, 2, 0)`,
		`INSERT INTO security (id, code, description, currency) VALUES
			(1, 'ALPHA', 'Alpha Growth Fund', 'GBP'),
			(2, 'BETA', 'Beta Income Trust', 'GBP'),
			(3, 'GAMMA', 'Gamma US Equity', 'USD'),
			(4, 'DELTA', 'Delta Euro Fund', 'EUR'),
			(5, 'CRASH', 'Crash Mining plc', 'GBP'),
			(6, 'EPSLN', 'Epsilon UK plc', 'GBX')`,
		`INSERT INTO security_price (security_id, price_date, close_price) VALUES
			(3, '2024-01-02', 100), (3, '2024-03-01', 110),
			(4, '2024-01-02', 20),
			(5, '2024-01-02', 50), (5, '2024-06-03', 0),
			(6, '2024-03-01', 250), (6, '2024-04-01', 275)`,
		// GBP/USD: 1 GBP buys 1.25 USD, then 1.30 from March 2024. There is no GBP/EUR rate.
		`INSERT INTO fx_rate (base_currency, quote_currency, rate_date, rate) VALUES
			('GBP', 'USD', '2024-01-01', 1.25), ('GBP', 'USD', '2024-03-01', 1.30)`,
		`INSERT INTO benchmark (id, name, currency) VALUES (1, 'FTSE All-Share', 'GBP'), (2, 'Cash', 'GBP')`,
		`INSERT INTO benchmark_value (benchmark_id, value_date, value) VALUES (2, '2023-01-02', 100)`,
		`INSERT INTO txn (account_id, security_id, kind, transaction_type_desc, trade_date, settlement_date,
			volume, price_per_unit, gross_amount, fee, tax, net_amount, native_currency) VALUES
			(1, NULL, 'deposit',    'Deposit',    '2024-01-02', '2024-01-02', 0,   0,   10000, 0, 0, 10000, 'GBP'),
			(1, 1,    'buy',        'Buy',        '2024-01-02', '2024-01-04', 100, 80,  8000,  0, 0, 8000,  'GBP'),
			(1, NULL, 'deposit',    'Deposit',    '2024-01-04', '2024-01-04', 0,   0,   5000,  0, 0, 5000,  'GBP'),
			(2, NULL, 'deposit',    'Deposit',    '2024-01-02', '2024-01-02', 0,   0,   1000,  0, 0, 1000,  'USD'),
			(2, 3,    'buy',        'Buy',        '2024-01-02', '2024-01-04', 10,  100, 1000,  0, 0, 1000,  'USD'),
			(3, NULL, 'deposit',    'Deposit',    '2024-02-01', '2024-02-01', 0,   0,   20000, 0, 0, 20000, 'GBP'),
			(3, 2,    'buy',        'Buy',        '2024-02-01', '2024-02-05', 200, 50,  10000, 10, 0, 10010, 'GBP'),
			(3, 2,    'income',     'Dividend',   '2024-03-01', '2024-03-01', 0,   0,   200,   0, 0, 200,   'GBP'),
			(3, NULL, 'fee',        'Management fee', '2024-04-01', '2024-04-01', 0, 0, 50,  0, 0, 50,    'GBP'),
			(3, NULL, 'withdrawal', 'Withdrawal', '2024-05-01', '2024-05-01', 0,   0,   1000,  0, 0, 1000,  'GBP'),
			(3, 2,    'sell',       'Sell',       '2024-06-03', '2024-06-05', 50,  52.46, 2623, 5, 0, 2618, 'GBP'),
			(4, NULL, 'deposit',    'Deposit',    '2024-03-01', '2024-03-01', 0,   0,   5000,  0, 0, 5000,  'GBP'),
			(4, 6,    'buy',        'Buy',        '2024-03-01', '2024-03-05', 1000, 2.5, 2500, 0, 0, 2500,  'GBP'),
			(5, NULL, 'deposit',    'Deposit',    '2024-01-10', '2024-01-10', 0,   0,   1000,  0, 0, 1000,  'GBP'),
			(6, NULL, 'deposit',    'Deposit',    '2024-01-02', '2024-01-02', 0,   0,   1000,  0, 0, 1000,  'EUR'),
			(6, 4,    'buy',        'Buy',        '2024-01-02', '2024-01-04', 50,  20,  1000,  0, 0, 1000,  'EUR'),
			(7, NULL, 'deposit',    'Deposit',    '2024-01-02', '2024-01-02', 0,   0,   5000,  0, 0, 5000,  'GBP'),
			(7, 5,    'buy',        'Buy',        '2024-01-02', '2024-01-04', 100, 50,  5000,  0, 0, 5000,  'GBP'),
			(8, NULL, 'deposit',    'Deposit',    '2024-01-02', '2024-01-02', 0,   0,   100,   0, 0, 100,   'GBP')`,
	} {
		exec(t, db, q)
	}
	users := []struct {
		id     int
		name   string
		role   string
		entity int
	}{
		{1, "ada", "ClientUser", 10}, {2, "bob", "ClientUser", 11}, {3, "cy", "ClientUser", 12},
		{4, "dee", "ClientUser", 13}, {5, "eve", "ClientUser", 20},
		{6, "alex", "User", 100}, {7, "blair", "User", 101}, {8, "eli", "User", 200},
	}
	for _, u := range users {
		exec(t, db, `INSERT INTO app_user (id, username, password_hash, role_name, entity_id, created_at) VALUES (?, ?, ?, ?, ?, 'x')`,
			u.id, u.name, hash, u.role, u.entity)
	}

	// Daily weekday prices and benchmark levels in one transaction.
	tx, err := db.Begin()
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	insert := func(query string, args ...any) {
		if _, err := tx.Exec(db.Rebind(query), args...); err != nil {
			t.Fatal(err)
		}
	}
	for _, d := range weekdays(day("2024-01-02"), fixtureNow) {
		insert(`INSERT INTO security_price (security_id, price_date, close_price) VALUES (1, ?, ?)`, calc.FormatDate(d), sec1Close(d))
		if !d.Before(day("2024-02-01")) {
			insert(`INSERT INTO security_price (security_id, price_date, close_price) VALUES (2, ?, ?)`, calc.FormatDate(d), sec2Close(d))
		}
	}
	for _, d := range weekdays(day("2023-12-29"), fixtureNow) {
		insert(`INSERT INTO benchmark_value (benchmark_id, value_date, value) VALUES (1, ?, ?)`, calc.FormatDate(d), benchLevel(d))
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
}

// login signs in with HTTP Basic auth and an app id, as the platform's wire convention has
// it, and keeps the XPLANID cookie for the user's later calls.
func (e *testEnv) login(t testing.TB, user string) *http.Cookie {
	t.Helper()
	return e.sessions.Login(t, user)
}

// get calls path (relative to /resourceful) with query as user and returns the response.
func (e *testEnv) get(t testing.TB, user, path string, query url.Values) *httptest.ResponseRecorder {
	t.Helper()
	target := "/resourceful/" + path
	if len(query) > 0 {
		target += "?" + query.Encode()
	}
	req := httptest.NewRequest(http.MethodGet, target, nil)
	req.AddCookie(e.login(t, user))
	rec := httptest.NewRecorder()
	e.engine.ServeHTTP(rec, req)
	return rec
}

// getJSON calls get, requires 200 and decodes the answer.
func (e *testEnv) getJSON(t testing.TB, user, path string, query url.Values) map[string]any {
	t.Helper()
	rec := e.get(t, user, path, query)
	if rec.Code != http.StatusOK {
		t.Fatalf("GET %s as %s: %d %s", path, user, rec.Code, rec.Body.String())
	}
	var out map[string]any
	if err := json.Unmarshal(rec.Body.Bytes(), &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// q builds query parameters from key, value pairs.
func q(kv ...string) url.Values {
	v := url.Values{}
	for i := 0; i+1 < len(kv); i += 2 {
		v.Add(kv[i], kv[i+1])
	}
	return v
}

// typedVal is the _val of a typed value ({"_type", "_val"}): a string for Date and BigDecimal;
// for Currency, the amount string (the code is checked with currencyCode).
func typedVal(t testing.TB, v any) string {
	t.Helper()
	m, ok := v.(map[string]any)
	if !ok {
		t.Fatalf("not a typed value: %#v", v)
	}
	switch m["_type"] {
	case "Date", "BigDecimal":
		return m["_val"].(string)
	case "Currency":
		return typedVal(t, m["_val"].(map[string]any)["value"])
	}
	t.Fatalf("unknown typed value %#v", v)
	return ""
}

// currencyOf is the code of a typed Currency value.
func currencyOf(t testing.TB, v any) string {
	t.Helper()
	m, ok := v.(map[string]any)
	if !ok || m["_type"] != "Currency" {
		t.Fatalf("not a Currency: %#v", v)
	}
	return m["_val"].(map[string]any)["code"].(string)
}

// obj and list read nested JSON.
func obj(t testing.TB, v any) map[string]any {
	t.Helper()
	m, ok := v.(map[string]any)
	if !ok {
		t.Fatalf("not an object: %#v", v)
	}
	return m
}

func list(t testing.TB, v any) []any {
	t.Helper()
	l, ok := v.([]any)
	if !ok {
		t.Fatalf("not a list: %#v", v)
	}
	return l
}

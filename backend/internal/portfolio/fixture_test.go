package portfolio_test

import (
	"crypto/rand"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/gin-gonic/gin"
	"golang.org/x/crypto/bcrypt"

	"wealthportal/backend/internal/auth"
	"wealthportal/backend/internal/platform"
	"wealthportal/backend/internal/portfolio"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/platformtest"
	"wealthportal/backend/internal/testkit/testdb"
)

// The fixture: two firms; in firm 1 the advisers Ann (100) and Ben (101), the Archers (Alice
// 1001 and Bob 1002: partners with a joint portfolio), the Coles (Carol 1003 and Dan 1004: a
// client group, Carol holds view_partner) and Frank (1006, Ben's client, who links one
// portfolio to Alice); in firm 2 the adviser Cat (200) and her client Grace (2001).
//
// Accounts: Alice 11 (ISA, the hand-worked positions), 12 (USD plan currency), 13 (a yen fund
// with no yen rate), 14 (a default account); joint 21 (plus 300 paging transactions); Bob 31
// (GBX shares, a cash-coded money market fund); Dan 41; Carol 51 and shared 81; Frank 61
// (linked to Alice) and 71; Grace 91.

const password = "Correct#Horse1"

// today is the fixture clock: Sunday 22 November 2026.
var today = time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)

type fixture struct {
	db       *store.DB
	engine   *gin.Engine
	sessions *platformtest.Sessions
}

// newFixture seeds db, a freshly migrated store (testdb.EachDB gives one per dialect), and
// serves the portfolio module over it.
func newFixture(t testing.TB, db *store.DB) *fixture {
	t.Helper()
	gin.SetMode(gin.TestMode)
	seed(t, db)
	clock := func() time.Time { return today }
	svc, err := auth.NewService(auth.SQLStore{DB: db}, platformtest.NoSender{}, clock, rand.Reader, bcrypt.MinCost)
	if err != nil {
		t.Fatal(err)
	}
	engine := platform.NewEngine(svc, db, []platform.Module{portfolio.New(db, clock)})
	return &fixture{db: db, engine: engine, sessions: platformtest.NewSessions(engine, password, "portfolio-test")}
}

func seed(t testing.TB, db *store.DB) {
	hash, err := auth.HashPassword(password, bcrypt.MinCost)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		`INSERT INTO firm (id, name, product_name, region) VALUES (1, 'Northwind Wealth', 'Portal', 'GB'), (2, 'Southgate Advisers', 'Portal', 'GB')`,
		`INSERT INTO client_access_level_choice (code, description) VALUES (1, 'Client Portfolio')`,
		`INSERT INTO entity (id, firm_id, entity_kind, first_name, last_name, entity_name) VALUES
			(100, 1, 'adviser', 'Ann', 'Adams', 'Adams, Ann'),
			(101, 1, 'adviser', 'Ben', 'Baker', 'Baker, Ben'),
			(200, 2, 'adviser', 'Cat', 'Clark', 'Clark, Cat')`,
		`INSERT INTO entity (id, firm_id, entity_kind, first_name, last_name, entity_name, client_access_level, adviser_entity_id) VALUES
			(1001, 1, 'client', 'Alice', 'Archer', 'Archer, Alice', 1, 100),
			(1002, 1, 'client', 'Bob', 'Archer', 'Archer, Bob', 1, 100),
			(1003, 1, 'client', 'Carol', 'Cole', 'Cole, Carol', 1, 100),
			(1004, 1, 'client', 'Dan', 'Cole', 'Cole, Dan', 1, 100),
			(1006, 1, 'client', 'Frank', 'Fisher', 'Fisher, Frank', 1, 101),
			(2001, 2, 'client', 'Grace', 'Green', 'Green, Grace', 1, 200)`,
		`UPDATE entity SET partner_entity_id = 1002 WHERE id = 1001`,
		`UPDATE entity SET partner_entity_id = 1001 WHERE id = 1002`,
		`UPDATE entity SET partner_entity_id = 1004 WHERE id = 1003`,
		`INSERT INTO client_group (id, firm_id, name) VALUES (1, 1, 'Cole household'), (2, 1, 'Archer household')`,
		`INSERT INTO client_group_member (group_id, entity_id, login_accessible) VALUES (1, 1003, 1), (1, 1004, 1), (2, 1001, 1), (2, 1002, 1)`,
		// view_partner is off by default and on for Carol; Bob has live prices, Ann delayed ones.
		`INSERT INTO capability_grant (firm_id, role_name, entity_id, capability, enabled) VALUES
			(1, 'ClientUser', NULL, 'view_partner', 0),
			(1, 'ClientUser', 1003, 'view_partner', 1),
			(1, 'ClientUser', 1002, 'live_marketdata_access', 1),
			(1, 'User', 100, 'view_marketdata', 1)`,
		`INSERT INTO portfolio (id, firm_id, entity_id, portfolio_name, ptype) VALUES
			(1, 1, 1001, 'Alice portfolio', 'PT_SINGLE'),
			(2, 1, 1001, 'Archer joint', 'PT_JOINT'),
			(3, 1, 1002, 'Bob portfolio', 'PT_SINGLE'),
			(4, 1, 1004, 'Dan portfolio', 'PT_SINGLE'),
			(5, 1, 1003, 'Carol portfolio', 'PT_SINGLE'),
			(6, 1, 1006, 'Frank linked', 'PT_SINGLE'),
			(7, 1, 1006, 'Frank portfolio', 'PT_SINGLE'),
			(8, 1, 1003, 'Carol shared', 'PT_SHARED'),
			(9, 2, 2001, 'Grace portfolio', 'PT_SINGLE')`,
		`INSERT INTO portfolio_party (portfolio_id, entity_id, reason_for_visibility) VALUES
			(1, 1001, 'single_owner'), (2, 1001, 'primary_joint_owner'), (2, 1002, 'secondary_joint_owner'),
			(3, 1002, 'single_owner'), (4, 1004, 'single_owner'), (5, 1003, 'single_owner'),
			(6, 1006, 'single_owner'), (6, 1001, 'explicit_link'), (7, 1006, 'single_owner'),
			(8, 1003, 'shared_owner'), (9, 2001, 'single_owner')`,
		`INSERT INTO account (id, portfolio_id, description, tax_structure, product, external_account_id, subfund,
			tax_type, tax_type_title, service_type, plan_currency, base_currency, report_currency, active_date, vendor_id, is_default) VALUES
			(11, 1, 'Alice ISA', 'ISA', 'Stocks and Shares ISA', 'EXT-11', 'Main', 'ISA', 'Individual Savings Account', 'Managed', 'GBP', 'GBP', 'GBP', '2020-04-06', 'V-11', 0),
			(12, 1, 'Alice US Dealing', 'GIA', 'Dealing account', 'EXT-12', '', 'GIA', 'General Investment Account', 'Managed', 'USD', 'GBP', 'GBP', '2021-01-01', 'V-12', 0),
			(13, 1, 'Alice Japan', 'GIA', 'Dealing account', 'EXT-13', '', 'GIA', 'General Investment Account', 'Managed', 'GBP', 'GBP', 'GBP', '2022-01-01', 'V-13', 0),
			(14, 1, 'Alice Default', '', '', '', '', '', '', 'Managed', 'GBP', 'GBP', 'GBP', '2020-01-01', '', 1),
			(21, 2, 'Archer Joint GIA', 'GIA', 'Joint account', 'EXT-21', '', 'GIA', 'General Investment Account', 'Managed', 'GBP', 'GBP', 'GBP', '2019-05-01', 'V-21', 0),
			(31, 3, 'Bob SIPP', 'SIPP', 'Pension', 'EXT-31', '', 'SIPP', 'Self-Invested Personal Pension', 'Managed', 'GBP', 'GBP', 'GBP', '2018-01-01', 'V-31', 0),
			(41, 4, 'Dan ISA', 'ISA', 'ISA', 'EXT-41', '', 'ISA', 'ISA', 'Managed', 'GBP', 'GBP', 'GBP', '2020-01-01', '', 0),
			(51, 5, 'Carol ISA', 'ISA', 'ISA', 'EXT-51', '', 'ISA', 'ISA', 'Managed', 'GBP', 'GBP', 'GBP', '2020-01-01', '', 0),
			(61, 6, 'Frank Linked GIA', 'GIA', 'GIA', 'EXT-61', '', 'GIA', 'GIA', 'Managed', 'GBP', 'GBP', 'GBP', '2020-01-01', '', 0),
			(71, 7, 'Frank ISA', 'ISA', 'ISA', 'EXT-71', '', 'ISA', 'ISA', 'Managed', 'GBP', 'GBP', 'GBP', '2020-01-01', '', 0),
			(81, 8, 'Carol Shared', 'GIA', 'GIA', 'EXT-81', '', 'GIA', 'GIA', 'Managed', 'GBP', 'GBP', 'GBP', '2020-01-01', '', 0),
			(91, 9, 'Grace ISA', 'ISA', 'ISA', 'EXT-91', '', 'ISA', 'ISA', 'Managed', 'GBP', 'GBP', 'GBP', '2020-01-01', '', 0)`,
		`INSERT INTO account_group (id, entity_id, group_code, group_name) VALUES
			(1, 1001, 'RETIRE', 'Retirement'), (2, 1003, 'FAMILY', 'Family wealth'),
			(3, 2001, 'RETIRE', 'Grace retirement'), (4, 1006, 'FRANK', 'Frank all')`,
		`INSERT INTO account_group_member (group_id, account_id) VALUES (1, 11), (1, 21), (2, 51), (2, 41), (3, 91), (4, 71)`,
		`INSERT INTO account_user_visibility_link (entity_id, account_id, visible) VALUES (1001, 12, 0)`,
		`INSERT INTO security (id, code, exchange, isin, description, currency, asset_class_code, sector_name, region, annual_income_per_unit) VALUES
			(1, 'ACME', 'LSE', 'GB00ACME0001', 'Acme Technology plc', 'GBP', 'Equity', 'Technology', 'GB', 0.30),
			(2, 'USFUND', 'NYSE', 'US0000USF001', 'US Growth Fund', 'USD', 'Equity', 'Diversified', 'US', 1.5),
			(3, 'CASH.GBP', '', '', 'Sterling cash', 'GBP', 'Cash', '', 'GB', 0),
			(4, 'GILT30', 'LSE', 'GB00GILT2030', 'UK Gilt 2030', 'GBP', 'FixedInterest', 'Government', 'GB', 4),
			(5, 'JPFUND', 'TSE', 'JP0000JPF001', 'Japan Fund', 'JPY', 'Equity', 'Diversified', 'JP', 0),
			(6, 'VOD', 'LSE', 'GB00BH4HKS39', 'Vodafone Group', 'GBX', 'Equity', 'Telecoms', 'GB', 0),
			(7, 'MMF.CASH', '', '', 'Money market fund', 'GBP', 'Liquidity', '', 'GB', 0),
			(8, 'CASHFLOW', 'LSE', 'GB00CASHFL01', 'Cashflow Income Fund', 'GBP', 'Equity', 'Income', 'GB', 0.1)`,
		`INSERT INTO security_allocation (security_id, kind, code, weight) VALUES
			(4, 'asset_class', 'FixedInterest', 0.9), (4, 'asset_class', 'Cash', 0.1), (4, 'region', 'GB', 1.0)`,
		`INSERT INTO fx_rate (base_currency, quote_currency, rate_date, rate) VALUES
			('GBP', 'USD', '2026-10-01', 1.30), ('GBP', 'USD', '2026-11-02', 1.28), ('GBP', 'USD', '2026-11-20', 1.25)`,
		`INSERT INTO benchmark (id, name, currency) VALUES (1, 'FTSE All-Share', 'GBP'), (2, 'S&P 500', 'USD')`,
	} {
		testdb.MustExec(t, db, q)
	}
	for i, username := range []struct {
		name, role string
		entity     int64
	}{
		{"alice", "ClientUser", 1001}, {"bob", "ClientUser", 1002}, {"carol", "ClientUser", 1003},
		{"dan", "ClientUser", 1004}, {"frank", "ClientUser", 1006}, {"grace", "ClientUser", 2001},
		{"ann", "User", 100}, {"ben", "User", 101}, {"cat", "User", 200},
	} {
		testdb.MustExec(t, db, `INSERT INTO app_user (id, username, password_hash, role_name, entity_id, created_at) VALUES (?, ?, ?, ?, ?, '2026-01-01T00:00:00Z')`,
			i+1, username.name, hash, username.role, username.entity)
	}
	seedPrices(t, db)
	seedTransactions(t, db)
}

// seedPrices writes weekday closes from 1 October to 20 November 2026 on a gentle slope that
// ends on the closes the tests work with: ACME 13.50 then 14.00, USFUND 110, GILT30 99.50,
// JPFUND 2000 JPY, VOD 75 GBX, CASHFLOW 2.
func seedPrices(t testing.TB, db *store.DB) {
	final := map[int64][2]float64{1: {13.5, 14}, 2: {109, 110}, 4: {99, 99.5}, 5: {1990, 2000}, 6: {74, 75}, 8: {1.9, 2}}
	var days []string
	for d := time.Date(2026, 10, 1, 0, 0, 0, 0, time.UTC); !d.After(time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC)); d = d.AddDate(0, 0, 1) {
		if d.Weekday() != time.Saturday && d.Weekday() != time.Sunday {
			days = append(days, d.Format("2006-01-02"))
		}
	}
	for id, last := range final {
		for i, day := range days {
			price := last[0] * (0.9 + 0.1*float64(i)/float64(len(days)-2))
			if i == len(days)-2 {
				price = last[0]
			}
			if i == len(days)-1 {
				price = last[1]
			}
			testdb.MustExec(t, db, `INSERT INTO security_price (security_id, price_date, close_price) VALUES (?, ?, ?)`, id, day, price)
		}
	}
}

type txnRow struct {
	id, account, security int64
	kind, desc, trade     string
	volume, price, gross  float64
	fee, tax, net         float64
	currency, comment     string
}

// handWorked are account 11's transactions: buy 100 @ 10, buy 50 @ 12, sell 30 @ 13 leave 120
// units at an average cost of 1600/150 = 10.6667, a book cost of 1,280.
var handWorked = []txnRow{
	{1, 11, 0, "deposit", "Deposit", "2026-10-01", 0, 0, 5000, 0, 0, 5000, "GBP", "Opening deposit"},
	{2, 11, 1, "buy", "Purchase", "2026-10-02", 100, 10, 1000, 0, 0, 1000, "GBP", ""},
	{3, 11, 1, "buy", "Purchase", "2026-10-09", 50, 12, 600, 0, 0, 600, "GBP", ""},
	{4, 11, 1, "sell", "Sale", "2026-10-16", 30, 13, 390, 0, 0, 390, "GBP", ""},
	{5, 11, 1, "income", "Dividend", "2026-10-20", 0, 0, 30, 0, 0, 30, "GBP", "Interim dividend"},
	{6, 11, 0, "fee", "Management fee", "2026-10-21", 0, 0, 10, 0, 0, 10, "GBP", ""},
}

func seedTransactions(t testing.TB, db *store.DB) {
	rows := append([]txnRow{}, handWorked...)
	rows = append(rows,
		txnRow{10, 12, 0, "deposit", "Deposit", "2026-10-01", 0, 0, 2000, 0, 0, 2000, "USD", ""},
		txnRow{11, 12, 2, "buy", "Purchase", "2026-10-05", 10, 100, 1000, 5, 0, 1005, "USD", ""},
		txnRow{12, 13, 0, "deposit", "Deposit", "2026-10-01", 0, 0, 100, 0, 0, 100, "GBP", ""},
		txnRow{13, 13, 5, "transfer_in", "Stock transfer in", "2026-10-03", 100, 1900, 190000, 0, 0, 190000, "JPY", ""},
		txnRow{20, 21, 0, "deposit", "Deposit", "2026-09-01", 0, 0, 10000, 0, 0, 10000, "GBP", ""},
		txnRow{21, 21, 4, "buy", "Purchase", "2026-09-02", 100, 98, 9800, 0, 0, 9800, "GBP", ""},
		txnRow{30, 31, 0, "deposit", "Deposit", "2026-10-01", 0, 0, 3000, 0, 0, 3000, "GBP", ""},
		// VOD is quoted in pence and settled in pounds.
		txnRow{31, 31, 6, "buy", "Purchase", "2026-10-02", 1000, 70, 700, 0, 0, 700, "GBP", ""},
		txnRow{32, 31, 7, "deposit", "Deposit", "2026-10-02", 500, 1, 500, 0, 0, 500, "GBP", ""},
		txnRow{33, 31, 8, "buy", "Purchase", "2026-10-03", 100, 1.5, 150, 0, 0, 150, "GBP", ""},
		// A trade after the clock's today does not count in today's positions.
		txnRow{34, 31, 1, "buy", "Purchase", "2026-12-01", 10, 14, 140, 0, 0, 140, "GBP", ""},
		txnRow{40, 41, 0, "deposit", "Deposit", "2026-10-01", 0, 0, 1000, 0, 0, 1000, "GBP", ""},
		txnRow{41, 41, 1, "buy", "Purchase", "2026-10-02", 10, 10, 100, 0, 0, 100, "GBP", ""},
		txnRow{50, 51, 0, "deposit", "Deposit", "2026-10-01", 0, 0, 2000, 0, 0, 2000, "GBP", ""},
		txnRow{60, 61, 0, "deposit", "Deposit", "2026-10-01", 0, 0, 500, 0, 0, 500, "GBP", ""},
		txnRow{70, 71, 0, "deposit", "Deposit", "2026-10-01", 0, 0, 700, 0, 0, 700, "GBP", ""},
		txnRow{80, 81, 0, "deposit", "Deposit", "2026-10-01", 0, 0, 10, 0, 0, 10, "GBP", ""},
		txnRow{90, 91, 0, "deposit", "Deposit", "2026-10-01", 0, 0, 900, 0, 0, 900, "GBP", ""},
	)
	// Paging material: 300 interest payments into the joint account, three a day, so pages
	// break inside a day and the id must order rows of one date.
	start := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := range 300 {
		rows = append(rows, txnRow{int64(1000 + i), 21, 0, "income", "Interest", start.AddDate(0, 0, i/3).Format("2006-01-02"),
			0, 0, 1 + float64(i)/100, 0, 0, 1 + float64(i)/100, "GBP", fmt.Sprintf("Interest %d", i)})
	}
	tx, err := db.Begin()
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		var security any
		if r.security != 0 {
			security = r.security
		}
		settle, _ := time.Parse("2006-01-02", r.trade)
		if _, err := tx.Exec(db.Rebind(`INSERT INTO txn (id, account_id, security_id, kind, transaction_type_desc, trade_date, settlement_date,
			volume, price_per_unit, gross_amount, fee, tax, net_amount, native_currency, comment) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
			r.id, r.account, security, r.kind, r.desc, r.trade, settle.AddDate(0, 0, 2).Format("2006-01-02"),
			r.volume, r.price, r.gross, r.fee, r.tax, r.net, r.currency, r.comment); err != nil {
			tx.Rollback()
			t.Fatal(err)
		}
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
}

// login starts a platform session with Basic auth and the app id, and keeps the XPLANID cookie.
func (f *fixture) login(t testing.TB, user string) *http.Cookie {
	t.Helper()
	return f.sessions.Login(t, user)
}

// get calls path (relative to /resourceful/) as user with the session cookie.
func (f *fixture) get(t testing.TB, user, path string) (int, string) {
	t.Helper()
	req := newRequest(path)
	req.AddCookie(f.login(t, user))
	rec := serve(f, req)
	return rec.Code, rec.Body.String()
}

// getOK calls path and decodes a 200 answer.
func (f *fixture) getOK(t testing.TB, user, path string, into any) {
	t.Helper()
	code, body := f.get(t, user, path)
	if code != http.StatusOK {
		t.Fatalf("GET %s as %s: %d %s", path, user, code, body)
	}
	if err := json.Unmarshal([]byte(body), into); err != nil {
		t.Fatalf("GET %s: %v in %s", path, err, body)
	}
}

// item is a decoded object of an answer.
type item = map[string]any

// notFoundBody is the answer to a missing resource, which a foreign one must match exactly.
const notFoundBody = `{"user_message":"The requested item was not found.","api_message":"Resource Not Found"}`

// assertNotFound checks that path answers exactly like a missing resource.
func (f *fixture) assertNotFound(t testing.TB, user, path string) {
	t.Helper()
	code, body := f.get(t, user, path)
	if code != http.StatusNotFound || body != notFoundBody {
		t.Errorf("GET %s as %s: %d %s, want 404 %s", path, user, code, body, notFoundBody)
	}
}

// typed is the _val of a typed value, a Currency's value string, or the plain value.
func typed(t testing.TB, v any) any {
	t.Helper()
	m, ok := v.(map[string]any)
	if !ok {
		return v
	}
	if m["_type"] == "Currency" {
		inner := m["_val"].(map[string]any)
		return inner["code"].(string) + " " + inner["value"].(map[string]any)["_val"].(string)
	}
	return m["_val"]
}

// newRequest is a GET of path (relative to /resourceful/) with no credentials.
func newRequest(path string) *http.Request {
	return httptest.NewRequest(http.MethodGet, "/resourceful/"+strings.TrimPrefix(path, "/"), nil)
}

func serve(f *fixture, req *http.Request) *httptest.ResponseRecorder {
	rec := httptest.NewRecorder()
	f.engine.ServeHTTP(rec, req)
	return rec
}

package assets_test

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/gin-gonic/gin"
	"golang.org/x/crypto/bcrypt"

	"wealthportal/backend/internal/assets"
	"wealthportal/backend/internal/auth"
	"wealthportal/backend/internal/platform"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/platformtest"
	"wealthportal/backend/internal/testkit/testdb"
)

// The fixture: firm 1 (GB) with the advisers Ann (100) and Ben (101); Ann's clients Alice (1001)
// and her partner Bob (1002, a login_accessible member of the Archer household, but Alice lacks
// view_partner), Carol (1003, view_partner) and her partner Dan (1004), and Zola (1007, region
// ZA); Ben's client Frank (1006). Firm 2: the adviser Cat (200) and her client Grace (2001).
//
// Alice's records (GBP unless said; the filters' verdicts in brackets):
//
//	asset     1 Stocks & Shares ISA (held elsewhere)  Existing   managed      20,000.00  [kept]
//	asset     2 NS&I Premium Bonds                    blank      not managed  50,000.00  [kept]
//	asset     3 Buy-to-let flat, joint 60/40 with Bob  Existing   managed     300,000.00  [kept]
//	asset     4 Onshore bond                          Surrendered managed      1,000.00  [dropped]
//	asset     5 Not for the client's eyes             Existing   managed        999.00  [login_accessible 0]
//	asset     6 US brokerage account (USD)            Paid Up    managed      1,000.00 USD [kept]
//	fund_za  10 Workplace DC pension                  Active     managed     120,000.00  [kept]
//	fund_za  11 SIPP wrapper                          Active     managed     250,000.00  [SIPP type]
//	fund_za  12 Old personal pension                  Transferred managed      5,000.00  [status]
//	annuity  20 Lifetime annuity                      Inforce    managed      80,000.00  [kept]
//	annuity  21 Lapsed annuity                        Lapsed     managed      1,000.00  [status]
//	liability 30 Mortgage, joint 50/50 with Bob       Current    managed    150,000.00  [kept]
//	liability 31 Car loan                             Redeemed   managed      8,000.00  [status]
//	liability 32 Credit card, Bob at 0 %              blank      not managed  2,000.00  [kept]
//
// GBP/USD is 1.25 on 20 November 2026 (the latest rate before the clock's today), so 1,000 USD
// is 800.00 GBP.
const password = "Correct#Horse1"

// today is the fixture clock: Sunday 22 November 2026.
var today = time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)

type fixture struct {
	db       *store.DB
	svc      *auth.Service
	engine   *gin.Engine
	sessions *platformtest.Sessions
}

func newFixture(t testing.TB, db *store.DB) *fixture {
	t.Helper()
	gin.SetMode(gin.TestMode)
	seed(t, db)
	clock := func() time.Time { return today }
	svc, err := auth.NewService(auth.SQLStore{DB: db}, platformtest.NoSender{}, clock, rand.Reader, bcrypt.MinCost)
	if err != nil {
		t.Fatal(err)
	}
	engine := platform.NewEngine(svc, db, []platform.Module{assets.New(db, clock)})
	return &fixture{db: db, svc: svc, engine: engine, sessions: platformtest.NewSessions(engine, password, "assets-test")}
}

func seed(t testing.TB, db *store.DB) {
	hash, err := auth.HashPassword(password, bcrypt.MinCost)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		`INSERT INTO firm (id, name, product_name, region) VALUES (1, 'Northwind Wealth', 'Portal', 'GB'), (2, 'Southgate Advisers', 'Portal', 'GB')`,
		`INSERT INTO client_access_level_choice (code, description) VALUES (1, 'Client Assets')`,
		`INSERT INTO entity (id, firm_id, entity_kind, first_name, last_name, entity_name) VALUES
			(100, 1, 'adviser', 'Ann', 'Adams', 'Adams, Ann'),
			(101, 1, 'adviser', 'Ben', 'Baker', 'Baker, Ben'),
			(200, 2, 'adviser', 'Cat', 'Clark', 'Clark, Cat')`,
		`INSERT INTO entity (id, firm_id, entity_kind, first_name, last_name, entity_name, client_access_level, adviser_entity_id, region) VALUES
			(1001, 1, 'client', 'Alice', 'Archer', 'Archer, Alice', 1, 100, 'GB'),
			(1002, 1, 'client', 'Bob', 'Archer', 'Archer, Bob', 1, 100, 'GB'),
			(1003, 1, 'client', 'Carol', 'Cole', 'Cole, Carol', 1, 100, 'GB'),
			(1004, 1, 'client', 'Dan', 'Cole', 'Cole, Dan', 1, 100, 'GB'),
			(1006, 1, 'client', 'Frank', 'Fisher', 'Fisher, Frank', 1, 101, 'GB'),
			(1007, 1, 'client', 'Zola', 'Zulu', 'Zulu, Zola', 1, 100, 'ZA'),
			(2001, 2, 'client', 'Grace', 'Green', 'Green, Grace', 1, 200, 'GB')`,
		`UPDATE entity SET partner_entity_id = 1002 WHERE id = 1001`,
		`UPDATE entity SET partner_entity_id = 1001 WHERE id = 1002`,
		`UPDATE entity SET partner_entity_id = 1004 WHERE id = 1003`,
		`INSERT INTO client_group (id, firm_id, name) VALUES (1, 1, 'Cole household'), (2, 1, 'Archer household')`,
		`INSERT INTO client_group_member (group_id, entity_id, login_accessible) VALUES (1, 1003, 1), (1, 1004, 1), (2, 1001, 1), (2, 1002, 1)`,
		`INSERT INTO capability_grant (firm_id, role_name, entity_id, capability, enabled) VALUES
			(1, 'ClientUser', NULL, 'view_partner', 0), (1, 'ClientUser', 1003, 'view_partner', 1)`,
		`INSERT INTO fx_rate (base_currency, quote_currency, rate_date, rate) VALUES
			('GBP', 'USD', '2026-10-01', 1.30), ('GBP', 'USD', '2026-11-20', 1.25)`,
		`INSERT INTO client_asset (id, entity_id, list_name, description, type, type_description, policy_number, asset_number, provider, status, owner,
			currency, amount, market_value, valuation_date, contribution_total, withdrawal_total, is_sipp_wrapper, nbr_under_advice, login_accessible) VALUES
			(1, 1001, 'asset', 'Stocks & Shares ISA (held elsewhere)', 'ISA', 'Individual Savings Account', 'ISA-4471', '', 'Hargreaves Lansdown', 'Existing', 'Client', 'GBP', 20000, 20000, '2026-10-31', 15000, 0, 0, 1, 1),
			(2, 1001, 'asset', 'NS&I Premium Bonds', 'Savings', 'Premium Bonds', 'PB-118', '', 'NS&I', '', 'Client', 'GBP', 50000, NULL, '2026-11-01', NULL, NULL, 0, 0, 1),
			(3, 1001, 'asset', 'Buy-to-let flat', 'Property', 'Residential property', '', '', '', 'Existing', 'Joint', 'GBP', 300000, 300000, '2026-06-30', NULL, NULL, 0, 1, 1),
			(4, 1001, 'asset', 'Onshore bond', 'Bond', 'Investment bond', 'OB-9', '', 'Aviva', 'Surrendered', 'Client', 'GBP', 1000, NULL, '2025-01-31', NULL, NULL, 0, 1, 1),
			(5, 1001, 'asset', 'Not for the client''s eyes', 'Other', 'Other', '', '', '', 'Existing', 'Client', 'GBP', 999, NULL, NULL, NULL, NULL, 0, 1, 0),
			(6, 1001, 'asset', 'US brokerage account', 'GIA', 'General investment account', 'US-1', '', 'Schwab', 'Paid Up', 'Client', 'USD', 1000, NULL, '2026-11-20', NULL, NULL, 0, 1, 1),
			(40, 1002, 'asset', 'Bob ISA', 'ISA', 'Individual Savings Account', '', '', '', 'Existing', 'Client', 'GBP', 10000, NULL, NULL, NULL, NULL, 0, 1, 1),
			(50, 1004, 'asset', 'Dan bonds', 'Bond', 'Investment bond', '', '', '', 'Existing', 'Client', 'GBP', 7000, NULL, NULL, NULL, NULL, 0, 1, 1),
			(60, 1006, 'asset', 'Frank ISA', 'ISA', 'Individual Savings Account', '', '', '', 'Existing', 'Client', 'GBP', 3000, NULL, NULL, NULL, NULL, 0, 1, 1),
			(70, 2001, 'asset', 'Grace ISA', 'ISA', 'Individual Savings Account', '', '', '', 'Existing', 'Client', 'GBP', 4000, NULL, NULL, NULL, NULL, 0, 1, 1),
			(80, 1007, 'asset', 'Unit trust', 'UT', 'Unit trust', '', 'ZA-77', 'Allan Gray', 'Existing', 'Client', 'GBP', 500, NULL, NULL, NULL, NULL, 0, 1, 1)`,
		`INSERT INTO client_asset (id, entity_id, list_name, description, type, policy_number, provider, status, owner, currency, amount, valuation_date,
			contribution_total, withdrawal_total, crystallised_fund, uncrystallised_fund, is_sipp_wrapper, nbr_under_advice) VALUES
			(10, 1001, 'fund_za', 'Workplace DC pension', 'Personal Pension', 'WP-2231', 'Aegon', 'Active', 'Client', 'GBP', 120000, '2026-10-31', 90000, 0, 0, 120000, 0, 1),
			(11, 1001, 'fund_za', 'SIPP wrapper', 'SIPP', 'SIPP-1', 'AJ Bell', 'Active', 'Client', 'GBP', 250000, '2026-10-31', 200000, 0, 0, 250000, 1, 1),
			(12, 1001, 'fund_za', 'Old personal pension', 'Personal Pension', 'PP-7', 'Scottish Widows', 'Transferred', 'Client', 'GBP', 5000, '2020-01-01', 5000, 0, 0, 5000, 0, 1)`,
		`INSERT INTO client_asset (id, entity_id, list_name, description, type, policy_number, provider, status, owner, currency, amount, valuation_date,
			income_value, income_rate, frequency, capital_content, nbr_under_advice) VALUES
			(20, 1001, 'annuity', 'Lifetime annuity', 'Lifetime', 'LA-55', 'Legal & General', 'Inforce', 'Client', 'GBP', 80000, '2026-09-30', 4000, 5, 'Monthly', 0, 1),
			(21, 1001, 'annuity', 'Lapsed annuity', 'Fixed term', 'FT-2', 'Canada Life', 'Lapsed', 'Client', 'GBP', 1000, '2019-01-01', 100, 10, 'Yearly', 0, 1)`,
		`INSERT INTO client_asset (id, entity_id, list_name, description, type, policy_number, provider, status, owner, currency, amount, valuation_date, rate, nbr_under_advice) VALUES
			(30, 1001, 'liability', 'Mortgage', 'Repayment mortgage', 'MG-1', 'Nationwide', 'Current', 'Joint', 'GBP', 150000, '2026-11-01', 4.25, 1),
			(31, 1001, 'liability', 'Car loan', 'Personal loan', 'CL-3', 'Santander', 'Redeemed', 'Client', 'GBP', 8000, '2024-05-01', 6.9, 1),
			(32, 1001, 'liability', 'Credit card', 'Credit card', 'CC-4', 'Barclaycard', '', 'Client', 'GBP', 2000, '2026-11-15', 22.9, 0)`,
		`INSERT INTO client_asset_owner (asset_id, entity_id, percentage) VALUES
			(1, 1001, 100), (3, 1001, 60), (3, 1002, 40), (30, 1001, 50), (30, 1002, 50), (32, 1001, 100), (32, 1002, 0)`,
	} {
		testdb.MustExec(t, db, q)
	}
	for i, u := range []struct {
		name, role string
		entity     int64
	}{
		{"alice", "ClientUser", 1001}, {"bob", "ClientUser", 1002}, {"carol", "ClientUser", 1003},
		{"frank", "ClientUser", 1006}, {"grace", "ClientUser", 2001}, {"zola", "ClientUser", 1007},
		{"ann", "User", 100}, {"ben", "User", 101}, {"cat", "User", 200},
	} {
		testdb.MustExec(t, db, `INSERT INTO app_user (id, username, password_hash, role_name, entity_id, created_at) VALUES (?, ?, ?, ?, ?, '2026-01-01T00:00:00Z')`,
			i+1, u.name, hash, u.role, u.entity)
	}
}

// login starts a platform session with Basic auth and the app id, and keeps the XPLANID cookie.
func (f *fixture) login(t testing.TB, user string) *http.Cookie {
	t.Helper()
	return f.sessions.Login(t, user)
}

// inContext puts client in context of the adviser's platform session (0 clears it).
func (f *fixture) inContext(t testing.TB, adviser string, client int64) {
	t.Helper()
	if err := f.svc.SetClientInContext(context.Background(), f.login(t, adviser).Value, client); err != nil {
		t.Fatal(err)
	}
}

func (f *fixture) get(t testing.TB, user, path string) (int, string) {
	t.Helper()
	req := httptest.NewRequest(http.MethodGet, "/resourceful/"+strings.TrimPrefix(path, "/"), nil)
	req.AddCookie(f.login(t, user))
	rec := httptest.NewRecorder()
	f.engine.ServeHTTP(rec, req)
	return rec.Code, rec.Body.String()
}

func (f *fixture) getOK(t testing.TB, user, path string, into any) {
	t.Helper()
	code, body := f.get(t, user, path)
	if code != http.StatusOK {
		t.Fatalf("GET %s as %s: %d %s", path, user, code, body)
	}
	// Start from zero: decoding into a slice of maps that is already filled merges into them.
	reflect.ValueOf(into).Elem().SetZero()
	if err := json.Unmarshal([]byte(body), into); err != nil {
		t.Fatalf("GET %s: %v in %s", path, err, body)
	}
}

type item = map[string]any

const notFoundBody = `{"user_message":"The requested item was not found.","api_message":"Resource Not Found"}`

func (f *fixture) assertNotFound(t testing.TB, user, path string) {
	t.Helper()
	code, body := f.get(t, user, path)
	if code != http.StatusNotFound || body != notFoundBody {
		t.Errorf("GET %s as %s: %d %s, want 404 %s", path, user, code, body, notFoundBody)
	}
}

// val is the _val of a typed value, or the value itself.
func val(v any) any {
	if m, ok := v.(map[string]any); ok {
		return m["_val"]
	}
	return v
}

// descriptions lists a list answer's description fields (desc, description or package_name).
func descriptions(rows []item) []string {
	out := make([]string, len(rows))
	for i, r := range rows {
		for _, k := range []string{"desc", "description", "package_name"} {
			if s, ok := r[k].(string); ok {
				out[i] = s
			}
		}
	}
	return out
}

package firmdata

import (
	"context"
	"database/sql"
	"errors"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"
	"wealthportal/backend/internal/testkit/testdb"

	"golang.org/x/crypto/bcrypt"

	"wealthportal/backend/internal/store"
)

var loadTime = time.Date(2025, 2, 1, 9, 30, 0, 0, time.UTC)

func loadSmall(t *testing.T, db *store.DB) Summary {
	t.Helper()
	sum, err := Load(context.Background(), db, smallFirm(t), LoadOptions{HashCost: 4, Now: loadTime})
	if err != nil {
		t.Fatal(err)
	}
	return sum
}

func TestLoadSmallFirmCounts(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		got := loadSmall(t, db)
		want := Summary{FirmID: 1, FirmName: "Tamar Estuary Financial Planning", Advisers: 1, Clients: 3, Logins: 3, Addresses: 4,
			Contacts: 5, ClientGroups: 1, Portfolios: 3, Accounts: 4, AccountGroups: 1, Securities: 6, Prices: 53, FXRates: 13,
			Benchmarks: 1, BenchmarkValues: 10, Transactions: 13}
		if got != want {
			t.Errorf("summary %+v\nwant %+v", got, want)
		}
		for table, n := range map[string]int{
			"firm": 1, "entity": 4, "app_user": 3, "address": 4, "contact": 5, "client_group": 1, "client_group_member": 2,
			"capability_grant": 5, "feature_toggle": 3, "ufield_choice": 1, "login_profile": 1, "client_access_level_choice": 4,
			"portfolio": 3, "portfolio_party": 4, "account": 4, "account_group": 1, "account_group_member": 2,
			"account_user_visibility_link": 1, "security": 6, "security_allocation": 6, "security_price": 53, "fx_rate": 13,
			"benchmark": 1, "benchmark_value": 10, "txn": 13,
		} {
			if got := count(t, db, `SELECT COUNT(*) FROM `+table); got != n {
				t.Errorf("%s has %d rows, want %d", table, got, n)
			}
		}
		if !strings.Contains(got.String(), "transactions      13") {
			t.Errorf("summary text:\n%s", got)
		}
	})
}

// TestLoadResolvesReferences: keys in the file become the right database ids.
func TestLoadResolvesReferences(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		loadSmall(t, db)
		id := func(q string, args ...any) int64 {
			t.Helper()
			var v int64
			if err := db.QueryRow(db.Rebind(q), args...).Scan(&v); err != nil {
				t.Fatalf("%s %v: %v", q, args, err)
			}
			return v
		}
		entity := func(first string) int64 { return id(`SELECT id FROM entity WHERE first_name = ?`, first) }
		ruth, helen, mark, liam := entity("Ruth"), entity("Helen"), entity("Mark"), entity("Liam")
		checks := []struct {
			name  string
			query string
			args  []any
			want  any
		}{
			{"partners point at each other", `SELECT partner_entity_id FROM entity WHERE id = ?`, []any{helen}, mark},
			{"partners point at each other", `SELECT partner_entity_id FROM entity WHERE id = ?`, []any{mark}, helen},
			{"clients have their adviser", `SELECT COUNT(*) FROM entity WHERE entity_kind = 'client' AND adviser_entity_id = ?`, []any{ruth}, int64(3)},
			{"an adviser has none", `SELECT COUNT(*) FROM entity WHERE id = ? AND adviser_entity_id IS NULL AND client_access_level IS NULL`, []any{ruth}, int64(1)},
			{"access level by description", `SELECT client_access_level FROM entity WHERE id = ?`, []any{mark}, int64(2)},
			{"entity name derived", `SELECT entity_name FROM entity WHERE id = ?`, []any{helen}, "Trelawny, Helen"},
			{"preferred email from contacts", `SELECT preferred_email FROM entity WHERE id = ?`, []any{mark}, "mark.trelawny@example.co.uk"},
			{"preferred postcode from address", `SELECT preferred_postcode FROM entity WHERE id = ?`, []any{liam}, "2088"},
			{"regional defaults", `SELECT locale || ' ' || user_timezone || ' ' || preferred_currency FROM entity WHERE id = ?`, []any{liam}, "en-au Australia/Sydney AUD"},
			{"comm prefs", `SELECT CAST(comm_pref_email AS TEXT) || CAST(comm_pref_mail AS TEXT) || CAST(comm_pref_sms AS TEXT) FROM entity WHERE id = ?`, []any{helen}, "101"},
			{"comm pref defaults", `SELECT CAST(comm_pref_email AS TEXT) || CAST(comm_pref_mail AS TEXT) || CAST(comm_pref_sms AS TEXT) FROM entity WHERE id = ?`, []any{mark}, "100"},
			{"statuses", `SELECT xpt_review_status || '/' || fact_find_status || '/' || entity_client_status FROM entity WHERE id = ?`, []any{helen}, "2/0/Active"},
			{"created_at from the file", `SELECT created_at FROM entity WHERE id = ?`, []any{helen}, "2024-11-01T00:00:00.000000000Z"},
			{"created_at defaults to the load", `SELECT created_at FROM entity WHERE id = ?`, []any{mark}, store.FormatTime(loadTime)},
			{"adviser texts", `SELECT opening_hours FROM entity WHERE id = ?`, []any{ruth}, "Monday to Friday, 9am to 5pm"},
			{"address type by name", `SELECT type FROM address WHERE entity_id = ?`, []any{ruth}, int64(2)},
			{"GB address lines", `SELECT block || '|' || street_name || '|' || suburb || '|' || postcode || '|' || status FROM address WHERE entity_id = ?`, []any{ruth}, "Quay House|3 Vauxhall Quay|Plymouth|PL4 0DE|Current"},
			{"logins and their roles", `SELECT role_name FROM app_user WHERE username = 'ruth@client'`, nil, "User"},
			{"second factor", `SELECT mfa_method || ' ' || mobile_phone FROM app_user WHERE username = 'helen.trelawny'`, nil, "sms +447700900456"},
			{"login profile", `SELECT p.inactive_session_timeout_client FROM app_user u JOIN login_profile p ON p.id = u.login_profile_id WHERE u.username = 'helen.trelawny'`, nil, int64(30)},
			{"group members", `SELECT COUNT(*) FROM client_group_member m JOIN client_group g ON g.id = m.group_id WHERE g.name = 'Trelawny household' AND m.login_accessible = 1 AND m.entity_id IN (?, ?)`, []any{helen, mark}, int64(2)},
			{"an entity's own capability", `SELECT enabled FROM capability_grant WHERE entity_id = ? AND capability = 'view_partner'`, []any{liam}, int64(0)},
			{"toggles", `SELECT group_concat(name || '=' || enabled, ',') FROM (SELECT * FROM feature_toggle ORDER BY name) AS t`, nil, "multi-currency=1,use-client-analysis=1,use-sipp-wrapper=0"},
			{"joint parties", `SELECT group_concat(reason_for_visibility, ',') FROM (SELECT pp.* FROM portfolio_party pp JOIN portfolio p ON p.id = pp.portfolio_id WHERE p.ptype = 'PT_JOINT' ORDER BY pp.entity_id) AS t`, nil, "primary_joint_owner,secondary_joint_owner"},
			{"a default party", `SELECT pp.entity_id FROM portfolio_party pp JOIN portfolio p ON p.id = pp.portfolio_id WHERE p.portfolio_name = 'Liam Murphy' AND pp.reason_for_visibility = 'single_owner'`, nil, liam},
			{"portfolio currency from the owner", `SELECT report_currency FROM portfolio WHERE portfolio_name = 'Liam Murphy'`, nil, "AUD"},
			{"account currencies from the portfolio", `SELECT plan_currency || report_currency || base_currency FROM account WHERE description = 'Investment Account'`, nil, "AUDAUDGBP"},
			{"account columns", `SELECT tax_structure || '|' || product || '|' || external_account_id || '|' || tax_type_title || '|' || active_date || '|' || vendor_id FROM account WHERE description = 'Stocks & Shares ISA'`, nil, "ISA|Tamar ISA|TQ10000001|Individual Savings Account|2025-01-06|tamar-wrap"},
			{"blocked and not managed", `SELECT blocked || service_type || plan_currency FROM account WHERE description = 'US Dollar Account'`, nil, "1Not managedUSD"},
			{"service type default", `SELECT service_type FROM account WHERE description = 'Investment Account'`, nil, "Managed"},
			{"account group members", `SELECT group_concat(a.description, ',') FROM account_group_member m JOIN account a ON a.id = m.account_id JOIN account_group g ON g.id = m.group_id WHERE g.group_code = 'FAM' AND g.entity_id = ?`, []any{helen}, "Stocks & Shares ISA,Joint General Investment Account"},
			{"visibility link", `SELECT COUNT(*) FROM account_user_visibility_link l JOIN account a ON a.id = l.account_id WHERE l.entity_id = ? AND a.description LIKE 'Joint%'`, []any{mark}, int64(1)},
			{"allocations", `SELECT SUM(weight) FROM security_allocation a JOIN security s ON s.id = a.security_id WHERE s.code = 'TQGE' AND a.kind = 'region'`, nil, 1.0},
			{"compact prices skip the weekend", `SELECT group_concat(price_date, ',') FROM (SELECT p.price_date FROM security_price p JOIN security s ON s.id = p.security_id WHERE s.code = 'TQGE' AND p.price_date BETWEEN '2025-01-09' AND '2025-01-14' ORDER BY 1) AS t`, nil, "2025-01-09,2025-01-10,2025-01-13,2025-01-14"},
			{"point prices", `SELECT close_price FROM security_price p JOIN security s ON s.id = p.security_id WHERE s.code = 'TQUS' AND price_date = '2025-01-13'`, nil, 45.1},
			{"fx", `SELECT rate FROM fx_rate WHERE base_currency = 'GBP' AND quote_currency = 'USD' AND rate_date = '2025-01-17'`, nil, 1.2172},
			{"benchmark values", `SELECT v.value FROM benchmark_value v JOIN benchmark b ON b.id = v.benchmark_id WHERE b.name = 'Tamar Balanced Composite' AND value_date = '2025-01-17'`, nil, 101.7},
		}
		for _, c := range checks {
			var got any
			q := c.query
			if db.Dialect == store.Postgres {
				q = strings.ReplaceAll(q, "group_concat(", "string_agg(") // same arguments
			}
			if err := db.QueryRow(db.Rebind(q), c.args...).Scan(&got); err != nil {
				t.Errorf("%s: %v", c.name, err)
				continue
			}
			if s, ok := got.(string); ok && db.Dialect == store.Postgres {
				if _, isFloat := c.want.(float64); isFloat {
					got, _ = strconv.ParseFloat(s, 64) // NUMERIC reaches database/sql as text
				}
			}
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("%s: got %v (%T), want %v (%T)", c.name, got, got, c.want, c.want)
			}
		}
	})
}

// TestLoadDerivesTransactions: defaults and derived amounts are stored, in date order.
func TestLoadDerivesTransactions(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		loadSmall(t, db)
		rows, err := db.Query(`SELECT a.description, t.kind, COALESCE(s.code, ''), t.transaction_type_desc, t.trade_date, t.settlement_date,
		t.volume, t.price_per_unit, t.gross_amount, t.fee, t.tax, t.net_amount, t.native_currency
		FROM txn t JOIN account a ON a.id = t.account_id LEFT JOIN security s ON s.id = t.security_id ORDER BY t.id`)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		type txn struct {
			account, kind, security, desc, trade, settle string
			volume, price, gross, fee, tax, net          float64
			currency                                     string
		}
		var got []txn
		for rows.Next() {
			var x txn
			if err := rows.Scan(&x.account, &x.kind, &x.security, &x.desc, &x.trade, &x.settle, &x.volume, &x.price, &x.gross, &x.fee, &x.tax, &x.net, &x.currency); err != nil {
				t.Fatal(err)
			}
			got = append(got, x)
		}
		isa, joint, usd, liam := "Stocks & Shares ISA", "Joint General Investment Account", "US Dollar Account", "Investment Account"
		want := []txn{
			{isa, "deposit", "", "Deposit", "2025-01-06", "2025-01-06", 0, 0, 10000, 0, 0, 10000, "GBP"},
			{isa, "buy", "TQGE", "Buy", "2025-01-07", "2025-01-09", 4000, 1.25, 5000, 0, 0, 5000, "GBP"},
			{isa, "buy", "TQBD", "Buy", "2025-01-07", "2025-01-07", 2500, 1.5, 3750, 5, 0, 3755, "GBP"},
			{isa, "income", "TQBD", "Dividend", "2025-01-15", "2025-01-15", 0, 0, 12.5, 0, 0, 12.5, "GBP"},
			{isa, "sell", "TQGE", "Sell", "2025-01-16", "2025-01-16", 1000, 1.27, 1270, 1.5, 0, 1268.5, "GBP"},
			{isa, "fee", "", "Platform fee", "2025-01-17", "2025-01-17", 0, 0, 7.5, 0, 0, 7.5, "GBP"},
			{isa, "withdrawal", "", "Withdrawal", "2025-01-17", "2025-01-17", 0, 0, 500, 0, 0, 500, "GBP"},
			{joint, "deposit", "", "Deposit", "2025-01-08", "2025-01-08", 0, 0, 20000, 0, 0, 20000, "GBP"},
			{joint, "buy", "TQGE", "Buy", "2025-01-09", "2025-01-09", 8000, 1.24, 9920, 0, 0, 9920, "GBP"},
			{usd, "transfer_in", "TQUS", "Transfer In", "2025-01-10", "2025-01-10", 50, 44.8, 2240, 0, 0, 2240, "USD"},
			{usd, "deposit", "CASH.USD", "Deposit", "2025-01-13", "2025-01-13", 0, 0, 1000, 0, 0, 1000, "USD"},
			{liam, "deposit", "", "Deposit", "2025-01-06", "2025-01-06", 0, 0, 15000, 0, 0, 15000, "AUD"},
			{liam, "buy", "TQAU", "Buy", "2025-01-08", "2025-01-08", 5000, 2.9, 14500, 0, 0, 14500, "AUD"},
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("transactions:\n%v\nwant:\n%v", got, want)
		}
	})
}

func TestLoadPasswordsVerify(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		loadSmall(t, db)
		for user, password := range map[string]string{
			"ruth@client":    "RuthTamar#2026",
			"helen.trelawny": "HelenTamar#2026",
			"mark.trelawny":  "MarkTamar#2026", // given as password_hash
		} {
			var hash string
			if err := db.QueryRow(db.Rebind(`SELECT password_hash FROM app_user WHERE username = ?`), user).Scan(&hash); err != nil {
				t.Fatal(err)
			}
			if err := bcrypt.CompareHashAndPassword([]byte(hash), []byte(password)); err != nil {
				t.Errorf("%s: %v", user, err)
			}
			if cost, _ := bcrypt.Cost([]byte(hash)); cost != 4 {
				t.Errorf("%s: cost %d, want 4", user, cost)
			}
		}
	})
}

func TestLoadWithoutPasswordIsAnInvitedLogin(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := smallFirm(t)
		f.Clients[2].Login = &Login{Username: "liam.murphy"}
		if _, err := Load(context.Background(), db, f, LoadOptions{HashCost: 4}); err != nil {
			t.Fatal(err)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM app_user WHERE username = 'liam.murphy' AND password_hash = ''`); n != 1 {
			t.Error("liam.murphy should exist without a password")
		}
	})
}

// TestInvalidFileIsRefusedWithEveryProblem is the invalid example of docs/import-format.md.
func TestInvalidFileIsRefusedWithEveryProblem(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		loadSmall(t, db) // a store with a firm in it already
		before := snapshot(t, db)
		f, err := ParseFile("testdata/invalid-firm.json")
		if err != nil {
			t.Fatal(err)
		}
		_, err = Load(context.Background(), db, f, LoadOptions{HashCost: 4})
		if got := problemsOf(t, err); !reflect.DeepEqual(got, invalidFirmProblems) {
			t.Errorf("problems:\n%s\nwant:\n%s", lines(got), lines(invalidFirmProblems))
		}
		if snapshot(t, db) != before {
			t.Error("a refused import changed the store")
		}
	})
}

var invalidFirmProblems = []Problem{
	{"firm.region", `want GB, AU, CA, NZ, ZA, NA, AA, HK, SG, TH, MY, TW or ID, got "UK"`},
	{"login_profiles[0].inactive_session_timeout_client", "want minutes between 1 and 1440, got 0"},
	{"advisers[0].login.username", `an adviser's username must end with @client (the Adviser tab of the login page appends it), got "ann.hale"`},
	{"clients[0].dob", `want a date YYYY-MM-DD, got "1970-02-30"`},
	{"clients[0].addresses[0].type", `want one of postal, residential, work, got "home"`},
	{"clients[0].addresses[0].postcode", `want a UK postcode such as BS8 4JY, got "BA1 2QHX"`},
	{"clients[0].contacts[0].value", `not an email address (personal email): "bob.example.co.uk"`},
	{"clients[0].login.mobile_phone", "required when mfa_method is sms"},
	{"clients[1].login.username", `duplicate username "BOB" (also clients[0].login)`},
	{"clients[1].login.password", "shorter than 8 characters"},
	{"clients[1].adviser", `no adviser has key "dan"`},
	{"portfolios[0].parties", "a PT_JOINT portfolio needs a secondary_joint_owner"},
	{"securities[0].isin", `not a valid ISIN (two letters, nine letters or digits, a check digit): "GB00TQ123452"`},
	{"accounts[0].transactions[3].kind", `want one of buy, sell, deposit, withdrawal, income, fee, transfer_in, transfer_out, got "dividend"`},
	{"accounts[0].transactions[4].trade_date", "2025-01-03 is before the account's active_date 2025-01-06"},
	{"accounts[0].transactions[4].net_amount", "required: give net_amount or gross_amount"},
	{"accounts[0].transactions[2].volume", "sell of 150 FUND on 2025-01-08 exceeds the 100 held"},
	{"prices[0].start", "2025-01-04 is a Saturday: closes start on a business day"},
	{"prices[0].closes[2]", "a price must be positive, got -1"},
	{"prices[1].security", `no security has code "NONE"`},
	{"prices[1].points[1]", "2025-01-06 is not after the point before (2025-01-06): points go in date order, one per date"},
}

// TestLoadRefusesClashesWithTheStore: valid files that clash with what is stored change nothing.
func TestLoadRefusesClashesWithTheStore(t *testing.T) {
	tests := []struct {
		name   string
		change func(f *Firm)
		want   []Problem
	}{
		{"the same firm again", func(f *Firm) {}, []Problem{
			{"firm.name", `a firm named "Tamar Estuary Financial Planning" already exists in this store; nothing was imported`},
		}},
		{"usernames taken, ignoring case", func(f *Firm) {
			f.Firm.Name = "Another Firm"
			f.Clients[0].Login.Username = "HELEN.Trelawny"
		}, []Problem{
			{"advisers[0].login.username", `username "ruth@client" is already taken in this store`},
			{"clients[0].login.username", `username "HELEN.Trelawny" is already taken in this store`},
			{"clients[1].login.username", `username "mark.trelawny" is already taken in this store`},
		}},
		{"an access level code that means something else", func(f *Firm) {
			f.Firm.Name = "Another Firm"
			f.Advisers[0].Login, f.Clients[0].Login, f.Clients[1].Login = nil, nil, nil
			f.ClientAccessLevels[1].Description = "Portfolio"
			f.Clients[0].ClientAccessLevel = "Portfolio"
		}, []Problem{
			{"client_access_levels[1].description", `code 1 is "Client Portfolio" in this store, not "Portfolio"`},
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			testdb.EachDB(t, func(t *testing.T, db *store.DB) {
				loadSmall(t, db)
				before := snapshot(t, db)
				f := smallFirm(t)
				tc.change(&f)
				_, err := Load(context.Background(), db, f, LoadOptions{HashCost: 4})
				if got := problemsOf(t, err); !reflect.DeepEqual(got, tc.want) {
					t.Errorf("problems:\n%s\nwant:\n%s", lines(got), lines(tc.want))
				}
				if snapshot(t, db) != before {
					t.Error("a refused import changed the store")
				}
			})
		})
	}
}

// TestLoadSharesMarketData: a second firm with the same securities reuses them and replaces
// the values it brings.
func TestLoadSharesMarketData(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		loadSmall(t, db)
		f := smallFirm(t)
		f.Firm.Name = "Second Firm"
		f.Advisers[0].Login.Username = "ruth2@client"
		f.Clients[0].Login.Username = "helen2"
		f.Clients[1].Login.Username = "mark2"
		f.Prices[2].Closes[0] = 1.3
		f.Securities[2].Description = "Tamar Global Equity Fund Accumulation"
		sum, err := Load(context.Background(), db, f, LoadOptions{HashCost: 4})
		if err != nil {
			t.Fatal(err)
		}
		if sum.FirmID != 2 {
			t.Errorf("firm id %d, want 2", sum.FirmID)
		}
		for q, want := range map[string]int{
			`SELECT COUNT(*) FROM security`:                                        6,
			`SELECT COUNT(*) FROM security_price`:                                  53,
			`SELECT COUNT(*) FROM security_allocation`:                             6,
			`SELECT COUNT(*) FROM benchmark`:                                       1,
			`SELECT COUNT(*) FROM entity`:                                          8,
			`SELECT COUNT(*) FROM txn`:                                             26,
			`SELECT COUNT(*) FROM client_access_level_choice`:                      4,
			`SELECT COUNT(DISTINCT firm_id) FROM portfolio`:                        2,
			`SELECT COUNT(*) FROM security WHERE description LIKE '%Accumulation'`: 1,
		} {
			if got := count(t, db, q); got != want {
				t.Errorf("%s = %d, want %d", q, got, want)
			}
		}
		var price float64
		db.QueryRow(`SELECT close_price FROM security_price p JOIN security s ON s.id = p.security_id WHERE s.code = 'TQGE' AND price_date = '2025-01-06'`).Scan(&price)
		if price != 1.3 {
			t.Errorf("price %v, want the new 1.3", price)
		}
	})
}

func TestLoadWritesMetaInTheSameTransaction(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		if _, err := Load(context.Background(), db, smallFirm(t), LoadOptions{HashCost: 4, Meta: map[string]string{"marker": "yes"}}); err != nil {
			t.Fatal(err)
		}
		var v string
		if err := db.QueryRow(`SELECT value FROM meta WHERE key = 'marker'`).Scan(&v); err != nil || v != "yes" {
			t.Errorf("meta marker %q %v", v, err)
		}
		// A refused load leaves no marker.
		_, err := Load(context.Background(), db, smallFirm(t), LoadOptions{HashCost: 4, Meta: map[string]string{"other": "yes"}})
		var invalid *InvalidError
		if !errors.As(err, &invalid) {
			t.Fatalf("second load: %v", err)
		}
		if err := db.QueryRow(`SELECT value FROM meta WHERE key = 'other'`).Scan(&v); !errors.Is(err, sql.ErrNoRows) {
			t.Errorf("refused load wrote meta: %v", err)
		}
	})
}

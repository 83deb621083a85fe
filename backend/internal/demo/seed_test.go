package demo

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"

	"wealthportal/backend/internal/firmdata"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// seeded is a store of the test's own on dialect d, freshly migrated and seeded.
func seeded(t *testing.T, d store.Dialect) *store.DB {
	t.Helper()
	db := testdb.Open(t, d)
	if err := seedDemo(context.Background(), db); err != nil {
		t.Fatal(err)
	}
	return db
}

// seedDemo seeds the demo as of seedTime, and fails when it was there already.
func seedDemo(ctx context.Context, db *store.DB) error {
	ok, err := Seed(ctx, db, 4, seedTime)
	if err == nil && !ok {
		err = errors.New("the demo was seeded already")
	}
	return err
}

// seededCopy is a copy of a store the demo was seeded into at seedTime, on dialect d; the seed
// runs once per dialect and test binary.
func seededCopy(t *testing.T, d store.Dialect) *store.DB {
	t.Helper()
	return testdb.Template(t, d, "demo", seedDemo)
}

// eachSeeded runs fn on each dialect of the run (testdb.EachDialect), side by side, with a
// seededCopy.
func eachSeeded(t *testing.T, fn func(t *testing.T, db *store.DB)) {
	t.Helper()
	testdb.EachDialect(t, func(t *testing.T, d store.Dialect) {
		t.Parallel()
		fn(t, seededCopy(t, d))
	})
}

func TestSeedOnceAndDeterministic(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, d store.Dialect) {
		t.Parallel()
		a, b := seeded(t, d), seededCopy(t, d)
		if again, err := Seed(context.Background(), a, 4, time.Now()); err != nil || again {
			t.Fatalf("second seed ran: %v %v", again, err)
		}
		dump := func(db *store.DB) string {
			var s string
			if err := db.QueryRow(`SELECT string_agg(entity_name || '|' || COALESCE(dob,'') || '|' || preferred_postcode, ';' ORDER BY id) FROM entity`).Scan(&s); err != nil {
				t.Fatal(err)
			}
			// The portfolios too: every account, transaction and price.
			var accounts, txns string
			if err := db.QueryRow(`SELECT string_agg(id || description || active_date, ';' ORDER BY id) FROM account`).Scan(&accounts); err != nil {
				t.Fatal(err)
			}
			if err := db.QueryRow(`SELECT COUNT(*) || '|' || SUM(net_amount) || '|' || SUM(volume) || '|' || (SELECT SUM(close_price) FROM security_price) FROM txn`).Scan(&txns); err != nil {
				t.Fatal(err)
			}
			return s + accounts + txns
		}
		if dump(a) != dump(b) {
			t.Fatal("two seeds differ")
		}
	})
}

func TestSeedBooks(t *testing.T) {
	eachSeeded(t, func(t *testing.T, db *store.DB) {
		count := func(q string, args ...any) int {
			var n int
			if err := db.QueryRow(db.Rebind(q), args...).Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		book := `SELECT COUNT(*) FROM entity c JOIN app_user a ON a.entity_id = c.adviser_entity_id WHERE a.username = ?`
		if n := count(book, "demo.adviser@client"); n < 54 {
			t.Errorf("demo.adviser has %d clients, want at least 54", n)
		}
		if n := count(book, "demo.adviser2@client"); n < 1 {
			t.Errorf("demo.adviser2 has no clients")
		}
		// demo.adviser owns the four demo clients; demo.adviser2 owns none of them.
		owned := `SELECT COUNT(*) FROM app_user u JOIN entity c ON c.id = u.entity_id JOIN app_user a ON a.entity_id = c.adviser_entity_id
			WHERE a.username = ? AND u.username IN ('demo.client', 'demo.assets', 'demo.messages', 'demo.mfa')`
		if n := count(owned, "demo.adviser@client"); n != 4 {
			t.Errorf("demo.adviser owns %d demo clients, want 4", n)
		}
		if n := count(owned, "demo.adviser2@client"); n != 0 {
			t.Errorf("demo.adviser2 owns %d demo clients, want 0", n)
		}
		if n := count(`SELECT COUNT(*) FROM entity e JOIN app_user u ON u.entity_id = e.id WHERE u.username = 'demo.client' AND e.partner_entity_id IS NOT NULL AND e.region = 'GB' AND e.client_access_level = 1`); n != 1 {
			t.Error("demo.client is not a GB Portfolio client with a partner")
		}
	})
}

var seedTime = time.Date(2026, 11, 1, 9, 0, 0, 0, time.UTC)

func TestDemoFirmIsValid(t *testing.T) {
	for _, now := range []time.Time{seedTime, time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(2031, 7, 4, 0, 0, 0, 0, time.UTC)} {
		if problems := firmdata.Validate(Firm(now)); len(problems) > 0 {
			t.Errorf("demo as of %s: %v", now.Format("2006-01-02"), problems)
		}
	}
}

// TestSeedKeepsTheLogins: every printed login works with its password, role and second factor.
func TestSeedKeepsTheLogins(t *testing.T) {
	eachSeeded(t, func(t *testing.T, db *store.DB) {
		for _, l := range Logins {
			username, role := l.Typed, "ClientUser"
			if l.Tab == "Adviser" {
				username, role = l.Typed+"@client", "User"
			}
			var hash, gotRole, mfa, mobile string
			err := db.QueryRow(db.Rebind(`SELECT password_hash, role_name, mfa_method, mobile_phone FROM app_user WHERE username = ?`), username).Scan(&hash, &gotRole, &mfa, &mobile)
			if err != nil {
				t.Fatalf("%s: %v", username, err)
			}
			if bcrypt.CompareHashAndPassword([]byte(hash), []byte(l.Password)) != nil {
				t.Errorf("%s does not log in with %s", username, l.Password)
			}
			if gotRole != role {
				t.Errorf("%s has role %s, want %s", username, gotRole, role)
			}
			wantMFA := ""
			if l.Typed == "demo.mfa" {
				wantMFA = "sms +447700900123"
			}
			if got := strings.TrimSpace(mfa + " " + mobile); got != wantMFA {
				t.Errorf("%s second factor %q, want %q", username, got, wantMFA)
			}
		}
		levels := map[string]string{"demo.client": "Client Portfolio", "demo.assets": "Client Assets", "demo.messages": "Client Messages", "demo.mfa": "Client Portfolio"}
		for username, want := range levels {
			var got string
			db.QueryRow(db.Rebind(`SELECT c.description FROM app_user u JOIN entity e ON e.id = u.entity_id JOIN client_access_level_choice c ON c.code = e.client_access_level WHERE u.username = ?`), username).Scan(&got)
			if got != want {
				t.Errorf("%s has access level %q, want %q", username, got, want)
			}
		}
		names := map[string]string{"demo.client": "Eleanor Whitfield", "demo.assets": "Priya Raman", "demo.messages": "Thomas O'Connell", "demo.mfa": "Aisha Patel", "demo.adviser@client": "Oliver Bennett", "demo.adviser2@client": "Sophie Laurent"}
		for username, want := range names {
			var got string
			db.QueryRow(db.Rebind(`SELECT e.first_name || ' ' || e.last_name FROM app_user u JOIN entity e ON e.id = u.entity_id WHERE u.username = ?`), username).Scan(&got)
			if got != want {
				t.Errorf("%s is %q, want %q", username, got, want)
			}
		}
	})
}

func TestSeedFirmSettings(t *testing.T) {
	eachSeeded(t, func(t *testing.T, db *store.DB) {
		checks := map[string]string{
			`SELECT name || ', ' || product_name || ', ' || region || ', ' || base_currency FROM firm`:                                                            "Harbour & Vale Wealth Management, Harbour & Vale Online, GB, GBP",
			`SELECT string_agg(capability || '=' || enabled, ',' ORDER BY capability) FROM capability_grant WHERE role_name = 'ClientUser' AND entity_id IS NULL`: "live_marketdata_access=0,modelling_by_target_sets=1,view_marketdata=1,view_partner=1,view_portfolio=1",
			`SELECT CAST(MIN(enabled) AS TEXT) || CAST(COUNT(*) AS TEXT) FROM capability_grant WHERE role_name = 'User'`:                                          "15",
			`SELECT string_agg(name || '=' || enabled, ',' ORDER BY name) FROM feature_toggle`:                                                                    "account-visibility=1,multi-currency=1,use-client-analysis=1,use-client-reports=1,use-ids-dropdown=1,use-market-data-logo=1,use-sipp-wrapper=0",
			`SELECT inactive_session_timeout_client FROM login_profile`:                                                                                           "30",
			`SELECT COUNT(*) FROM app_user WHERE login_profile_id IS NULL`:                                                                                        "0",
			`SELECT value FROM meta WHERE key = 'demo_seeded'`:                                                                                                    store.FormatTime(seedTime),
		}
		for q, want := range checks {
			var got string
			if err := db.QueryRow(q).Scan(&got); err != nil || got != want {
				t.Errorf("%s\n  = %q %v, want %q", q, got, err, want)
			}
		}
	})
}

func TestSeedAdvisersContactDetails(t *testing.T) {
	eachSeeded(t, func(t *testing.T, db *store.DB) {
		for username, town := range map[string]string{"demo.adviser@client": "Bristol", "demo.adviser2@client": "Edinburgh"} {
			var intro, hours, suburb, phone, email string
			err := db.QueryRow(db.Rebind(`SELECT e.introduction_text, e.opening_hours, a.suburb,
				(SELECT value FROM contact WHERE entity_id = e.id AND type = 'p2'), (SELECT value FROM contact WHERE entity_id = e.id AND type = 'm2')
				FROM app_user u JOIN entity e ON e.id = u.entity_id JOIN address a ON a.entity_id = e.id AND a.type = 2
				WHERE u.username = ?`), username).Scan(&intro, &hours, &suburb, &phone, &email)
			if err != nil {
				t.Fatalf("%s: %v", username, err)
			}
			if intro == "" || hours == "" || suburb != town || phone == "" || !strings.HasSuffix(email, "@harbourvale.co.uk") {
				t.Errorf("%s: intro %q, hours %q, office %q, phone %q, email %q", username, intro, hours, suburb, phone, email)
			}
		}
	})
}

// TestSeedEleanorsPortfolio: demo.client has every kind of account the portfolio screens show.
func TestSeedEleanorsPortfolio(t *testing.T) {
	eachSeeded(t, func(t *testing.T, db *store.DB) {
		type account struct {
			ptype, reason, plan, service string
			blocked                      bool
		}
		rows, err := db.Query(`SELECT a.description, p.ptype, pp.reason_for_visibility, a.plan_currency, a.service_type, a.blocked
			FROM account a JOIN portfolio p ON p.id = a.portfolio_id JOIN portfolio_party pp ON pp.portfolio_id = p.id
			JOIN app_user u ON u.entity_id = pp.entity_id WHERE u.username = 'demo.client'`)
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]account{}
		for rows.Next() {
			var desc string
			var a account
			rows.Scan(&desc, &a.ptype, &a.reason, &a.plan, &a.service, &a.blocked)
			got[desc] = a
		}
		rows.Close()
		want := map[string]account{
			"Stocks & Shares ISA":                     {"PT_SINGLE", "single_owner", "GBP", "Managed", false},
			"General Investment Account":              {"PT_SINGLE", "single_owner", "GBP", "Managed", false},
			"Self-Invested Personal Pension":          {"PT_SINGLE", "single_owner", "GBP", "Managed", false},
			"Joint General Investment Account":        {"PT_JOINT", "primary_joint_owner", "GBP", "Managed", false},
			"US Dollar Investment Account":            {"PT_SINGLE", "single_owner", "USD", "Managed", false},
			"Personal Pension (transfer out pending)": {"PT_SINGLE", "single_owner", "GBP", "Managed", true},
			"Workplace Pension (held away)":           {"PT_SINGLE", "single_owner", "GBP", "Not managed", false},
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("Eleanor's accounts:\n%v\nwant:\n%v", got, want)
		}
		count := func(q string) int {
			var n int
			if err := db.QueryRow(q).Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		if n := count(`SELECT COUNT(*) FROM portfolio_party pp JOIN entity e ON e.id = pp.entity_id WHERE e.first_name = 'James' AND pp.reason_for_visibility = 'secondary_joint_owner'`); n != 1 {
			t.Error("James is not the secondary joint owner of the joint account")
		}
		if n := count(`SELECT COUNT(*) FROM client_group_member m JOIN entity e ON e.id = m.entity_id WHERE e.last_name = 'Whitfield' AND m.login_accessible = 1
			AND m.group_id = (SELECT id FROM client_group WHERE name = 'Whitfield household')`); n != 2 {
			t.Error("Eleanor and James are not both login_accessible in one household")
		}
		groups := map[string]int{}
		rows, _ = db.Query(`SELECT g.group_name, COUNT(*) FROM account_group g JOIN account_group_member m ON m.group_id = g.id
			JOIN app_user u ON u.entity_id = g.entity_id WHERE u.username = 'demo.client' GROUP BY g.group_name`)
		for rows.Next() {
			var name string
			var n int
			rows.Scan(&name, &n)
			groups[name] = n
		}
		rows.Close()
		if !reflect.DeepEqual(groups, map[string]int{"Retirement": 3, "Family": 3}) {
			t.Errorf("account groups %v", groups)
		}
		mine := `FROM txn t JOIN account a ON a.id = t.account_id JOIN portfolio_party pp ON pp.portfolio_id = a.portfolio_id
			JOIN app_user u ON u.entity_id = pp.entity_id WHERE u.username = 'demo.client'`
		for _, kind := range []string{"deposit", "transfer_in", "buy", "sell", "income", "fee", "withdrawal"} {
			if n := count(`SELECT COUNT(*) ` + mine + ` AND t.kind = '` + kind + `'`); n == 0 {
				t.Errorf("Eleanor has no %s transactions", kind)
			}
		}
		if n := count(`SELECT COUNT(DISTINCT t.security_id) ` + mine + ` AND t.kind = 'buy'`); n < 10 {
			t.Errorf("Eleanor holds %d securities, want about ten or more", n)
		}
		var first string
		db.QueryRow(`SELECT MIN(t.trade_date) ` + mine).Scan(&first)
		if first > "2022-03-01" {
			t.Errorf("Eleanor's history starts %s, want four years or more before the seed", first)
		}
	})
}

func TestSeedSmallerPortfolios(t *testing.T) {
	eachSeeded(t, func(t *testing.T, db *store.DB) {
		for _, username := range []string{"demo.assets", "demo.messages", "demo.mfa"} {
			var accounts, txns int
			err := db.QueryRow(db.Rebind(`SELECT COUNT(DISTINCT a.id), COUNT(t.id) FROM account a JOIN portfolio_party pp ON pp.portfolio_id = a.portfolio_id
				JOIN app_user u ON u.entity_id = pp.entity_id LEFT JOIN txn t ON t.account_id = a.id WHERE u.username = ?`), username).Scan(&accounts, &txns)
			if err != nil || accounts != 1 || txns < 10 {
				t.Errorf("%s: %d accounts, %d transactions, %v", username, accounts, txns, err)
			}
		}
	})
}

// TestSeedPricesRunToToday: every series reaches the demo's today (the last business day on or
// before it), and the whole book has accounts.
func TestSeedPricesRunToToday(t *testing.T) {
	eachSeeded(t, func(t *testing.T, db *store.DB) { // seeded on Sunday 1 November 2026
		for _, q := range []string{
			`SELECT COUNT(*) FROM security s WHERE (SELECT MAX(price_date) FROM security_price WHERE security_id = s.id) <> '2026-10-30'`,
			`SELECT COUNT(*) FROM (SELECT quote_currency FROM fx_rate GROUP BY quote_currency HAVING MAX(rate_date) <> '2026-10-30') AS stale`,
			`SELECT COUNT(*) FROM benchmark b WHERE (SELECT MAX(value_date) FROM benchmark_value WHERE benchmark_id = b.id) <> '2026-10-30'`,
			`SELECT COUNT(*) FROM entity e WHERE e.entity_kind = 'client' AND NOT EXISTS (SELECT 1 FROM portfolio_party pp WHERE pp.entity_id = e.id)`,
			`SELECT COUNT(*) FROM txn WHERE trade_date > '2026-11-01'`,
		} {
			var n int
			if err := db.QueryRow(q).Scan(&n); err != nil || n != 0 {
				t.Errorf("%s = %d %v, want 0", q, n, err)
			}
		}
	})
}

// TestSeedPricesDoNotDependOnWhenItRan: seeding later extends the history without changing it.
func TestSeedPricesDoNotDependOnWhenItRan(t *testing.T) {
	early, late := Firm(time.Date(2026, 3, 2, 0, 0, 0, 0, time.UTC)), Firm(seedTime)
	for i, p := range early.Prices {
		q := late.Prices[i]
		if p.Security != q.Security || p.Start != q.Start || len(q.Closes) <= len(p.Closes) {
			t.Fatalf("%s: %s+%d then %s+%d", p.Security, p.Start, len(p.Closes), q.Start, len(q.Closes))
		}
		if !reflect.DeepEqual(p.Closes, q.Closes[:len(p.Closes)]) {
			t.Errorf("%s: prices changed when seeded later", p.Security)
		}
	}
	// So does each account's history, up to the earlier day.
	for i, a := range early.Accounts {
		later := late.Accounts[i].Transactions
		if len(later) < len(a.Transactions) || !reflect.DeepEqual(a.Transactions, later[:len(a.Transactions)]) {
			t.Errorf("account %s: history changed when seeded later", a.Key)
		}
	}
}

// TestSeedBesideASyntheticFirm: `portal seed` and the demo share one store; they share market
// data too, and agree on every value they both have.
func TestSeedBesideASyntheticFirm(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		t.Parallel()
		ctx := context.Background()
		if _, err := firmdata.Load(ctx, db, firmdata.Synthetic(10, 1, seedTime), firmdata.LoadOptions{HashCost: 4}); err != nil {
			t.Fatal(err)
		}
		dump := func() string {
			var s string
			if err := db.QueryRow(`SELECT string_agg(b.name || v.value_date || v.value, ';' ORDER BY b.name, v.value_date) FROM benchmark_value v
				JOIN benchmark b ON b.id = v.benchmark_id WHERE v.value_date BETWEEN '2024-01-01' AND '2024-02-01'`).Scan(&s); err != nil {
				t.Fatal(err)
			}
			return s
		}
		before := dump()
		if ok, err := Seed(ctx, db, 4, seedTime); err != nil || !ok {
			t.Fatalf("seed beside a synthetic firm: %v %v", ok, err)
		}
		if dump() != before || before == "" {
			t.Error("the demo changed the benchmark values the synthetic firm loaded")
		}
		var firms int
		db.QueryRow(`SELECT COUNT(*) FROM firm`).Scan(&firms)
		if firms != 2 {
			t.Errorf("%d firms, want 2", firms)
		}
	})
}

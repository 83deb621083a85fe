package firmdata

import (
	"context"
	"fmt"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"

	"golang.org/x/crypto/bcrypt"
)

var synthToday = time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC) // a Friday

func TestSyntheticIsDeterministic(t *testing.T) {
	a, b := Synthetic(50, 7, synthToday), Synthetic(50, 7, synthToday)
	if !reflect.DeepEqual(a, b) {
		t.Fatal("the same seed made two different firms")
	}
	other := Synthetic(50, 8, synthToday)
	if reflect.DeepEqual(a.Clients, other.Clients) {
		t.Error("another seed made the same clients")
	}
	// The market does not depend on the seed: it is the same market for every firm.
	if !reflect.DeepEqual(a.Prices, other.Prices) || !reflect.DeepEqual(a.FXRates, other.FXRates) {
		t.Error("prices depend on the seed")
	}
}

// TestGeneratedPricesDependOnlyOnTheDate: a firm generated later agrees on every day both have.
func TestGeneratedPricesDependOnlyOnTheDate(t *testing.T) {
	early := Synthetic(5, 1, synthToday)
	late := Synthetic(5, 1, synthToday.AddDate(0, 1, 3))
	value := func(f Firm, code, date string) float64 {
		for _, p := range f.Prices {
			if p.Security == code {
				i := businessIndex(mustDate(t, date)) - businessIndex(mustDate(t, p.Start))
				return p.Closes[i]
			}
		}
		t.Fatalf("no prices for %s", code)
		return 0
	}
	for _, code := range []string{"NGGEQA", "AVOR", "CASH.GBP"} {
		for _, date := range []string{"2022-01-04", "2024-06-28", "2026-11-20"} {
			if e, l := value(early, code, date), value(late, code, date); e != l {
				t.Errorf("%s on %s: %v generated on one day, %v on another", code, date, e, l)
			}
		}
	}
}

func mustDate(t *testing.T, s string) time.Time {
	t.Helper()
	d, err := time.Parse(dateLayout, s)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestSyntheticIsConsistent: a synthetic firm passes Validate, looks like a real book, and its
// accounts never overdraw cash or sell what they do not hold.
func TestSyntheticIsConsistent(t *testing.T) {
	const n = 300
	f := Synthetic(n, 3, synthToday)
	if problems := Validate(f); len(problems) > 0 {
		t.Fatalf("%d problems, the first: %v", len(problems), problems[:min(5, len(problems))])
	}
	if len(f.Advisers) != 2 || len(f.Clients) != n {
		t.Errorf("%d advisers and %d clients, want 2 and %d", len(f.Advisers), len(f.Clients), n)
	}
	for i, c := range f.Clients {
		if c.Login == nil || c.Login.Username != fmt.Sprintf("client%d", i+1) || c.Login.PasswordHash != SyntheticPasswordHash {
			t.Fatalf("client %d has login %+v", i+1, c.Login)
		}
	}
	if f.Advisers[1].Login.Username != "adviser2@client" {
		t.Errorf("adviser login %q", f.Advisers[1].Login.Username)
	}
	regions := map[string]int{}
	for _, c := range f.Clients {
		regions[c.Region]++
	}
	if regions["GB"] < n*3/4 || regions["AU"] == 0 || regions["CA"] == 0 || regions["NZ"] == 0 {
		t.Errorf("regions %v: want mostly GB, some AU, CA and NZ", regions)
	}
	if len(f.ClientGroups) < n/8 {
		t.Errorf("only %d households", len(f.ClientGroups))
	}
	kinds, ptypes := map[string]int{}, map[string]int{}
	var blocked, notManaged, dollars, txns int
	for _, p := range f.Portfolios {
		ptypes[p.PType]++
	}
	for _, a := range f.Accounts {
		if a.Blocked {
			blocked++
		}
		if a.ServiceType == "Not managed" {
			notManaged++
		}
		if a.PlanCurrency == "USD" {
			dollars++
		}
		for _, tx := range a.Transactions {
			kinds[tx.Kind]++
		}
		txns += len(a.Transactions)
		checkCashAndUnits(t, a)
	}
	if ptypes["PT_JOINT"] == 0 || blocked == 0 || notManaged == 0 || dollars == 0 {
		t.Errorf("joint portfolios %d, blocked %d, not managed %d, dollar accounts %d: want some of each", ptypes["PT_JOINT"], blocked, notManaged, dollars)
	}
	for _, kind := range []string{"deposit", "buy", "sell", "income", "fee", "withdrawal", "transfer_in"} {
		if kinds[kind] == 0 {
			t.Errorf("no %s transactions", kind)
		}
	}
	if per := float64(txns) / n; per < 70 || per > 130 {
		t.Errorf("%.0f transactions per client, want about 100", per)
	}
	if len(f.Securities) < 150 || len(f.Securities) > 300 {
		t.Errorf("%d securities, want 150 to 300", len(f.Securities))
	}
	if len(f.FXRates) != 15 || len(f.Benchmarks) != 3 {
		t.Errorf("%d FX series and %d benchmarks, want 15 and 3", len(f.FXRates), len(f.Benchmarks))
	}
	for _, p := range f.Prices {
		first, last := mustDate(t, p.Start), businessDate(businessIndex(mustDate(t, p.Start))+len(p.Closes)-1)
		if first.Before(synthToday.AddDate(-5, 0, 0)) || first.After(synthToday.AddDate(-5, 0, 3)) || !last.Equal(synthToday) {
			t.Fatalf("%s prices run %s to %s, want five years to %s", p.Security, p.Start, last.Format(dateLayout), synthToday.Format(dateLayout))
		}
	}
}

// checkCashAndUnits replays an account in date order: cash never goes below zero and no
// holding goes negative.
func checkCashAndUnits(t *testing.T, a Account) {
	t.Helper()
	txs := append([]Transaction(nil), a.Transactions...)
	sort.SliceStable(txs, func(i, j int) bool { return txs[i].TradeDate < txs[j].TradeDate })
	cash := 0.0
	held := map[string]float64{}
	for _, tx := range txs {
		if txnKinds[tx.Kind].in {
			cash += tx.NetAmount
		} else {
			cash -= tx.NetAmount
		}
		switch tx.Kind {
		case "buy":
			held[tx.Security] += tx.Volume
		case "sell":
			held[tx.Security] -= tx.Volume
		}
		if cash < -0.005 || held[tx.Security] < -1e-6 {
			t.Fatalf("account %s on %s: cash %.2f, %s held %v", a.Key, tx.TradeDate, cash, tx.Security, held[tx.Security])
		}
	}
}

func TestSyntheticLoads(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := Synthetic(40, 1, synthToday)
		sum, err := Load(context.Background(), db, f, LoadOptions{HashCost: 4})
		if err != nil {
			t.Fatal(err)
		}
		txns := 0
		for _, a := range f.Accounts {
			txns += len(a.Transactions)
		}
		if sum.Clients != 40 || sum.Advisers != 1 || sum.Logins != 41 || sum.Transactions != txns || sum.Accounts != len(f.Accounts) {
			t.Errorf("summary %+v", sum)
		}
		var hash string
		if err := db.QueryRow(`SELECT password_hash FROM app_user WHERE username = 'client17'`).Scan(&hash); err != nil {
			t.Fatal(err)
		}
		if bcrypt.CompareHashAndPassword([]byte(hash), []byte(SyntheticPassword)) != nil {
			t.Error("client17 does not log in with the documented password")
		}
		// Seeding twice is refused with the firm's name.
		_, err = Load(context.Background(), db, f, LoadOptions{HashCost: 4})
		if got := problemsOf(t, err); len(got) != 1 || !strings.Contains(got[0].Message, "already exists") {
			t.Errorf("second load: %v", got)
		}
	})
}

func TestSyntheticPasswordHash(t *testing.T) {
	if err := bcrypt.CompareHashAndPassword([]byte(SyntheticPasswordHash), []byte(SyntheticPassword)); err != nil {
		t.Fatal("SyntheticPasswordHash is not the hash of SyntheticPassword")
	}
}

func BenchmarkSynthetic(b *testing.B) {
	for b.Loop() {
		Synthetic(200, 1, synthToday)
	}
}

// BenchmarkLoadSynthetic loads a 200-client firm (about 20,000 transactions and the full five
// years of prices) into a fresh store.
func BenchmarkLoadSynthetic(b *testing.B) {
	f := Synthetic(200, 1, synthToday)
	ctx := context.Background()
	for b.Loop() {
		b.StopTimer()
		db := newDB(b)
		b.StartTimer()
		if _, err := Load(ctx, db, f, LoadOptions{HashCost: 4}); err != nil {
			b.Fatal(err)
		}
	}
}

// The first client (client1, adviser1's) holds FamilyOfficeAccounts accounts, the dashboard the
// benchmarks measure; every other client keeps one to four.
func TestSyntheticFamilyOffice(t *testing.T) {
	f := Synthetic(40, 3, synthToday)
	owner := map[string]string{}
	for _, p := range f.Portfolios {
		owner[p.Key] = p.Owner
	}
	count := map[string]int{}
	for _, a := range f.Accounts {
		count[owner[a.Portfolio]]++
	}
	if first := f.Clients[0]; count[first.Key] != FamilyOfficeAccounts || first.Adviser != f.Advisers[0].Key {
		t.Fatalf("client1 has %d accounts with adviser %s, want %d with %s", count[first.Key], first.Adviser, FamilyOfficeAccounts, f.Advisers[0].Key)
	}
	for _, c := range f.Clients[1:] {
		if count[c.Key] > 4 {
			t.Errorf("%s has %d accounts", c.Key, count[c.Key])
		}
	}
}

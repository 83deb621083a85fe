package demo

import (
	"context"
	"reflect"
	"testing"

	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// paymentDump lists the payment methods of Eleanor's accounts by account description.
func paymentDump(t *testing.T, db *store.DB) map[string]string {
	t.Helper()
	rows, err := db.Query(`SELECT a.description, pi.kind, pi.biller_code || pi.reference || pi.bank || pi.bsb || pi.account_number
		FROM payment_information pi JOIN account a ON a.id = pi.account_id
		JOIN portfolio_party pp ON pp.portfolio_id = a.portfolio_id JOIN app_user u ON u.entity_id = pp.entity_id
		WHERE u.username = 'demo.client' ORDER BY a.id, pi.kind`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	got := map[string]string{}
	for rows.Next() {
		var desc, kind, text string
		if err := rows.Scan(&desc, &kind, &text); err != nil {
			t.Fatal(err)
		}
		got[desc+" "+kind] = text
	}
	return got
}

// demo.client's accounts: some with BPAY, some with a bank account, some with both, the US
// dollar account and the pensions held elsewhere with none.
func TestSeedPaymentInformation(t *testing.T) {
	eachSeeded(t, func(t *testing.T, db *store.DB) {
		want := map[string]string{
			"Stocks & Shares ISA bank":              "Harbour & Vale Client Money062-91410000101",
			"Stocks & Shares ISA bpay":              "2547891000010174",
			"General Investment Account bank":       "Harbour & Vale Client Money062-91410000102",
			"Self-Invested Personal Pension bpay":   "2547891000010315",
			"Joint General Investment Account bank": "Harbour & Vale Client Money062-91410000104",
			"Joint General Investment Account bpay": "2547891000010422",
		}
		if got := paymentDump(t, db); !reflect.DeepEqual(got, want) {
			t.Errorf("payment information:\n got %v\nwant %v", got, want)
		}
	})
}

// A store seeded before payment information and target sets existed gets them at the next
// start, once.
func TestSeedPaymentInformationIntoAnOlderSeed(t *testing.T) {
	eachSeeded(t, func(t *testing.T, db *store.DB) {
		testdb.MustExec(t, db, `DELETE FROM payment_information`)
		testdb.MustExec(t, db, `DELETE FROM meta WHERE key = ?`, paymentInformationKey)
		testdb.MustExec(t, db, `DELETE FROM target_set`)
		testdb.MustExec(t, db, `DELETE FROM meta WHERE key = ?`, targetSetsKey)
		for range 2 {
			if again, err := Seed(context.Background(), db, 4, seedTime); err != nil || again {
				t.Fatalf("seed: %v %v", again, err)
			}
		}
		if got := len(paymentDump(t, db)); got != 6 {
			t.Errorf("%d payment methods after two starts, want 6", got)
		}
		if got := len(targetDump(t, db)); got != 2 {
			t.Errorf("%d accounts with target sets after two starts, want 2", got)
		}
	})
}

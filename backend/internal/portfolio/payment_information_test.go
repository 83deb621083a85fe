package portfolio_test

import (
	"reflect"
	"testing"

	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// seedPaymentInformation gives Alice's ISA (11) both methods and the joint account (21) a bank
// account; her US account (12) has none.
func seedPaymentInformation(t *testing.T, db *store.DB) {
	testdb.MustExec(t, db, `INSERT INTO payment_information (id, account_id, kind, biller_code, reference) VALUES (1, 11, 'bpay', '123456', '9876543210')`)
	testdb.MustExec(t, db, `INSERT INTO payment_information (id, account_id, kind, bank, account_name, bsb, account_number) VALUES
		(2, 11, 'bank', 'Northwind Bank', 'Alice Archer ISA', '062-000', '12345678'),
		(3, 21, 'bank', 'Harbour Bank', 'Archer Joint', '083-004', '87654321')`)
}

// An account's payment information: BPAY and bank account each as the spec names their
// fields, null when the account has none; a joint owner sees the joint account's.
func TestPaymentInformation(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		seedPaymentInformation(t, db)
		for _, tc := range []struct {
			user, path string
			want       item
		}{
			{"alice", "portfolio/account/11/payment_information", item{"accountId": 11.0,
				"bpay":        item{"id": 1.0, "billerCode": "123456", "reference": "9876543210"},
				"bankAccount": item{"id": 2.0, "bank": "Northwind Bank", "accountName": "Alice Archer ISA", "bsb": "062-000", "accountNumber": "12345678"}}},
			{"alice", "portfolio/account/12/payment_information", item{"accountId": 12.0, "bpay": nil, "bankAccount": nil}},
			{"bob", "portfolio/account/21/payment_information", item{"accountId": 21.0, "bpay": nil,
				"bankAccount": item{"id": 3.0, "bank": "Harbour Bank", "accountName": "Archer Joint", "bsb": "083-004", "accountNumber": "87654321"}}},
			// Alice's adviser reads her accounts.
			{"ann", "portfolio/account/11/payment_information", item{"accountId": 11.0,
				"bpay":        item{"id": 1.0, "billerCode": "123456", "reference": "9876543210"},
				"bankAccount": item{"id": 2.0, "bank": "Northwind Bank", "accountName": "Alice Archer ISA", "bsb": "062-000", "accountNumber": "12345678"}}},
		} {
			var got item
			f.getOK(t, tc.user, tc.path, &got)
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("%s %s:\n got %v\nwant %v", tc.user, tc.path, got, tc.want)
			}
		}
	})
}

// A foreign account answers exactly like a missing one: another client's (Grace, another
// firm; Bob's own single account for Alice), another adviser's client (Ben is Frank's, Cat is
// in firm 2), a missing id and a malformed one.
func TestPaymentInformationForeignLikeMissing(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		seedPaymentInformation(t, db)
		for _, tc := range []struct{ user, path string }{
			{"alice", "portfolio/account/91/payment_information"},
			{"alice", "portfolio/account/31/payment_information"},
			{"grace", "portfolio/account/11/payment_information"},
			{"ben", "portfolio/account/11/payment_information"},
			{"cat", "portfolio/account/11/payment_information"},
			{"alice", "portfolio/account/999999/payment_information"},
			{"alice", "portfolio/account/x11/payment_information"},
		} {
			f.assertNotFound(t, tc.user, tc.path)
		}
	})
}

package demo

import (
	"context"
	"database/sql"

	"wealthportal/backend/internal/store"
)

// paymentInformationKey is the meta row that records that the demo's payment information was
// written, so it is written once, also into a store seeded before the table existed.
const paymentInformationKey = "demo_payment_information"

// demoPayment is one account's payment methods (spec 2 §2.3): BPAY when billerCode is set, a
// bank account when bank is set.
type demoPayment struct {
	externalAccountID           string
	billerCode, reference       string
	bank, accountName, bsb, num string
}

// demoPayments are Eleanor's accounts with a payment method: the ISA and the joint account
// have both, the GIA a bank account only, the SIPP BPAY only; the US dollar account and the
// pensions held elsewhere have none ("No payment method available yet").
var demoPayments = []demoPayment{
	{externalAccountID: "HV10000101", billerCode: "254789", reference: "1000010174",
		bank: "Harbour & Vale Client Money", accountName: "HV Nominees re E Whitfield ISA", bsb: "062-914", num: "10000101"},
	{externalAccountID: "HV10000102",
		bank: "Harbour & Vale Client Money", accountName: "HV Nominees re E Whitfield GIA", bsb: "062-914", num: "10000102"},
	{externalAccountID: "HV10000103", billerCode: "254789", reference: "1000010315"},
	{externalAccountID: "HV10000104", billerCode: "254789", reference: "1000010422",
		bank: "Harbour & Vale Client Money", accountName: "HV Nominees re E & J Whitfield", bsb: "062-914", num: "10000104"},
}

// seedPaymentInformation writes the demo's payment information once, in one transaction with
// its meta mark. An account the store does not hold (a demo firm of an older seed) is skipped.
func seedPaymentInformation(ctx context.Context, db *store.DB) error {
	return db.InTx(ctx, func(tx *sql.Tx) error {
		var done int
		if err := tx.QueryRowContext(ctx, db.Rebind(`SELECT COUNT(*) FROM meta WHERE key = ?`), paymentInformationKey).Scan(&done); err != nil || done > 0 {
			return err
		}
		for _, p := range demoPayments {
			var id int64
			err := tx.QueryRowContext(ctx, db.Rebind(`SELECT id FROM account WHERE external_account_id = ? ORDER BY id LIMIT 1`), p.externalAccountID).Scan(&id)
			if err == sql.ErrNoRows {
				continue
			}
			if err != nil {
				return err
			}
			if p.billerCode != "" {
				if _, err := tx.ExecContext(ctx, db.Rebind(`INSERT INTO payment_information (account_id, kind, biller_code, reference) VALUES (?, 'bpay', ?, ?)`),
					id, p.billerCode, p.reference); err != nil {
					return err
				}
			}
			if p.bank != "" {
				if _, err := tx.ExecContext(ctx, db.Rebind(`INSERT INTO payment_information (account_id, kind, bank, account_name, bsb, account_number) VALUES (?, 'bank', ?, ?, ?, ?)`),
					id, p.bank, p.accountName, p.bsb, p.num); err != nil {
					return err
				}
			}
		}
		_, err := tx.ExecContext(ctx, db.Rebind(`INSERT INTO meta (key, value) VALUES (?, '1')`), paymentInformationKey)
		return err
	})
}

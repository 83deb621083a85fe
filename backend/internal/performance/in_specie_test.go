package performance

import (
	"testing"

	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// A transfer in specie into a nearly empty account, priced away from the close, and part of it
// transferred out again (issue 11 §1). Ada's account 9 holds 10 of cash; Zeta closes 10, 10.50,
// 10.50 and 11 on 4 to 7 March 2024. Hand-worked (testdata/returns.json has the same case):
//
//	5 Mar  200 Zeta in, stated at 9 (1,800), worth 200 × 10.50 = 2,100 at the close: flow 2,100
//	       value 2,110; r = 2,110/(10 + 2,100) − 1 = 0
//	6 Mar  100 Zeta out, stated at 12 (1,200), worth 1,050 at the close: flow −1,050
//	       value 1,060; r = (1,060 + 1,050)/2,110 − 1 = 0
//	7 Mar  value 10 + 1,100 = 1,110; r = 1,110/1,060 − 1
//	TWRR   50/1,060 = 4.72%
//
// Valued at the stated prices against the old capital of 10, the 5 March return was +3,000%
// and the period's about +3,400%.
func TestInSpecieTransferPricedAwayFromTheClose(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		env := newTestEnv(t, db)
		for _, q := range []string{
			`INSERT INTO security (id, code, description, currency) VALUES (7, 'ZETA', 'Zeta plc', 'GBP')`,
			`INSERT INTO security_price (security_id, price_date, close_price) VALUES
			(7, '2024-03-04', 10), (7, '2024-03-05', 10.5), (7, '2024-03-06', 10.5), (7, '2024-03-07', 11)`,
			`INSERT INTO account (id, portfolio_id, description, plan_currency, report_currency, active_date, service_type) VALUES
			(9, 1, 'Ada transfer account', 'GBP', 'GBP', '2024-03-04', 'Managed')`,
			`INSERT INTO txn (account_id, security_id, kind, transaction_type_desc, trade_date, settlement_date,
			volume, price_per_unit, gross_amount, fee, tax, net_amount, native_currency) VALUES
			(9, NULL, 'deposit',      'Deposit',      '2024-03-04', '2024-03-04', 0,   0,  10,   0, 0, 10,   'GBP'),
			(9, 7,    'transfer_in',  'Transfer In',  '2024-03-05', '2024-03-05', 200, 9,  1800, 0, 0, 1800, 'GBP'),
			(9, 7,    'transfer_out', 'Transfer Out', '2024-03-06', '2024-03-06', 100, 12, 1200, 0, 0, 1200, 'GBP')`,
		} {
			exec(t, env.db, q)
		}
		ans := env.getJSON(t, "ada", "portfolio/profit_analysis/detail", q("accountid", "9", "start_date", "2024-03-04", "end_date", "2024-03-07"))
		total := obj(t, ans["total"])
		for k, want := range map[string]string{"value_start": "10.00", "value": "1110.00", "contributions": "2100.00",
			"withdrawals": "-1050.00", "movement": "50.00", "twrr": "4.72"} {
			if got := typedVal(t, total[k]); got != want {
				t.Errorf("%s = %s, want %s", k, got, want)
			}
		}
		// Daily, the cumulative return never leaves the bounds a return can have.
		series := env.getJSON(t, "ada", "portfolio/account/9/profit_analysis/historic_time_series_twrr",
			q("start_date", "2024-03-04", "end_date", "2024-03-07", "frequency", "1"))
		for _, p := range list(t, series["points"]) {
			if v := amount(t, obj(t, p)["twrr"]); v < 0 || v > 4.72 {
				t.Errorf("%v: twrr %.2f%%", obj(t, p)["date"], v)
			}
		}
	})
}

// A return on a value below zero has no meaning (issue 11 §1: clamp nothing silently). Account
// 9 receives 100 on 4 March 2024 and pays a 150 fee on the 5th: its value is −50, where a
// daily return would read (−50)/100 − 1 = −150%. Both answers say the return cannot be
// calculated, and why; the values are still answered.
func TestNegativeValueHasNoReturn(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		env := newTestEnv(t, db)
		for _, q := range []string{
			`INSERT INTO account (id, portfolio_id, description, plan_currency, report_currency, active_date, service_type) VALUES
			(9, 1, 'Ada overdrawn account', 'GBP', 'GBP', '2024-03-04', 'Managed')`,
			`INSERT INTO txn (account_id, security_id, kind, transaction_type_desc, trade_date, settlement_date,
			volume, price_per_unit, gross_amount, fee, tax, net_amount, native_currency) VALUES
			(9, NULL, 'deposit', 'Deposit', '2024-03-04', '2024-03-04', 0, 0, 100, 0, 0, 100, 'GBP'),
			(9, NULL, 'fee',     'Fee',     '2024-03-05', '2024-03-05', 0, 0, 150, 0, 0, 150, 'GBP')`,
		} {
			exec(t, env.db, q)
		}
		const why = "The time-weighted return cannot be calculated: the value is below zero on 2024-03-05."
		ans := env.getJSON(t, "ada", "portfolio/profit_analysis/detail", q("accountid", "9", "start_date", "2024-03-04", "end_date", "2024-03-06"))
		total := obj(t, ans["total"])
		if total["twrr"] != nil || total["twrr_reason"] != why || typedVal(t, total["value"]) != "-50.00" {
			t.Fatalf("profit analysis: twrr %v, reason %v, value %v", total["twrr"], total["twrr_reason"], total["value"])
		}
		series := env.getJSON(t, "ada", "portfolio/account/9/profit_analysis/historic_time_series_twrr",
			q("start_date", "2024-03-04", "end_date", "2024-03-06"))
		if series["twrr"] != nil || series["twrr_reason"] != why {
			t.Fatalf("series: twrr %v, reason %v", series["twrr"], series["twrr_reason"])
		}
		points := list(t, series["points"])
		if len(points) == 0 || typedVal(t, obj(t, points[len(points)-1])["value"]) != "-50.00" {
			t.Fatalf("points: %v", points)
		}
		for _, p := range points {
			if obj(t, p)["twrr"] != nil {
				t.Fatalf("a point has a return: %v", p)
			}
		}
	})
}

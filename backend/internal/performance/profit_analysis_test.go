package performance

import (
	"context"
	"fmt"
	"math"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"

	"wealthportal/backend/internal/access"
	"wealthportal/backend/internal/calc"
)

// The hand-worked account (account 1), 2 to 5 January 2024:
//
//	2 Jan  deposit 10,000; buy 100 Alpha at 80 (8,000)  value 100×80   + 2,000 = 10,000
//	3 Jan  Alpha +10% to 88                             value 100×88   + 2,000 = 10,800
//	4 Jan  deposit 5,000, Alpha unchanged               value 100×88   + 7,000 = 15,800
//	5 Jan  Alpha −5% to 83.6                            value 100×83.6 + 7,000 = 15,360
//
// Daily returns r_t = (V_t − F_t)/V_{t−1} − 1:
//
//	3 Jan  10,800/10,000 − 1            = 0.08
//	4 Jan  (15,800 − 5,000)/10,800 − 1  = 0
//	5 Jan  15,360/15,800 − 1            = −0.0278481…
//
// TWRR = 1.08 × 1 × 15,360/15,800 − 1 = 0.0499240506… (4.99%). The 2 January deposit is inside
// the start value. Movement = 15,360 − 10,000 − 5,000 = 360.
// IRR: −10,000 on 2 Jan, −5,000 on 4 Jan, +15,360 on 5 Jan; the annual rate that zeroes their
// XNPV is 39.5609 (3,956%), which over the 3 days is (1 + 39.5609)^(3/365) − 1 = 3.09%.
const handWorkedTWRR = 1.08*15360.0/15800.0 - 1

func TestProfitAnalysisHandWorkedAccount(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		env := newTestEnv(t, db)
		ans := env.getJSON(t, "ada", "portfolio/profit_analysis/detail", q(
			"accountid", "1", "start_date", "2024-01-02", "end_date", "2024-01-05", "grouping", "account",
			"include_twrr", "1", "include_irr", "1", "report_currency", "GBP", "from_pricing_type", "close", "to_pricing_type", "live"))
		if typedVal(t, ans["start_date"]) != "2024-01-02" || typedVal(t, ans["end_date"]) != "2024-01-05" || ans["report_currency"] != "GBP" {
			t.Fatalf("range: %v %v %v", ans["start_date"], ans["end_date"], ans["report_currency"])
		}
		if ans["to_pricing_type"] != "live" || ans["prices_used"] != "close" || ans["fees_and_taxes"] != float64(1) {
			t.Fatalf("recorded parameters: %v %v %v", ans["to_pricing_type"], ans["prices_used"], ans["fees_and_taxes"])
		}
		accounts := list(t, ans["accounts"])
		if len(accounts) != 1 {
			t.Fatalf("accounts: %v", accounts)
		}
		row := obj(t, accounts[0])
		want := map[string]string{
			"value_start": "10000.00", "value": "15360.00", "value_change": "5360.00", "movement": "360.00",
			"contributions": "5000.00", "withdrawals": "0.00", "net_contributions": "5000.00", "income": "0.00",
			"twrr": "4.99", "twrr_annualised": "4.99", "twrr_start_date": "2024-01-02", "irr": "3.09", "irr_annualised": "3.09",
		}
		for k, w := range want {
			if got := typedVal(t, row[k]); got != w {
				t.Errorf("%s = %s, want %s", k, got, w)
			}
		}
		if currencyOf(t, row["value"]) != "GBP" || row["accountid"] != float64(1) || row["description"] != "Ada ISA" ||
			typedVal(t, row["inception_date"]) != "2024-01-02" || row["reason_for_visibility"] != "single_owner" {
			t.Fatalf("account row: %v", row)
		}
		// One account: the total is the account.
		total := obj(t, ans["total"])
		if typedVal(t, total["twrr"]) != "4.99" || typedVal(t, total["value"]) != "15360.00" || total["accounts_count"] != float64(1) {
			t.Fatalf("total: %v", total)
		}
	})
}

// The raw numbers behind the strings above, through the same loader and engine the endpoint
// uses, to 1e-6.
func TestProfitAnalysisRawFigures(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		env := newTestEnv(t, db)
		r := reader{q: env.db, rebind: env.db.Rebind}
		rng := calc.DateRange{Start: day("2024-01-02"), End: day("2024-01-05")}
		v, err := r.valuation(context.Background(), []int64{1}, rng, "GBP", AfterFeesAndTaxes)
		if err != nil {
			t.Fatal(err)
		}
		f := measure(v, v.Combine([]int64{1}), true, true)
		if f.Err != nil || f.TWRR == nil || f.IRR == nil {
			t.Fatalf("figures: %+v", f)
		}
		checks := []struct {
			name      string
			got, want float64
		}{
			{"twrr", f.TWRR.Return, handWorkedTWRR},
			{"start value", f.Movement.StartValue, 10000},
			{"end value", f.Movement.EndValue, 15360},
			{"movement", f.Movement.InvestmentGain, 360},
			{"net flows", f.Movement.NetFlows, 5000},
			// The IRR is the rate whose XNPV is zero: check the definition, not a copy of the solver.
			{"irr xnpv", calc.XNPV(math.Pow(1+f.IRR.Return, 365.0/3)-1, []calc.CashFlow{
				{Date: day("2024-01-02"), Amount: -10000}, {Date: day("2024-01-04"), Amount: -5000}, {Date: day("2024-01-05"), Amount: 15360}}), 0},
		}
		for _, c := range checks {
			if math.Abs(c.got-c.want) > 1e-6 {
				t.Errorf("%s = %.10f, want %.10f", c.name, c.got, c.want)
			}
		}
		wantValues := []float64{10000, 10800, 15800, 15360}
		for i, w := range wantValues {
			if math.Abs(v.Accounts[1].Values[i]-w) > 1e-6 {
				t.Errorf("value on day %d = %.6f, want %.0f", i, v.Accounts[1].Values[i], w)
			}
		}
	})
}

// Ada's own accounts grouped by portfolio then account. Her single portfolio (accounts 1 and
// 2) comes first (own single, sort order 0), then the joint one (own joint, 1).
//
// Portfolio 1 over 2–5 January 2024 in GBP: account 2 holds 10 Gamma at 100 USD with GBP/USD
// 1.25, so 800 GBP every day. Sums: 10,800, 11,600, 16,600 (with the 5,000 deposit), 16,160.
// TWRR = 11,600/10,800 × (16,600 − 5,000)/11,600 × 16,160/16,600 − 1 = 0.0456046… (4.56%),
// not the sum or average of the accounts' returns (4.99% and 0%).
func TestProfitAnalysisGroupingTotals(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		env := newTestEnv(t, db)
		ans := env.getJSON(t, "ada", "portfolio/profit_analysis/detail", q(
			"start_date", "2024-01-02", "end_date", "2024-01-05", "grouping", "portfolio,account"))
		portfolios := list(t, ans["portfolios"])
		if len(portfolios) != 2 {
			t.Fatalf("portfolios: %v", portfolios)
		}
		p1, p2 := obj(t, portfolios[0]), obj(t, portfolios[1])
		if p1["portfolioid"] != float64(1) || p1["sortOrder"] != float64(0) || p2["portfolioid"] != float64(2) || p2["sortOrder"] != float64(1) {
			t.Fatalf("portfolio order: %v then %v", p1["portfolioid"], p2["portfolioid"])
		}
		if typedVal(t, p1["twrr"]) != "4.56" || typedVal(t, p1["value"]) != "16160.00" || typedVal(t, p1["value_start"]) != "10800.00" {
			t.Fatalf("portfolio 1: twrr %v value %v start %v", p1["twrr"], p1["value"], p1["value_start"])
		}
		accts := list(t, p1["accounts"])
		if len(accts) != 2 || obj(t, accts[0])["accountid"] != float64(1) || obj(t, accts[1])["accountid"] != float64(2) {
			t.Fatalf("portfolio 1 accounts: %v", accts)
		}
		if typedVal(t, obj(t, accts[1])["value"]) != "800.00" || typedVal(t, obj(t, accts[1])["twrr"]) != "0.00" {
			t.Fatalf("account 2: %v", accts[1])
		}
		// The joint account opens on 1 February: inside this range it holds nothing.
		joint := obj(t, list(t, p2["accounts"])[0])
		if joint["twrr"] != nil || joint["twrr_reason"] != reasonNoData || typedVal(t, joint["value"]) != "0.00" {
			t.Fatalf("joint account before it opened: %v", joint)
		}
		total := obj(t, ans["total"])
		if typedVal(t, total["value"]) != "16160.00" || typedVal(t, total["twrr"]) != "4.56" || total["accounts_count"] != float64(3) {
			t.Fatalf("total: %v", total)
		}

		// Over a longer range every level adds up: the total is the sum of its portfolios and each
		// portfolio the sum of its accounts (to the cent, as each is rounded on its own).
		ans = env.getJSON(t, "ada", "portfolio/profit_analysis/detail", q(
			"start_date", "2024-01-02", "end_date", "2024-12-31", "grouping", "portfolio,account"))
		total = obj(t, ans["total"])
		for _, key := range []string{"value_start", "value", "net_contributions", "income", "movement"} {
			sumPortfolios := 0.0
			for _, p := range list(t, ans["portfolios"]) {
				pf := obj(t, p)
				sumAccounts := 0.0
				for _, a := range list(t, pf["accounts"]) {
					sumAccounts += amount(t, obj(t, a)[key])
				}
				if math.Abs(sumAccounts-amount(t, pf[key])) > 0.011 {
					t.Errorf("portfolio %v %s: accounts add to %.2f, portfolio says %.2f", pf["portfolioid"], key, sumAccounts, amount(t, pf[key]))
				}
				sumPortfolios += amount(t, pf[key])
			}
			if math.Abs(sumPortfolios-amount(t, total[key])) > 0.021 {
				t.Errorf("total %s: portfolios add to %.2f, total says %.2f", key, sumPortfolios, amount(t, total[key]))
			}
		}
		// The joint account's dividend is the only income: 200.
		if typedVal(t, total["income"]) != "200.00" {
			t.Errorf("income = %v", total["income"])
		}

		// Without grouping only the total is answered.
		ans = env.getJSON(t, "ada", "portfolio/profit_analysis/detail", q("start_date", "2024-01-02", "end_date", "2024-01-05"))
		if _, ok := ans["portfolios"]; ok || ans["grouping"] != "all" || typedVal(t, obj(t, ans["total"])["twrr"]) != "4.56" {
			t.Fatalf("no grouping: %v", ans)
		}
		ans = env.getJSON(t, "ada", "portfolio/profit_analysis/detail", q("start_date", "2024-01-02", "end_date", "2024-01-05", "grouping", "portfolio"))
		if p := obj(t, list(t, ans["portfolios"])[0]); p["accounts"] != nil || p["accounts_count"] != float64(2) {
			t.Fatalf("portfolio grouping: %v", p)
		}
	})
}

func amount(t *testing.T, v any) float64 {
	t.Helper()
	s := typedVal(t, v)
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatalf("amount %q: %v", s, err)
	}
	return f
}

// The US dollar account: 1,000 USD deposited and spent on 10 Gamma at 100 on 2 January 2024;
// Gamma is 110 from 1 March, when GBP/USD moves from 1.25 to 1.30.
//
//	in USD: 1,000 → 1,100, TWRR 10.00%
//	in GBP: 1,000/1.25 = 800 → 1,100/1.30 = 846.153846…, TWRR 846.153846/800 − 1 = 5.77%
func TestProfitAnalysisCurrencyConversion(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		env := newTestEnv(t, db)
		cases := []struct {
			currency, start, end, twrr string
		}{
			{"GBP", "800.00", "846.15", "5.77"},
			{"USD", "1000.00", "1100.00", "10.00"},
		}
		for _, c := range cases {
			ans := env.getJSON(t, "ada", "portfolio/profit_analysis/detail", q(
				"accountid", "2", "start_date", "2024-01-02", "end_date", "2024-03-01", "report_currency", c.currency))
			total := obj(t, ans["total"])
			if typedVal(t, total["value_start"]) != c.start || typedVal(t, total["value"]) != c.end ||
				typedVal(t, total["twrr"]) != c.twrr || currencyOf(t, total["value"]) != c.currency || ans["report_currency"] != c.currency {
				t.Errorf("%s: start %v end %v twrr %v", c.currency, total["value_start"], total["value"], total["twrr"])
			}
		}
	})
}

// Cy's euro account has no GBP/EUR rate: its row and every level containing it say
// "Conversion rate unavailable"; his sterling account is still answered.
func TestProfitAnalysisMissingRate(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		env := newTestEnv(t, db)
		ans := env.getJSON(t, "alex", "portfolio/profit_analysis/detail", q(
			"entityid", "12", "start_date", "2024-01-02", "end_date", "2024-06-28", "grouping", "portfolio,account"))
		pf := obj(t, list(t, ans["portfolios"])[0])
		rows := map[float64]map[string]any{}
		for _, a := range list(t, pf["accounts"]) {
			rows[obj(t, a)["accountid"].(float64)] = obj(t, a)
		}
		if rows[6]["error"] != ConversionUnavailableMessage || rows[6]["value"] != nil || rows[6]["twrr"] != nil {
			t.Fatalf("euro account: %v", rows[6])
		}
		if rows[5]["error"] != nil || typedVal(t, rows[5]["value"]) != "1000.00" {
			t.Fatalf("sterling account: %v", rows[5])
		}
		for name, level := range map[string]map[string]any{"portfolio": pf, "total": obj(t, ans["total"])} {
			if level["error"] != ConversionUnavailableMessage || level["value"] != nil {
				t.Errorf("%s: %v", name, level)
			}
		}
		// Reported in euros the account is valued: 50 Delta at 20 EUR.
		ans = env.getJSON(t, "alex", "portfolio/profit_analysis/detail", q(
			"accountid", "6", "start_date", "2024-01-02", "end_date", "2024-06-28", "report_currency", "EUR"))
		if total := obj(t, ans["total"]); typedVal(t, total["value"]) != "1000.00" || currencyOf(t, total["value"]) != "EUR" {
			t.Fatalf("in EUR: %v", total)
		}
	})
}

// Dee's holding goes to zero on 3 June 2024. TWRR is −100%. The investor's cash flows are
// the 5,000 start value paid in and a zero value at the end: nothing came back, a total loss,
// so the IRR is −100% too. (Before issue 11 the IRR was null with a reason saying no rate
// zeroes the NPV: true of rates above −100%, but the return is not unknown, it is a total loss.)
func TestProfitAnalysisIRRDoesNotConverge(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		env := newTestEnv(t, db)
		ans := env.getJSON(t, "blair", "portfolio/profit_analysis/detail", q(
			"entityid", "13", "start_date", "2024-01-02", "end_date", "2024-07-01", "grouping", "account"))
		row := obj(t, list(t, ans["accounts"])[0])
		if typedVal(t, row["irr"]) != "-100.00" || typedVal(t, row["irr_annualised"]) != "-100.00" || row["irr_reason"] != nil {
			t.Fatalf("irr: %v %v %v", row["irr"], row["irr_annualised"], row["irr_reason"])
		}
		if typedVal(t, row["twrr"]) != "-100.00" || typedVal(t, row["value"]) != "0.00" || typedVal(t, row["movement"]) != "-5000.00" {
			t.Fatalf("twrr %v value %v movement %v", row["twrr"], row["value"], row["movement"])
		}
		// include_irr=0 leaves the IRR out altogether.
		ans = env.getJSON(t, "blair", "portfolio/profit_analysis/detail", q(
			"entityid", "13", "start_date", "2024-01-02", "end_date", "2024-07-01", "include_irr", "0"))
		total := obj(t, ans["total"])
		if _, ok := total["irr"]; ok {
			t.Fatalf("irr answered though not asked: %v", total)
		}
		if _, ok := total["irr_reason"]; ok {
			t.Fatalf("irr reason answered though not asked: %v", total)
		}
	})
}

// Hold-back (spec 2 §5, §9): with a hold-back period the last day with data is yesterday, so an
// end of today becomes yesterday; without one it is today. Today is 2025-07-01.
func TestProfitAnalysisHoldBack(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		env := newTestEnv(t, db)
		cases := []struct {
			name     string
			params   []string
			wantEnd  string
			wantHold bool
		}{
			{"end today, no hold-back", []string{"end_date", "2025-07-01"}, "2025-07-01", false},
			{"end today, hold-back flag", []string{"end_date", "2025-07-01", "hold_back_period", "1"}, "2025-06-30", true},
			{"end today, hold-back in days", []string{"end_date", "2025-07-01", "hold_back_period", "3"}, "2025-06-30", true},
			{"no end, hold-back", []string{"hold_back_period", "true"}, "2025-06-30", true},
			{"no end, no hold-back", []string{"hold_back_period", "0"}, "2025-07-01", false},
			{"end in the future", []string{"end_date", "2026-01-01"}, "2025-07-01", false},
			{"end in the past, hold-back", []string{"end_date", "2025-03-31", "hold_back_period", "1"}, "2025-03-31", true},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				ans := env.getJSON(t, "ada", "portfolio/profit_analysis/detail", q(append([]string{"accountid", "1"}, c.params...)...))
				if got := typedVal(t, ans["end_date"]); got != c.wantEnd || ans["hold_back_period"] != c.wantHold {
					t.Fatalf("end %s hold %v, want %s %v", got, ans["hold_back_period"], c.wantEnd, c.wantHold)
				}
				// The value is the close of the end date: Alpha on that day plus 7,000 cash.
				want := 100*sec1Close(lastWeekday(day(c.wantEnd))) + 7000
				if got := amount(t, obj(t, ans["total"])["value"]); math.Abs(got-want) > 0.005 {
					t.Fatalf("value %.2f, want %.2f", got, want)
				}
			})
		}
	})
}

// A start before the opening date is refused (spec 2 §8); a missing start that would fall
// before it starts at the opening date instead.
func TestProfitAnalysisBeforeInception(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		env := newTestEnv(t, db)
		wantBody := `{"user_message":"` + BeforeInceptionMessage + `","api_message":"` + BeforeInceptionMessage + `"}`
		for _, params := range [][]string{
			{"accountid", "1", "start_date", "2024-01-01", "end_date", "2024-06-30"},
			// The joint account opened on 1 February; the selection's opening is its own.
			{"accountid", "3", "start_date", "2024-01-31"},
			// Ada's accounts together open on 2 January 2024.
			{"start_date", "2023-12-31", "grouping", "account"},
		} {
			rec := env.get(t, "ada", "portfolio/profit_analysis/detail", q(params...))
			if rec.Code != http.StatusBadRequest || rec.Body.String() != wantBody {
				t.Errorf("%v: %d %s", params, rec.Code, rec.Body.String())
			}
		}
		ans := env.getJSON(t, "ada", "portfolio/profit_analysis/detail", q("accountid", "3", "start_date", "2024-02-01", "end_date", "2024-06-30"))
		if typedVal(t, ans["start_date"]) != "2024-02-01" {
			t.Fatalf("start on the opening date: %v", ans["start_date"])
		}
		ans = env.getJSON(t, "ada", "portfolio/profit_analysis/detail", q("accountid", "3", "end_date", "2024-06-30"))
		if typedVal(t, ans["start_date"]) != "2024-02-01" {
			t.Fatalf("default start moved to the opening date: %v", ans["start_date"])
		}
		ans = env.getJSON(t, "ada", "portfolio/profit_analysis/detail", q("accountid", "1", "end_date", "2025-06-30"))
		if typedVal(t, ans["start_date"]) != "2024-06-30" {
			t.Fatalf("default start one year before the end: %v", ans["start_date"])
		}
	})
}

// The fee basis (fees_and_taxes): the joint account pays a 10 dealing fee and a 50 management
// fee. After fees they lower the return; before fees they are treated as paid from outside.
func TestProfitAnalysisFeeBasis(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		env := newTestEnv(t, db)
		twrr := func(basis string) float64 {
			ans := env.getJSON(t, "ada", "portfolio/profit_analysis/detail", q(
				"accountid", "3", "start_date", "2024-02-01", "end_date", "2024-06-28", "fees_and_taxes", basis))
			return amount(t, obj(t, ans["total"])["twrr"])
		}
		after, before, afterFees := twrr("1"), twrr("0"), twrr("2")
		if !(before > after) || afterFees != after {
			t.Fatalf("before fees %.2f, after %.2f, after fees before taxes %.2f", before, after, afterFees)
		}
	})
}

func TestProfitAnalysisGroupRoute(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		env := newTestEnv(t, db)
		ans := env.getJSON(t, "ada", "portfolio/group/account/code/ADAGRP/profit_analysis/detail", q(
			"start_date", "2024-01-02", "end_date", "2024-01-05", "grouping", "account"))
		accts := list(t, ans["accounts"])
		if ans["group_code"] != "ADAGRP" || ans["group_name"] != "Ada long term" || len(accts) != 2 {
			t.Fatalf("group: %v", ans)
		}
		// Account 3 is empty until February, so the group's figures are account 1's.
		if typedVal(t, obj(t, ans["total"])["twrr"]) != "4.99" {
			t.Fatalf("group total: %v", ans["total"])
		}
		// The adviser finds the group among their clients without naming the client.
		ans = env.getJSON(t, "alex", "portfolio/group/account/code/ADAGRP/profit_analysis/detail", q("start_date", "2024-01-02", "end_date", "2024-01-05"))
		if typedVal(t, obj(t, ans["total"])["value"]) != "15360.00" {
			t.Fatalf("adviser group total: %v", ans["total"])
		}
	})
}

func TestProfitAnalysisFieldSelection(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		env := newTestEnv(t, db)
		ans := env.getJSON(t, "ada", "portfolio/profit_analysis/detail", q(
			"accountid", "1", "start_date", "2024-01-02", "end_date", "2024-01-05", "grouping", "account",
			"fields.0", "value", "fields.1", "twrr"))
		row := obj(t, list(t, ans["accounts"])[0])
		if row["accountid"] != float64(1) || row["value"] == nil || row["twrr"] == nil {
			t.Fatalf("selected fields missing: %v", row)
		}
		for _, k := range []string{"movement", "irr", "income", "value_start"} {
			if _, ok := row[k]; ok {
				t.Errorf("%s answered though not selected", k)
			}
		}
	})
}

func TestProfitAnalysisBadRequests(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		env := newTestEnv(t, db)
		cases := []struct {
			user   string
			params []string
			want   string
		}{
			{"ada", []string{"start_date", "01/02/2024"}, "Invalid start_date: not a date in the form YYYY-MM-DD"},
			{"ada", []string{"start_date", "2024-06-01", "end_date", "2024-05-01"}, calc.ErrEndBeforeStart.Error()},
			{"ada", []string{"grouping", "security"}, "grouping must be"},
			{"ada", []string{"fees_and_taxes", "5"}, "fees_and_taxes must be"},
			{"ada", []string{"include_twrr", "maybe"}, "Invalid include_twrr"},
			{"ada", []string{"from_pricing_type", "bid"}, "from_pricing_type must be close, delayed or live"},
			{"ada", []string{"report_currency", "pounds"}, "report_currency must be a three-letter currency code"},
			{"ada", []string{"accountid", "x"}, "Invalid accountid"},
			{"alex", nil, "entityid or accountid is required"},
		}
		for _, c := range cases {
			rec := env.get(t, c.user, "portfolio/profit_analysis/detail", q(c.params...))
			if rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), c.want) {
				t.Errorf("%v: %d %s", c.params, rec.Code, rec.Body.String())
			}
		}
	})
}

// The ordering and visibility of spec 2 §9 from Ada's point of view once she may see her
// partner's data: own single, own joint, then Bob's single portfolio (partner single, sort
// order 4, so linked).
func TestProfitAnalysisOrderWithPartner(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		env := newTestEnv(t, db)
		exec(t, env.db, `INSERT INTO capability_grant (firm_id, role_name, entity_id, capability, enabled) VALUES (1, 'ClientUser', 10, ?, 1)`, access.ViewPartner)
		ans := env.getJSON(t, "ada", "portfolio/profit_analysis/detail", q(
			"accountid", "4", "accountid", "3", "accountid", "2", "accountid", "1", "grouping", "account", "end_date", "2024-06-28"))
		var got []string
		for _, a := range list(t, ans["accounts"]) {
			row := obj(t, a)
			got = append(got, fmt.Sprintf("%v/%v/%v/%v", row["accountid"], row["sortOrder"], row["reason_for_visibility"], row["isLinked"]))
		}
		want := "1/0/single_owner/false 2/0/single_owner/false 3/1/primary_joint_owner/false 4/4/single_owner/true"
		if strings.Join(got, " ") != want {
			t.Fatalf("order %s, want %s", strings.Join(got, " "), want)
		}
		// Bob's shares are priced in pence: 1,000 Epsilon at 275p on 1 April 2024 = 2,750 + 2,500 cash.
		ans = env.getJSON(t, "bob", "portfolio/profit_analysis/detail", q("accountid", "4", "start_date", "2024-03-01", "end_date", "2024-04-01"))
		if typedVal(t, obj(t, ans["total"])["value"]) != "5250.00" || typedVal(t, obj(t, ans["total"])["twrr"]) != "5.00" {
			t.Fatalf("GBX holding: %v", ans["total"])
		}
	})
}

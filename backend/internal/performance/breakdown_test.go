package performance

import (
	"math"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

const breakdownPath = "portfolio/profit_analysis/breakdown"

// cents reads a 2-decimal amount ("-1234.50") as whole pennies, so sums are exact.
func cents(t testing.TB, s string) int64 {
	t.Helper()
	whole, frac, ok := strings.Cut(s, ".")
	if !ok || len(frac) != 2 {
		t.Fatalf("not a 2-decimal amount: %q", s)
	}
	neg := strings.HasPrefix(whole, "-")
	n, err := strconv.ParseInt(strings.TrimPrefix(whole, "-")+frac, 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	if neg {
		return -n
	}
	return n
}

func decimal(t testing.TB, s string) float64 {
	t.Helper()
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// checkBreakdown holds a breakdown answer to its two promises: opening + contributions +
// withdrawals + growth = closing to the penny, and the listed sub-period returns chain-link
// (∏(1 + r) − 1) to the TWRR shown, to its 2 decimals. It also checks that the links follow
// one another and returns them.
func checkBreakdown(t testing.TB, ans map[string]any) []any {
	t.Helper()
	total := obj(t, ans["total"])
	open, in, out := cents(t, typedVal(t, total["value_start"])), cents(t, typedVal(t, total["contributions"])), cents(t, typedVal(t, total["withdrawals"]))
	grow, closing := cents(t, typedVal(t, total["growth"])), cents(t, typedVal(t, total["value"]))
	if open+in+out+grow != closing {
		t.Errorf("%d + %d + %d + %d != %d pennies", open, in, out, grow, closing)
	}
	links := list(t, ans["subperiods"])
	if len(links) == 0 {
		t.Fatalf("no sub-periods: %v", ans)
	}
	product := 1.0
	prevEnd, prevValue := typedVal(t, total["twrr_start_date"]), ""
	for i, l := range links {
		row := obj(t, l)
		if start := typedVal(t, row["start_date"]); start != prevEnd {
			t.Fatalf("link %d starts %s, the previous ended %s", i, start, prevEnd)
		}
		if prevValue != "" && typedVal(t, row["value_start"]) != prevValue {
			t.Fatalf("link %d starts at %s, the previous ended at %s", i, typedVal(t, row["value_start"]), prevValue)
		}
		prevEnd, prevValue = typedVal(t, row["end_date"]), typedVal(t, row["value"])
		product *= 1 + decimal(t, typedVal(t, row["return"]))/100
		if got, want := decimal(t, typedVal(t, row["cumulative_return"])), (product-1)*100; math.Abs(got-want) > 1e-6 {
			t.Fatalf("link %d: cumulative %g, chain-linked %g", i, got, want)
		}
	}
	if prevEnd != typedVal(t, ans["end_date"]) {
		t.Errorf("last link ends %s, the period %s", prevEnd, typedVal(t, ans["end_date"]))
	}
	twrr := decimal(t, typedVal(t, total["twrr"]))
	// Half a unit of the TWRR's last decimal, plus the float residue of the product.
	if chained := (product - 1) * 100; math.Abs(chained-twrr) > 0.005+1e-9 {
		t.Errorf("∏(1 + r) − 1 = %.6f%%, TWRR %.2f%%", chained, twrr)
	}
	return links
}

// The hand-worked account (profit_analysis_test.go), 2 to 5 January 2024, one deposit:
//
//	link    start    flow    end      return                                   cumulative
//	2→3 Jan 10,000       0   10,800   10,800/10,000 − 1 = 8%                   8%
//	3→4 Jan 10,800   5,000   15,800   15,800/(10,800 + 5,000) − 1 = 0%         1.08 × 1 − 1 = 8%
//	4→5 Jan 15,800       0   15,360   15,360/15,800 − 1 = −2.7848101265822…%    1.08 × 0.97215189873417… − 1 = 4.9924050632911…%
//
// Figures: opening 10,000 + contributions 5,000 + withdrawals 0 + growth 360 = closing 15,360;
// TWRR 4.99%, IRR 3.09% (worked in profit_analysis_test.go).
func TestBreakdownHandWorkedAccount(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		env := newTestEnv(t, db)
		ans := env.getJSON(t, "ada", breakdownPath, q("accountid", "1", "start_date", "2024-01-02", "end_date", "2024-01-05"))
		if typedVal(t, ans["start_date"]) != "2024-01-02" || typedVal(t, ans["end_date"]) != "2024-01-05" || ans["report_currency"] != "GBP" {
			t.Fatalf("range: %v", ans)
		}
		total := obj(t, ans["total"])
		want := map[string]string{
			"value_start": "10000.00", "contributions": "5000.00", "withdrawals": "0.00", "income": "0.00", "growth": "360.00",
			"value": "15360.00", "twrr": "4.99", "twrr_start_date": "2024-01-02", "irr": "3.09",
		}
		for k, w := range want {
			if got := typedVal(t, total[k]); got != w {
				t.Errorf("%s = %s, want %s", k, got, w)
			}
		}
		links := checkBreakdown(t, ans)
		wantLinks := [][7]string{
			{"2024-01-02", "2024-01-03", "10000.00", "0.00", "10800.00", "8.0000000000", "8.0000000000"},
			{"2024-01-03", "2024-01-04", "10800.00", "5000.00", "15800.00", "0.0000000000", "8.0000000000"},
			{"2024-01-04", "2024-01-05", "15800.00", "0.00", "15360.00", "-2.7848101266", "4.9924050633"},
		}
		if len(links) != len(wantLinks) {
			t.Fatalf("links: %v", links)
		}
		keys := []string{"start_date", "end_date", "value_start", "flow", "value", "return", "cumulative_return"}
		for i, w := range wantLinks {
			row := obj(t, links[i])
			for j, k := range keys {
				if got := typedVal(t, row[k]); got != w[j] {
					t.Errorf("link %d %s = %s, want %s", i, k, got, w[j])
				}
			}
		}
	})
}

// The breakdown is the profit analysis's own figures: every figure of detail's total is the
// same for the same selection, and the identity and chain-link hold, over selections with
// income, a fee, a withdrawal, a sale, FX, a late-funded account, groups and fee bases.
func TestBreakdownAgreesWithProfitAnalysis(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		env := newTestEnv(t, db)
		cases := []struct {
			name, user, group string
			params            []string
		}{
			{"ada, every account since inception", "ada", "", []string{"start_date", "2024-01-02", "end_date", "2025-06-30"}},
			{"joint account: income, fee, withdrawal, sale", "ada", "", []string{"accountid", "3", "start_date", "2024-02-01"}},
			{"before fees and taxes", "ada", "", []string{"accountid", "3", "start_date", "2024-02-01", "fees_and_taxes", "0"}},
			{"US dollar account in GBP", "ada", "", []string{"accountid", "2", "start_date", "2024-01-02"}},
			{"default year, adviser with client in context", "alex", "", []string{"entityid", "10"}},
			{"group", "ada", "ADAGRP", []string{"start_date", "2024-01-02"}},
			{"account funded after its opening", "cy", "", []string{"accountid", "5", "start_date", "2024-01-02"}},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				detail, breakdown := "portfolio/profit_analysis/detail", breakdownPath
				if c.group != "" {
					detail = "portfolio/group/account/code/" + c.group + "/profit_analysis/detail"
					breakdown = "portfolio/group/account/code/" + c.group + "/profit_analysis/breakdown"
				}
				want := obj(t, env.getJSON(t, c.user, detail, q(c.params...))["total"])
				ans := env.getJSON(t, c.user, breakdown, q(c.params...))
				got := obj(t, ans["total"])
				for _, k := range figureKeys {
					if want[k] == nil || got[k] == nil {
						if want[k] != got[k] {
							t.Errorf("%s: detail %v, breakdown %v", k, want[k], got[k])
						}
						continue
					}
					if k == "twrr_reason" || k == "irr_reason" {
						continue
					}
					if typedVal(t, got[k]) != typedVal(t, want[k]) {
						t.Errorf("%s: detail %s, breakdown %s", k, typedVal(t, want[k]), typedVal(t, got[k]))
					}
				}
				links := checkBreakdown(t, ans)
				// Growth is the movement to within the penny the identity may need.
				if d := cents(t, typedVal(t, got["growth"])) - cents(t, typedVal(t, got["movement"])); d < -1 || d > 1 {
					t.Errorf("growth %s, movement %s", typedVal(t, got["growth"]), typedVal(t, got["movement"]))
				}
				// One link per day of the chain.
				from, to := day(typedVal(t, got["twrr_start_date"])), day(typedVal(t, ans["end_date"]))
				if days := int(to.Sub(from).Hours() / 24); len(links) != days {
					t.Errorf("%d links over %d days", len(links), days)
				}
			})
		}
	})
}

// The golden cases of testdata/returns.json, through breakdownOf: the identity holds to the
// penny and the links chain-link to the TWRR the profit analysis measures, to the bit.
func TestBreakdownGoldenCases(t *testing.T) {
	for _, c := range goldenCases(t) {
		t.Run(c.Name, func(t *testing.T) {
			v := c.Valuation
			b := breakdownOf(v, v.Combine([]int64{1}))
			if b.Figures.Err != nil || b.Figures.TWRR == nil || len(b.Links) == 0 {
				t.Fatalf("breakdown %+v", b)
			}
			m := b.Figures.Movement
			pennies := func(x float64) int64 { return int64(math.Round(x * 100)) }
			if pennies(m.StartValue)+pennies(m.Contributions)+pennies(m.Withdrawals)+pennies(growth(m)) != pennies(m.EndValue) {
				t.Errorf("%.2f + %.2f + %.2f + %.2f != %.2f", m.StartValue, m.Contributions, m.Withdrawals, growth(m), m.EndValue)
			}
			if want, ok := c.Want["movement"]; ok && math.Abs(growth(m)-want) > 0.01 {
				t.Errorf("growth %.2f, movement worked by hand %.6f", growth(m), want)
			}
			product := 1.0
			for _, l := range b.Links {
				product *= 1 + l.Return
			}
			if last := b.Links[len(b.Links)-1].Cumulative; last != b.Figures.TWRR.Return || math.Abs(product-1-b.Figures.TWRR.Return) > 1e-12 {
				t.Errorf("chain %.15g, last link %.15g, TWRR %.15g", product-1, last, b.Figures.TWRR.Return)
			}
		})
	}
}

// The breakdown is authorised as the profit analysis is: another adviser's client, another
// client's account or group, answer exactly like a missing one.
func TestBreakdownForeignSelectionsAnswerLikeMissingOnes(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		env := newTestEnv(t, db)
		groupPath := func(code string) string { return "portfolio/group/account/code/" + code + "/profit_analysis/breakdown" }
		missing := env.get(t, "ada", breakdownPath, q("accountid", "99999"))
		if missing.Code != http.StatusNotFound {
			t.Fatalf("missing account: %d %s", missing.Code, missing.Body.String())
		}
		wantBody := missing.Body.String()
		cases := []struct {
			name, user, path string
			params           []string
		}{
			{"missing group", "ada", groupPath("NOPE"), nil},
			{"another adviser's client as entityid", "blair", breakdownPath, []string{"entityid", "10"}},
			{"another adviser's client's account", "blair", breakdownPath, []string{"accountid", "1"}},
			{"another adviser's client's group", "blair", groupPath("ADAGRP"), []string{"entityid", "10"}},
			{"another client's account", "ada", breakdownPath, []string{"accountid", "5"}},
			{"another client's group", "ada", groupPath("CYGRP"), nil},
			{"another firm's adviser", "eli", breakdownPath, []string{"entityid", "10"}},
		}
		for _, c := range cases {
			rec := env.get(t, c.user, c.path, q(c.params...))
			if rec.Code != http.StatusNotFound || rec.Body.String() != wantBody {
				t.Errorf("%s: %d %s, want 404 %s", c.name, rec.Code, rec.Body.String(), wantBody)
			}
		}
		// Their own adviser reads it.
		if rec := env.get(t, "alex", breakdownPath, q("entityid", "10", "start_date", "2024-03-01")); rec.Code != http.StatusOK {
			t.Errorf("adviser's client: %d %s", rec.Code, rec.Body.String())
		}
	})
}

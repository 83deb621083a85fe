package performance

import (
	"encoding/json"
	"math"
	"os"
	"strconv"
	"testing"

	"wealthportal/backend/internal/calc"
	"wealthportal/backend/internal/ledger"
)

// TestGoldenReturns values each case of testdata/returns.json with package ledger and measures
// it as profit_analysis/detail does (measure), against figures worked by hand in the case's
// "worked" lines (issue 11 §1): a cash-security deposit, in-specie transfers priced away from
// the close, a total loss, a one-day period, a weekend flow, an FX-converted holding and a
// mid-period contribution.
func TestGoldenReturns(t *testing.T) {
	for _, c := range goldenCases(t) {
		t.Run(c.Name, func(t *testing.T) {
			v := c.Valuation
			f := measure(v, v.Combine([]int64{1}), true, true)
			if f.Err != nil || f.TWRR == nil || f.IRR == nil {
				t.Fatalf("figures %+v, twrr error %v, irr error %v", f, f.TWRRErr, f.IRRErr)
			}
			got := map[string]float64{
				"value_start": f.Movement.StartValue, "value": f.Movement.EndValue, "contributions": f.Movement.Contributions,
				"withdrawals": f.Movement.Withdrawals, "movement": f.Movement.InvestmentGain, "twrr": f.TWRR.Return, "irr": f.IRR.Return,
			}
			for k, want := range c.Want {
				tol := 1e-6 // money, to a millionth
				if k == "twrr" || k == "irr" {
					tol = 1e-9
				}
				if g, ok := got[k]; !ok || math.Abs(g-want) > tol {
					t.Errorf("%s = %.15g, want %.15g", k, g, want)
				}
			}
		})
	}
}

// goldenCase is a case of testdata/returns.json valued with package ledger (account 1).
type goldenCase struct {
	Name      string
	Valuation ledger.Valuation
	Want      map[string]float64
}

// goldenCases reads testdata/returns.json and values each case.
func goldenCases(t *testing.T) []goldenCase {
	t.Helper()
	data, err := os.ReadFile("testdata/returns.json")
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Cases []struct {
			Name, Currency string
			Range          [2]string
			Securities     []struct {
				ID             int64
				Code, Currency string
				AssetClass     string `json:"asset_class"`
			}
			Closes map[string][][2]any
			Rates  [][4]any
			Txns   []struct {
				Date, Kind, Currency           string
				Security                       int64
				Volume, Price, Gross, Net, Fee float64
			}
			Want map[string]float64
		}
	}
	if err := json.Unmarshal(data, &file); err != nil {
		t.Fatal(err)
	}
	var out []goldenCase
	for _, c := range file.Cases {
		in := ledger.Input{Range: calc.DateRange{Start: day(c.Range[0]), End: day(c.Range[1])}, Currency: c.Currency,
			Accounts: []int64{1}, Market: ledger.Market{Securities: map[int64]ledger.Security{}, Closes: map[int64][]ledger.Close{}}}
		for _, s := range c.Securities {
			in.Market.Securities[s.ID] = ledger.Security{ID: s.ID, Code: s.Code, Description: s.Code, Currency: s.Currency, AssetClassCode: s.AssetClass}
		}
		for id, closes := range c.Closes {
			n, _ := strconv.ParseInt(id, 10, 64)
			for _, cl := range closes {
				in.Market.Closes[n] = append(in.Market.Closes[n], ledger.Close{Date: day(cl[0].(string)), Price: cl[1].(float64)})
			}
		}
		var rates []calc.Rate
		for _, r := range c.Rates {
			rates = append(rates, calc.Rate{From: r[0].(string), To: r[1].(string), Date: day(r[2].(string)), Rate: r[3].(float64)})
		}
		if in.Market.Rates, err = calc.NewRateTable(rates); err != nil {
			t.Fatal(err)
		}
		for i, tx := range c.Txns {
			in.Txns = append(in.Txns, ledger.Txn{ID: int64(i + 1), AccountID: 1, SecurityID: tx.Security, Kind: tx.Kind,
				TradeDate: day(tx.Date), Volume: tx.Volume, PricePerUnit: tx.Price, GrossAmount: tx.Gross, NetAmount: tx.Net,
				Fee: tx.Fee, Currency: tx.Currency})
		}
		out = append(out, goldenCase{Name: c.Name, Valuation: ledger.Value(in), Want: c.Want})
	}
	return out
}

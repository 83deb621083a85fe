package calc

import (
	"encoding/json"
	"errors"
	"math"
	"os"
	"testing"
	"time"
)

// goldenDay is a dated amount as the golden files write it: ["2024-01-01", 1000].
type goldenDay struct {
	Date   time.Time
	Amount float64
}

func (g *goldenDay) UnmarshalJSON(b []byte) error {
	var raw [2]json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil {
		return err
	}
	var s string
	if err := json.Unmarshal(raw[0], &s); err != nil {
		return err
	}
	d, err := ParseDate(s)
	if err != nil {
		return err
	}
	g.Date = d
	return json.Unmarshal(raw[1], &g.Amount)
}

// TestGoldenReturns checks the hand-worked and published cases of testdata/returns.json: each
// case's "worked" lines derive its "want" without this package (issue 11 §1).
func TestGoldenReturns(t *testing.T) {
	data, err := os.ReadFile("testdata/returns.json")
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Cases []struct {
			Name, Kind, From, To string
			Values, Flows        []goldenDay
			CashFlows            []goldenDay `json:"cash_flows"`
			Want                 float64
			WantError            string `json:"want_error"`
			Tolerance            *float64
		}
	}
	if err := json.Unmarshal(data, &file); err != nil {
		t.Fatal(err)
	}
	if len(file.Cases) < 10 {
		t.Fatalf("%d cases", len(file.Cases))
	}
	for _, c := range file.Cases {
		t.Run(c.Name, func(t *testing.T) {
			tol := 1e-12
			if c.Tolerance != nil {
				tol = *c.Tolerance
			}
			var got float64
			var err error
			switch c.Kind {
			case "twrr":
				var values []Point
				var flows []Flow
				for _, v := range c.Values {
					values = append(values, Point{v.Date, v.Amount})
				}
				for _, f := range c.Flows {
					flows = append(flows, Flow{f.Date, f.Amount})
				}
				from, _ := ParseDate(c.From)
				to, _ := ParseDate(c.To)
				var res TWRRResult
				res, err = TWRR(values, flows, from, to)
				got = res.Return
			case "xirr", "xirr_log":
				var cfs []CashFlow
				for _, f := range c.CashFlows {
					cfs = append(cfs, CashFlow{f.Date, f.Amount})
				}
				if c.Kind == "xirr" {
					got, err = XIRR(cfs)
				} else {
					got, err = XIRRLog(cfs)
				}
			default:
				t.Fatalf("unknown kind %q", c.Kind)
			}
			if c.WantError != "" {
				if err == nil || err.Error() != c.WantError || !errors.Is(err, ErrNotComputable) {
					t.Fatalf("got %v, %v; want the error %q", got, err, c.WantError)
				}
				return
			}
			if err != nil || math.Abs(got-c.Want) > tol {
				t.Fatalf("got %.15g, %v; want %.15g (±%g)", got, err, c.Want, tol)
			}
		})
	}
}

package ledger

import (
	"cmp"
	"math"
	"slices"
	"time"

	"wealthportal/backend/internal/calc"
)

// Costs says which costs are treated as money the investor paid from outside the account (the
// fees_and_taxes setting of spec 2 §5): such a cost is an outflow on its day, so the return is
// measured as if it had not been charged, and tax withheld from income counts as received.
type Costs struct {
	AddBackFees, AddBackTaxes bool
}

// Market is what positions are valued with.
type Market struct {
	// Securities holds every security the transactions name and the store's cash securities.
	Securities map[int64]Security
	// Closes are each security's closes in date order, from the last one on or before the
	// range start.
	Closes map[int64][]Close
	Rates  *calc.RateTable
}

// Input is everything one valuation run needs; LoadInput reads it with one query per table.
type Input struct {
	Range    calc.DateRange
	Currency string // the report currency
	Costs    Costs
	Accounts []int64
	// Txns are the accounts' transactions dated up to Range.End; those before the range build
	// the positions at its start. Within an account they are replayed in trade-date then id
	// order.
	Txns   []Txn
	Market Market
}

// Series is the daily story of one account or of a set of accounts over the range: index i is
// day Range.Start + i.
type Series struct {
	// Values are the closing values in the report currency.
	Values []float64
	// Flows are the net external flows of each day (contributions positive), each valued at
	// that day's close and rate. Index 0 is inside the start value, as calc treats a flow on
	// the start date.
	Flows []float64
	// Income is the income received each day, net of tax unless taxes are added back.
	Income []float64
	// Err is calc.ErrConversionRateUnavailable when a value or flow could not be converted.
	Err error
}

// Valuation is the result of a run: the days of the range and one series per account.
type Valuation struct {
	Range    calc.DateRange
	Currency string
	Dates    []time.Time
	Accounts map[int64]Series
}

// Value replays each account's transactions through a Book day by day and values its
// positions at every calendar day's close (the last close on or before the day, else the last
// trade price; cash at 1), converted at that day's rate (calc.RateTable). External flows are
// valued the same way on their day: cash at its amount, units moved in specie at the day's
// price of the position. It is a plain function of its input: no I/O and no clock.
func Value(in Input) Valuation {
	start, end := calc.ToDate(in.Range.Start), calc.ToDate(in.Range.End)
	n := max(calc.DaysBetween(start, end)+1, 0)
	v := Valuation{Range: calc.DateRange{Start: start, End: end}, Currency: in.Currency, Dates: make([]time.Time, n), Accounts: map[int64]Series{}}
	for i := range v.Dates {
		v.Dates[i] = start.AddDate(0, 0, i)
	}
	mkt := &dailyMarket{market: in.Market, report: in.Currency, dates: v.Dates, closes: map[int64][]float64{}, rates: map[string][]float64{}}
	byAccount := map[int64][]Txn{}
	for _, t := range in.Txns {
		byAccount[t.AccountID] = append(byAccount[t.AccountID], t)
	}
	cat := newCatalogue(in.Market.Securities)
	for _, id := range in.Accounts {
		txns := byAccount[id]
		slices.SortStableFunc(txns, func(a, b Txn) int {
			if c := a.TradeDate.Compare(b.TradeDate); c != 0 {
				return c
			}
			return cmp.Compare(a.ID, b.ID)
		})
		v.Accounts[id] = valueAccount(txns, newBook(cat), mkt, in.Costs)
	}
	return v
}

// dailyMarket holds closes and rates laid out per day of the range, worked out once per run so
// the daily loop is plain indexing.
type dailyMarket struct {
	market Market
	report string
	dates  []time.Time
	closes map[int64][]float64 // NaN before a security's first close
	rates  map[string][]float64
}

// close is the last close of security on or before day i (NaN when there is none).
func (d *dailyMarket) close(security int64, i int) float64 {
	col, ok := d.closes[security]
	if !ok {
		col = make([]float64, len(d.dates))
		closes := d.market.Closes[security]
		j, last := 0, math.NaN()
		for k, day := range d.dates {
			for j < len(closes) && !closes[j].Date.After(day) {
				last = closes[j].Price
				j++
			}
			col[k] = last
		}
		d.closes[security] = col
	}
	return col[i]
}

// rate converts one unit of currency into the report currency on day i (NaN when no rate).
func (d *dailyMarket) rate(currency string, i int) float64 {
	col, ok := d.rates[currency]
	if !ok {
		col = make([]float64, len(d.dates))
		for k, day := range d.dates {
			r, err := d.market.Rates.Rate(currency, d.report, day)
			if err != nil {
				r = math.NaN()
			}
			col[k] = r
		}
		d.rates[currency] = col
	}
	return col[i]
}

// price is what one unit of p is worth on day i in its security's currency (see unitPrice).
func (d *dailyMarket) price(p *Position, i int) (float64, bool) {
	close := math.NaN()
	if !p.cash {
		close = d.close(p.Security.ID, i)
	}
	return unitPrice(p, close)
}

// worth is the value of the book's positions on day i in the report currency; false when a
// rate is missing.
func (d *dailyMarket) worth(b *Book, i int) (float64, bool) {
	total := 0.0
	for _, p := range b.positions {
		if math.Abs(p.Volume) < UnitsEpsilon {
			continue
		}
		price, ok := d.price(p, i)
		if !ok {
			continue // never priced nor traded at a price: nothing to value it at
		}
		r := d.rate(p.Security.Currency, i)
		if math.IsNaN(r) {
			return 0, false
		}
		total += p.Volume * price * r
	}
	return total, true
}

// effect is a transaction's external flow and income on day i in the report currency; false
// when a rate is missing.
func (d *dailyMarket) effect(e Effect, costs Costs, i int) (flow, income float64, ok bool) {
	if e.Cash != 0 || e.Income != 0 {
		r := d.rate(e.Currency, i)
		if math.IsNaN(r) {
			return 0, 0, false
		}
		flow, income = e.Cash*r, e.Income*r
	}
	if e.Units != 0 {
		if price, priced := d.price(e.Position, i); priced {
			r := d.rate(e.Position.Security.Currency, i)
			if math.IsNaN(r) {
				return 0, 0, false
			}
			flow += e.Units * price * r
		}
	}
	var addBack, grossUp float64
	if costs.AddBackFees {
		addBack += e.Fee
	}
	if costs.AddBackTaxes {
		addBack += e.Tax
		grossUp = e.IncomeTax
	}
	if addBack != 0 || grossUp != 0 {
		r := d.rate(e.CostCurrency, i)
		if math.IsNaN(r) {
			return 0, 0, false
		}
		flow -= addBack * r
		income += grossUp * r
	}
	return flow, income, true
}

// valueAccount walks one account's transactions through the days of the range.
func valueAccount(txns []Txn, b *Book, mkt *dailyMarket, costs Costs) Series {
	n := len(mkt.dates)
	s := Series{Values: make([]float64, n), Flows: make([]float64, n), Income: make([]float64, n)}
	next := 0
	for i, day := range mkt.dates {
		for ; next < len(txns) && !txns[next].TradeDate.After(day); next++ {
			t := txns[next]
			e := b.Apply(t)
			if i == 0 && t.TradeDate.Before(day) {
				continue // history before the range only builds the opening positions
			}
			flow, income, ok := mkt.effect(e, costs, i)
			if !ok {
				return Series{Err: calc.ErrConversionRateUnavailable}
			}
			s.Flows[i] += flow
			s.Income[i] += income
		}
		total, ok := mkt.worth(b, i)
		if !ok {
			return Series{Err: calc.ErrConversionRateUnavailable}
		}
		s.Values[i] = total
	}
	return s
}

// Combine adds the series of several accounts day by day; the first error wins.
func (v Valuation) Combine(ids []int64) Series {
	n := len(v.Dates)
	out := Series{Values: make([]float64, n), Flows: make([]float64, n), Income: make([]float64, n)}
	for _, id := range ids {
		s := v.Accounts[id]
		if s.Err != nil {
			return Series{Err: s.Err}
		}
		for i := range n {
			out.Values[i] += s.Values[i]
			out.Flows[i] += s.Flows[i]
			out.Income[i] += s.Income[i]
		}
	}
	return out
}

// Points turns a series' values into calc points, one per day.
func (v Valuation) Points(s Series) []calc.Point {
	out := make([]calc.Point, len(s.Values))
	for i, x := range s.Values {
		out[i] = calc.Point{Date: v.Dates[i], Value: x}
	}
	return out
}

// Flows turns a series' daily flows into calc flows, leaving out empty days and the start day
// (whose flows are inside the start value).
func (v Valuation) Flows(s Series) []calc.Flow {
	var out []calc.Flow
	for i := 1; i < len(s.Flows); i++ {
		if s.Flows[i] != 0 {
			out = append(out, calc.Flow{Date: v.Dates[i], Amount: s.Flows[i]})
		}
	}
	return out
}

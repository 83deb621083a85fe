package ledger

import (
	"cmp"
	"math"
	"slices"
	"strings"
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

// Native is one account's days before any conversion: what its positions were worth and what
// crossed its boundary, in each currency involved, from From to To. It depends on the
// account's transactions, its securities and their closes, never on an exchange rate, so one
// Native serves every report currency and no published rate can make it stale. Days without
// a row are worth nothing and move nothing.
type Native struct {
	From, To time.Time
	// Values are in date then currency order: one per currency in which a position was valued.
	Values []NativeValue
	// Flows are in date then currency order: one per currency in which something crossed the
	// account boundary, came in as income or cost a fee or tax.
	Flows []NativeFlow
}

// NativeValue is what the positions held in one currency were worth at a day's close (units ×
// close, cash at 1). Its existence says the day needs that currency's rate.
type NativeValue struct {
	Date     time.Time
	Currency string
	Value    float64
}

// NativeFlow is a day's external flows in one currency (contributions positive: money at its
// amount, units in specie at the day's price), its income net of tax, and the fees, taxes and
// tax withheld from income that Costs may add back. Moved says a flow or income was booked, so
// the day needs the rate even when the amounts cancel.
type NativeFlow struct {
	Date                time.Time
	Currency            string
	Flow, Income        float64
	Moved               bool
	Fee, Tax, IncomeTax float64
}

// Value replays each account's transactions through a Book day by day and values its
// positions at every calendar day's close (the last close on or before the day, else the last
// trade price; cash at 1), converted at that day's rate (calc.RateTable). External flows are
// valued the same way on their day: cash at its amount, units moved in specie at the day's
// price of the position. It is a plain function of its input: no I/O and no clock.
//
// It is Materialise (the native days, no rates) followed by Convert, the two halves the
// store's materialised days (Days) split between writing and reading, so a valuation read from
// them is the same, to the last bit, as one worked out here.
func Value(in Input) Valuation {
	start := calc.ToDate(in.Range.Start)
	from := map[int64]time.Time{}
	for _, id := range in.Accounts {
		from[id] = start
	}
	native := Materialise(in.Txns, in.Accounts, in.Market, from, in.Range.End)
	return Convert(native, in.Accounts, in.Range, in.Currency, in.Market.Rates, in.Costs)
}

// Materialise works out each account's native days from from[account] to to: Materialised,
// with no exchange rate involved. txns must hold the accounts' transactions up to to (those
// before an account's from only build its opening positions); market their securities and
// closes from the last one on or before the earliest from (its Rates are not used).
func Materialise(txns []Txn, accounts []int64, market Market, from map[int64]time.Time, to time.Time) map[int64]Native {
	end := calc.ToDate(to)
	first := end.AddDate(0, 0, 1)
	for _, id := range accounts {
		if f := calc.ToDate(from[id]); f.Before(first) {
			first = f
		}
	}
	n := max(calc.DaysBetween(first, end)+1, 0)
	dates := make([]time.Time, n)
	for i := range dates {
		dates[i] = first.AddDate(0, 0, i)
	}
	closes := &dailyCloses{market: market, dates: dates, cols: map[int64][]float64{}}
	byAccount := map[int64][]Txn{}
	for _, t := range txns {
		byAccount[t.AccountID] = append(byAccount[t.AccountID], t)
	}
	cat := newCatalogue(market.Securities)
	out := make(map[int64]Native, len(accounts))
	for _, id := range accounts {
		list := byAccount[id]
		slices.SortStableFunc(list, func(a, b Txn) int {
			if c := a.TradeDate.Compare(b.TradeDate); c != 0 {
				return c
			}
			return cmp.Compare(a.ID, b.ID)
		})
		start := max(calc.DaysBetween(first, calc.ToDate(from[id])), 0)
		out[id] = materialiseAccount(list, newBook(cat), closes, start)
	}
	return out
}

// dailyCloses lays each security's closes out per day of a run, worked out once per security so
// the daily loop is plain indexing.
type dailyCloses struct {
	market Market
	dates  []time.Time
	cols   map[int64][]float64 // NaN before a security's first close
}

// close is the last close of security on or before day i (NaN when there is none).
func (d *dailyCloses) close(security int64, i int) float64 {
	col, ok := d.cols[security]
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
		d.cols[security] = col
	}
	return col[i]
}

// price is what one unit of p is worth on day i in its security's currency (see unitPrice).
func (d *dailyCloses) price(p *Position, i int) (float64, bool) {
	close := math.NaN()
	if !p.cash {
		close = d.close(p.Security.ID, i)
	}
	return unitPrice(p, close)
}

// materialiseAccount walks one account's transactions (in trade-date then id order) through
// the days of the run from day start, recording each day's native values and flows.
func materialiseAccount(txns []Txn, b *Book, mkt *dailyCloses, start int) Native {
	out := Native{}
	if start < len(mkt.dates) {
		out.From, out.To = mkt.dates[start], mkt.dates[len(mkt.dates)-1]
	}
	next := 0
	var flows []NativeFlow // the day's, by currency
	flowOf := func(day time.Time, currency string) *NativeFlow {
		for k := range flows {
			if flows[k].Currency == currency {
				return &flows[k]
			}
		}
		flows = append(flows, NativeFlow{Date: day, Currency: currency})
		return &flows[len(flows)-1]
	}
	var values []NativeValue // the day's, by currency
	for i := start; i < len(mkt.dates); i++ {
		day := mkt.dates[i]
		flows = flows[:0]
		for ; next < len(txns) && !txns[next].TradeDate.After(day); next++ {
			t := txns[next]
			e := b.Apply(t)
			if i == start && t.TradeDate.Before(day) {
				continue // history before the run only builds the opening positions
			}
			if e.Cash != 0 || e.Income != 0 {
				f := flowOf(day, e.Currency)
				f.Flow += e.Cash
				f.Income += e.Income
				f.Moved = true
			}
			if e.Units != 0 {
				if price, priced := mkt.price(e.Position, i); priced {
					f := flowOf(day, e.Position.currency)
					f.Flow += e.Units * price
					f.Moved = true
				}
			}
			if e.Fee != 0 || e.Tax != 0 || e.IncomeTax != 0 {
				f := flowOf(day, e.CostCurrency)
				f.Fee += e.Fee
				f.Tax += e.Tax
				f.IncomeTax += e.IncomeTax
			}
		}
		values = values[:0]
		for _, p := range b.positions {
			if math.Abs(p.Volume) < UnitsEpsilon {
				continue
			}
			price, ok := mkt.price(p, i)
			if !ok {
				continue // never priced nor traded at a price: nothing to value it at
			}
			k := 0
			for k < len(values) && values[k].Currency != p.currency {
				k++
			}
			if k == len(values) {
				values = append(values, NativeValue{Date: day, Currency: p.currency})
			}
			values[k].Value += p.Volume * price
		}
		byCurrency := func(a, b NativeValue) int { return strings.Compare(a.Currency, b.Currency) }
		slices.SortFunc(values, byCurrency)
		out.Values = append(out.Values, values...)
		slices.SortFunc(flows, func(a, b NativeFlow) int { return strings.Compare(a.Currency, b.Currency) })
		out.Flows = append(out.Flows, flows...)
	}
	return out
}

// Convert turns the accounts' native days into series over rng in the report currency, each
// amount at its day's rate (calc.RateTable), with costs added back as costs says. An account
// needing a rate that rates does not have carries calc.ErrConversionRateUnavailable. Each day
// sums its currencies in code order, so the same native days always give the same series.
func Convert(native map[int64]Native, accounts []int64, rng calc.DateRange, currency string, rates *calc.RateTable, costs Costs) Valuation {
	start, end := calc.ToDate(rng.Start), calc.ToDate(rng.End)
	n := max(calc.DaysBetween(start, end)+1, 0)
	v := Valuation{Range: calc.DateRange{Start: start, End: end}, Currency: currency, Dates: make([]time.Time, n), Accounts: map[int64]Series{}}
	for i := range v.Dates {
		v.Dates[i] = start.AddDate(0, 0, i)
	}
	fx := &dailyRates{rates: rates, report: currency, dates: v.Dates, cols: map[string][]float64{}}
	for _, id := range accounts {
		v.Accounts[id] = convertAccount(native[id], v.Dates, fx, costs)
	}
	return v
}

// dailyRates lays the rate of each currency into the report currency out per day of the range.
type dailyRates struct {
	rates  *calc.RateTable
	report string
	dates  []time.Time
	cols   map[string][]float64
}

// rate converts one unit of currency into the report currency on day i (NaN when no rate).
func (d *dailyRates) rate(currency string, i int) float64 {
	col, ok := d.cols[currency]
	if !ok {
		col = make([]float64, len(d.dates))
		for k, day := range d.dates {
			r, err := d.rates.Rate(currency, d.report, day)
			if err != nil {
				r = math.NaN()
			}
			col[k] = r
		}
		d.cols[currency] = col
	}
	return col[i]
}

// convertAccount is one account's series over dates from its native days (days before the
// first date are skipped; days without a row are worth nothing and move nothing).
func convertAccount(nat Native, dates []time.Time, fx *dailyRates, costs Costs) Series {
	n := len(dates)
	s := Series{Values: make([]float64, n), Flows: make([]float64, n), Income: make([]float64, n)}
	if n == 0 {
		return s
	}
	first := dates[0]
	vi, fi := 0, 0
	for vi < len(nat.Values) && nat.Values[vi].Date.Before(first) {
		vi++
	}
	for fi < len(nat.Flows) && nat.Flows[fi].Date.Before(first) {
		fi++
	}
	for i, day := range dates {
		for ; vi < len(nat.Values) && nat.Values[vi].Date.Equal(day); vi++ {
			x := nat.Values[vi]
			r := fx.rate(x.Currency, i)
			if math.IsNaN(r) {
				return Series{Err: calc.ErrConversionRateUnavailable}
			}
			s.Values[i] += x.Value * r
		}
		for ; fi < len(nat.Flows) && nat.Flows[fi].Date.Equal(day); fi++ {
			f := nat.Flows[fi]
			var addBack, grossUp float64
			if costs.AddBackFees {
				addBack += f.Fee
			}
			if costs.AddBackTaxes {
				addBack += f.Tax
				grossUp = f.IncomeTax
			}
			if !f.Moved && addBack == 0 && grossUp == 0 {
				continue
			}
			r := fx.rate(f.Currency, i)
			if math.IsNaN(r) {
				return Series{Err: calc.ErrConversionRateUnavailable}
			}
			s.Flows[i] += (f.Flow - addBack) * r
			s.Income[i] += (f.Income + grossUp) * r
		}
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

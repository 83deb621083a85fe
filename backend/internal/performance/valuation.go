package performance

import (
	"math"
	"time"

	"wealthportal/backend/internal/calc"
)

// The kinds of the txn table.
const (
	kindBuy         = "buy"
	kindSell        = "sell"
	kindDeposit     = "deposit"
	kindWithdrawal  = "withdrawal"
	kindIncome      = "income"
	kindFee         = "fee"
	kindTransferIn  = "transfer_in"
	kindTransferOut = "transfer_out"
)

// dust is the size below which a unit or cash balance is taken to be zero: what a sale of the
// whole holding leaves behind in floating point is not a position that needs a price or rate.
const dust = 1e-7

// txn is one row of the txn table, as valuation needs it.
type txn struct {
	AccountID  int64
	SecurityID int64 // 0 for a cash transaction
	Kind       string
	Date       time.Time
	Volume     float64
	Price      float64 // price_per_unit, in Currency
	Gross      float64
	Fee        float64
	Tax        float64
	Net        float64
	Currency   string // native_currency: the currency of Price and of the amounts
}

// price is one daily close.
type price struct {
	Date  time.Time
	Close float64
}

// marketData is what holdings are valued with.
type marketData struct {
	// SecurityCurrency is the currency each security's closes are quoted in (GBX allowed).
	SecurityCurrency map[int64]string
	// Prices are each security's closes in date order.
	Prices map[int64][]price
	Rates  *calc.RateTable
}

// FeeBasis is the fees_and_taxes setting: whether fees and taxes count against performance
// (spec 2 §5, default AfterFeesAndTaxes).
type FeeBasis int

// The fee bases this platform implements (see doc.go for why 4 and 5 are refused).
const (
	BeforeFeesAndTaxes   FeeBasis = 0
	AfterFeesAndTaxes    FeeBasis = 1
	AfterFeesBeforeTaxes FeeBasis = 2
	AfterTaxesBeforeFees FeeBasis = 3
)

func (b FeeBasis) addsBackFees() bool  { return b == BeforeFeesAndTaxes || b == AfterTaxesBeforeFees }
func (b FeeBasis) addsBackTaxes() bool { return b == BeforeFeesAndTaxes || b == AfterFeesBeforeTaxes }

// valuationInput is everything one valuation run needs; it is loaded with one query per table.
type valuationInput struct {
	Range    calc.DateRange
	Currency string // the report currency
	Basis    FeeBasis
	Accounts []int64
	// Txns are the accounts' transactions dated up to Range.End, in trade-date order (ties in id
	// order); those before the range build the holdings at its start.
	Txns   []txn
	Market marketData
}

// series is the daily story of one account or of a set of accounts over the range: index i is
// day Range.Start + i.
type series struct {
	// Values are the closing values in the report currency.
	Values []float64
	// Flows are the net external flows of each day (contributions positive). Index 0 is inside
	// the start value, as calc treats a flow on the start date.
	Flows []float64
	// Income is the income received each day, net of tax unless taxes are added back.
	Income []float64
	// Err is calc.ErrConversionRateUnavailable when a value or flow could not be converted.
	Err error
}

// valuation is the result of a run: the days of the range and one series per account.
type valuation struct {
	Range    calc.DateRange
	Currency string
	Dates    []time.Time
	Accounts map[int64]series
}

// value reconstructs each account's holdings day by day from its transactions and values them
// at the last close on or before each day, converted at that day's rate (calc.RateTable). It
// is a plain function of its input: no I/O and no clock.
func value(in valuationInput) valuation {
	start, end := calc.ToDate(in.Range.Start), calc.ToDate(in.Range.End)
	n := calc.DaysBetween(start, end) + 1
	if n < 1 {
		n = 0
	}
	v := valuation{Range: calc.DateRange{Start: start, End: end}, Currency: in.Currency, Dates: make([]time.Time, n), Accounts: map[int64]series{}}
	for i := range v.Dates {
		v.Dates[i] = start.AddDate(0, 0, i)
	}
	mkt := newDailyMarket(in.Market, in.Currency, v.Dates)
	byAccount := map[int64][]txn{}
	for _, t := range in.Txns {
		byAccount[t.AccountID] = append(byAccount[t.AccountID], t)
	}
	for _, id := range in.Accounts {
		v.Accounts[id] = valueAccount(byAccount[id], mkt, in.Basis, v.Dates)
	}
	return v
}

// dailyMarket holds closes and rates laid out per day of the range, worked out once per run so
// the daily loop is plain indexing.
type dailyMarket struct {
	market marketData
	report string
	dates  []time.Time
	closes map[int64][]float64 // NaN before a security's first close
	rates  map[string][]float64
}

func newDailyMarket(m marketData, report string, dates []time.Time) *dailyMarket {
	return &dailyMarket{market: m, report: report, dates: dates, closes: map[int64][]float64{}, rates: map[string][]float64{}}
}

// close is the last close of security on or before day i (NaN when there is none).
func (d *dailyMarket) close(security int64, i int) float64 {
	col, ok := d.closes[security]
	if !ok {
		col = make([]float64, len(d.dates))
		prices := d.market.Prices[security]
		j, last := 0, math.NaN()
		for k, day := range d.dates {
			for j < len(prices) && !prices[j].Date.After(day) {
				last = prices[j].Close
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

// holding is one security in an account.
type holding struct {
	security int64
	units    float64
	// lastPrice and lastCurrency are the latest transaction price, used when the security has no
	// close yet (a holding is worth what was paid for it until the market says otherwise).
	lastPrice    float64
	lastCurrency string
}

// cashBalance is the account's cash in one currency.
type cashBalance struct {
	currency string
	amount   float64
}

// book is an account's holdings; slices, not maps, so sums run in a fixed order and give the
// same last digits every run.
type book struct {
	holdings []holding
	index    map[int64]int
	cash     []cashBalance
}

func (b *book) holding(security int64) *holding {
	if b.index == nil {
		b.index = map[int64]int{}
	}
	i, ok := b.index[security]
	if !ok {
		i = len(b.holdings)
		b.index[security] = i
		b.holdings = append(b.holdings, holding{security: security})
	}
	return &b.holdings[i]
}

func (b *book) addCash(currency string, amount float64) {
	for i := range b.cash {
		if b.cash[i].currency == currency {
			b.cash[i].amount += amount
			return
		}
	}
	b.cash = append(b.cash, cashBalance{currency: currency, amount: amount})
}

// effect is what one transaction does to the flows and income of its day, in its currency.
type effect struct {
	flow, income float64
}

// apply books t into b and returns its flow and income (in t.Currency). A transfer of
// securities is valued at its net amount, else units × price_per_unit, else the day's close.
func (b *book) apply(t txn, basis FeeBasis, closeToday float64) effect {
	amount := math.Abs(t.Net)
	units := math.Abs(t.Volume)
	var e effect
	switch t.Kind {
	case kindDeposit, kindTransferIn, kindWithdrawal, kindTransferOut:
		sign := 1.0
		if t.Kind == kindWithdrawal || t.Kind == kindTransferOut {
			sign = -1
		}
		if t.SecurityID == 0 {
			b.addCash(t.Currency, sign*amount)
			e.flow = sign * amount
			break
		}
		h := b.holding(t.SecurityID)
		h.units += sign * units
		worth := amount
		if worth == 0 {
			worth = units * math.Abs(t.Price)
		}
		if worth == 0 && !math.IsNaN(closeToday) {
			worth = units * closeToday
		}
		if t.Price != 0 {
			h.lastPrice, h.lastCurrency = math.Abs(t.Price), t.Currency
		}
		e.flow = sign * worth
	case kindBuy, kindSell:
		h := b.holding(t.SecurityID)
		if amount == 0 { // no net recorded: rebuild it from its parts
			amount = math.Abs(t.Gross)
			if amount == 0 {
				amount = units * math.Abs(t.Price)
			}
			if t.Kind == kindBuy {
				amount += math.Abs(t.Fee) + math.Abs(t.Tax)
			} else {
				amount -= math.Abs(t.Fee) + math.Abs(t.Tax)
			}
		}
		if t.Kind == kindBuy {
			h.units += units
			b.addCash(t.Currency, -amount)
		} else {
			h.units -= units
			b.addCash(t.Currency, amount)
		}
		if t.Price != 0 {
			h.lastPrice, h.lastCurrency = math.Abs(t.Price), t.Currency
		}
	case kindIncome:
		b.addCash(t.Currency, amount)
		e.income = amount
		if basis.addsBackTaxes() {
			e.income += math.Abs(t.Tax)
		}
	case kindFee:
		b.addCash(t.Currency, -amount)
	}
	// A cost that is added back is treated as money the investor paid from outside the account:
	// an outflow on the day, so the return is measured as if it had not been charged.
	fee, tax := math.Abs(t.Fee), math.Abs(t.Tax)
	if t.Kind == kindFee {
		fee = math.Max(0, amount-tax)
	}
	if basis.addsBackFees() {
		e.flow -= fee
	}
	if basis.addsBackTaxes() {
		e.flow -= tax
	}
	return e
}

// valueAccount walks one account's transactions through the days of the range.
func valueAccount(txns []txn, mkt *dailyMarket, basis FeeBasis, dates []time.Time) series {
	n := len(dates)
	s := series{Values: make([]float64, n), Flows: make([]float64, n), Income: make([]float64, n)}
	var b book
	next := 0
	for i, day := range dates {
		for ; next < len(txns) && !txns[next].Date.After(day); next++ {
			t := txns[next]
			closeToday := math.NaN()
			if t.SecurityID != 0 {
				closeToday = mkt.close(t.SecurityID, i)
			}
			e := b.apply(t, basis, closeToday)
			if i == 0 && t.Date.Before(day) || (e.flow == 0 && e.income == 0) {
				continue // history before the range only builds the opening holdings
			}
			r := mkt.rate(t.Currency, i)
			if math.IsNaN(r) {
				return series{Err: calc.ErrConversionRateUnavailable}
			}
			s.Flows[i] += e.flow * r
			s.Income[i] += e.income * r
		}
		total, ok := b.worth(mkt, i)
		if !ok {
			return series{Err: calc.ErrConversionRateUnavailable}
		}
		s.Values[i] = total
	}
	return s
}

// worth is the book's value on day i in the report currency; false when a rate is missing.
func (b *book) worth(mkt *dailyMarket, i int) (float64, bool) {
	total := 0.0
	for _, h := range b.holdings {
		if math.Abs(h.units) < dust {
			continue
		}
		p, currency := mkt.close(h.security, i), mkt.market.SecurityCurrency[h.security]
		if math.IsNaN(p) {
			p, currency = h.lastPrice, h.lastCurrency
		}
		if p == 0 {
			continue // never priced nor traded at a price: nothing to value it at
		}
		r := mkt.rate(currency, i)
		if math.IsNaN(r) {
			return 0, false
		}
		total += h.units * p * r
	}
	for _, c := range b.cash {
		if math.Abs(c.amount) < dust {
			continue
		}
		r := mkt.rate(c.currency, i)
		if math.IsNaN(r) {
			return 0, false
		}
		total += c.amount * r
	}
	return total, true
}

// combine adds the series of several accounts day by day; the first error wins.
func (v valuation) combine(ids []int64) series {
	n := len(v.Dates)
	out := series{Values: make([]float64, n), Flows: make([]float64, n), Income: make([]float64, n)}
	for _, id := range ids {
		s := v.Accounts[id]
		if s.Err != nil {
			return series{Err: s.Err}
		}
		for i := range n {
			out.Values[i] += s.Values[i]
			out.Flows[i] += s.Flows[i]
			out.Income[i] += s.Income[i]
		}
	}
	return out
}

// points turns a series' values into calc points, one per day.
func (v valuation) points(s series) []calc.Point {
	out := make([]calc.Point, len(s.Values))
	for i, x := range s.Values {
		out[i] = calc.Point{Date: v.Dates[i], Value: x}
	}
	return out
}

// flows turns a series' daily flows into calc flows, leaving out empty days and the start day
// (whose flows are inside the start value).
func (v valuation) flows(s series) []calc.Flow {
	var out []calc.Flow
	for i := 1; i < len(s.Flows); i++ {
		if s.Flows[i] != 0 {
			out = append(out, calc.Flow{Date: v.Dates[i], Amount: s.Flows[i]})
		}
	}
	return out
}

package ledger

import (
	"cmp"
	"maps"
	"math"
	"slices"
	"strings"
	"time"

	"wealthportal/backend/internal/calc"
)

// UnitsEpsilon is below the units precision of spec 2 §9 (4 decimals): a position smaller than
// this has been sold out, and floating-point residue must neither keep it alive nor ask for a
// price or rate.
const UnitsEpsilon = 0.00005

// Position is one account's holding of one security (or cash) as the transactions replayed so
// far leave it, or one part of a holding kept in several (sub-positions).
type Position struct {
	AccountID int64
	Security  Security
	// Part is the sub-position the trades named (Txn.Part); "" is the holding's main part.
	Part string
	// Split numbers the open parts of a holding held in more than one (spec 2 §3 split_index
	// is Split − 1): 1, 2, … in the order of each part's first transaction. It is 0 when the
	// holding is whole, which is also what a holding with a single open part is.
	Split int
	// Volume is the units held (for cash, the balance).
	Volume float64
	// Cost is the book cost in the security's currency, by the average-cost method: a sale
	// takes out the sold share of the cost. Cash costs its balance.
	Cost                float64
	LastTransactionDate time.Time
	// Price is the valuation price per unit in the security's currency, set by ApplyPrices:
	// the latest close on or before the as-at date, else the last trade price (cash is 1).
	// PriceDate is when it was set; zero when the position has no price at all.
	Price     float64
	PriceDate time.Time
	// PrevClose is the latest close before the as-at date (zero date when there is none).
	PrevClose     float64
	PrevCloseDate time.Time

	lastTradePrice float64
	lastTradeDate  time.Time
	// cash is Security.IsCash() and currency the security's currency normalised, worked out
	// once: the daily valuation asks on every day.
	cash     bool
	currency string
}

// Priced reports whether the position has a valuation price (cash always has).
func (p Position) Priced() bool { return p.Security.IsCash() || !p.PriceDate.IsZero() }

// NativeValue is the value in the security's currency at Price.
func (p Position) NativeValue() float64 { return p.Volume * p.Price }

// unitPrice is what one unit of p is worth, in its security's currency, on a day whose last
// close is close (NaN when the security has none yet): cash 1, else the close, else the last
// trade price (a holding is worth what was paid for it until the market says otherwise). ok is
// false when there is no price at all. Positions at a date (ApplyPrices) and the daily series
// (Value) both price through it, so they cannot disagree.
func unitPrice(p *Position, close float64) (price float64, ok bool) {
	switch {
	case p.cash:
		return 1, true
	case !math.IsNaN(close):
		return close, true
	case p.lastTradePrice > 0:
		return p.lastTradePrice, true
	}
	return 0, false
}

// Effect is what one transaction does across the account boundary and to income, so that
// returns can be measured. Amounts are in Currency unless said otherwise.
type Effect struct {
	// Cash is money that crossed the account boundary: positive in, negative out.
	Cash     float64
	Currency string
	// Units of Position that crossed the boundary in specie: positive in, negative out. They
	// are worth what the position's units are worth that day (its close, converted), so a
	// transfer priced away from the close neither makes nor loses money on the day.
	Units    float64
	Position *Position
	// Income is income received, net of any tax withheld; IncomeTax is that tax.
	Income, IncomeTax float64
	// Fee and Tax are the costs the transaction carries (magnitudes in CostCurrency): a fee
	// transaction's amount less any tax on it, and the fee and tax columns of the others.
	Fee, Tax     float64
	CostCurrency string
}

// External reports whether the effect crosses the account boundary.
func (e Effect) External() bool { return e.Cash != 0 || e.Units != 0 }

type positionKey struct {
	accountID int64
	code      string // the security's code: unique in the store, and set for synthetic cash
	part      string // Txn.Part; always "" for cash
}

// Book replays transactions into positions, one per account and security, and reports each
// transaction's Effect. Rules (see doc.go):
//   - buy and transfer_in add units and cost; sell and transfer_out remove units and the sold
//     share of the cost (average cost);
//   - the money side of a trade and every money movement (deposit, withdrawal, income, fee, a
//     transfer without a security) goes to the account's cash in the transaction's currency:
//     the store's cash security of that currency (the lowest id), else a synthetic one;
//   - a transaction on a cash security is the cash itself and has no money side.
//
// Positions are kept in a slice in order of first appearance, so sums over them run in a fixed
// order and give the same last digits every run.
type Book struct {
	*catalogue
	positions []*Position
	index     map[positionKey]int
}

// catalogue is the securities a book knows, with what it asks of them on every transaction
// worked out once (Value shares one between the books of a run).
type catalogue struct {
	securities map[int64]Security
	cash       map[string]Security // cash security by currency, lowest id first
	isCash     map[int64]bool
}

// NewBook starts an empty book. securities must hold every security the transactions name and
// the store's cash securities (LoadSecurities reads both).
func NewBook(securities map[int64]Security) *Book {
	return newBook(newCatalogue(securities))
}

func newBook(c *catalogue) *Book {
	return &Book{catalogue: c, index: map[positionKey]int{}}
}

// newCatalogue picks each currency's cash security, the lowest id first.
func newCatalogue(securities map[int64]Security) *catalogue {
	c := &catalogue{securities: securities, cash: map[string]Security{}, isCash: map[int64]bool{}}
	for _, id := range slices.Sorted(maps.Keys(securities)) {
		s := securities[id]
		if !s.IsCash() {
			continue
		}
		c.isCash[id] = true
		if cur := normCurrency(s.Currency); c.cash[cur].Code == "" {
			c.cash[cur] = s
		}
	}
	return c
}

func (b *Book) position(accountID int64, s Security) *Position { return b.partOf(accountID, s, "") }

// partOf is one part of an account's holding of a security (cash has no parts).
func (b *Book) partOf(accountID int64, s Security, part string) *Position {
	cash := s.ID == 0 || b.isCash[s.ID]
	if cash {
		part = ""
	}
	k := positionKey{accountID, s.Code, part}
	if i, ok := b.index[k]; ok {
		return b.positions[i]
	}
	p := &Position{AccountID: accountID, Security: s, Part: part, cash: cash, currency: normCurrency(s.Currency)}
	b.index[k] = len(b.positions)
	b.positions = append(b.positions, p)
	return p
}

// cashOf is the account's cash position in a currency.
func (b *Book) cashOf(accountID int64, currency string) *Position {
	cur := normCurrency(currency)
	s, ok := b.cash[cur]
	if !ok {
		s = SyntheticCash(cur)
	}
	return b.position(accountID, s)
}

// Apply books one transaction. Transactions must come in trade-date order (ties in id order).
func (b *Book) Apply(t Txn) Effect {
	e := Effect{CostCurrency: normCurrency(t.Currency), Fee: math.Abs(t.Fee), Tax: math.Abs(t.Tax)}
	if t.Kind == KindFee {
		e.Fee = math.Max(0, moneyAmount(t)-e.Tax)
	}
	s, known := b.securities[t.SecurityID]
	known = known && t.SecurityID != 0
	switch {
	case known && b.isCash[s.ID]:
		p := b.position(t.AccountID, s)
		units := math.Abs(t.Volume)
		if units == 0 {
			units = moneyAmount(t)
		}
		dir := cashDirection(t.Kind, true)
		p.Volume += dir * units
		touch(p, t.TradeDate)
		e.Currency = normCurrency(s.Currency)
		e.note(t.Kind, dir*units)
	case known && isTrade(t.Kind):
		b.trade(t, s, &e)
	default:
		if known { // income or a fee on a security dates its position too
			if i, ok := b.index[positionKey{t.AccountID, s.Code, t.Part}]; ok {
				touch(b.positions[i], t.TradeDate)
			}
		}
		cash := b.cashOf(t.AccountID, t.Currency)
		amount := cashDirection(t.Kind, false) * moneyAmount(t)
		cash.Volume += amount
		touch(cash, t.TradeDate)
		e.Currency = normCurrency(t.Currency)
		e.note(t.Kind, amount)
	}
	return e
}

// note records a cash amount (signed as it moved the balance) as a flow or as income.
func (e *Effect) note(kind string, amount float64) {
	switch kind {
	case KindDeposit, KindWithdrawal, KindTransferIn, KindTransferOut:
		e.Cash = amount
	case KindIncome:
		e.Income = amount
		e.IncomeTax = e.Tax
	}
}

func (b *Book) trade(t Txn, s Security, e *Effect) {
	p := b.partOf(t.AccountID, s, t.Part)
	units := math.Abs(t.Volume)
	switch t.Kind {
	case KindBuy:
		paid := buyTotal(t)
		p.Cost += inSecurityCurrency(paid, t, s)
		p.Volume += units
		cash := b.cashOf(t.AccountID, t.Currency)
		cash.Volume -= paid
		touch(cash, t.TradeDate)
	case KindTransferIn:
		p.Cost += inSecurityCurrency(consideration(t), t, s)
		p.Volume += units
		e.Units, e.Position = units, p
	case KindSell, KindTransferOut:
		if p.Volume > 0 {
			p.Cost -= p.Cost * math.Min(units/p.Volume, 1)
		}
		p.Volume -= units
		if math.Abs(p.Volume) < UnitsEpsilon {
			p.Volume, p.Cost = 0, 0
		}
		if t.Kind == KindSell {
			cash := b.cashOf(t.AccountID, t.Currency)
			cash.Volume += sellProceeds(t)
			touch(cash, t.TradeDate)
		} else {
			e.Units, e.Position = -units, p
		}
	}
	if price := tradePrice(t, s); price > 0 && !t.TradeDate.Before(p.lastTradeDate) {
		p.lastTradePrice, p.lastTradeDate = price, t.TradeDate
	}
	touch(p, t.TradeDate)
}

// tradePrice is a trade's price per unit in the security's currency: price_per_unit, else
// its consideration over its units when that needs no published rate; 0 when unknown.
func tradePrice(t Txn, s Security) float64 {
	if t.PricePerUnit != 0 {
		return math.Abs(t.PricePerUnit)
	}
	units, amount := math.Abs(t.Volume), consideration(t)
	if units == 0 || amount == 0 {
		return 0
	}
	v, err := fixedRates.Convert(amount, t.Currency, s.Currency, t.TradeDate)
	if err != nil {
		return 0
	}
	return v / units
}

// Positions are the open positions (sold-out ones left out), ordered by SortPositions. Cash
// costs its balance. A holding with more than one open part is one position per part,
// numbered by Split in the order of each part's first transaction (the order the book met
// them); a sold-out part is left out and does not take a number.
func (b *Book) Positions() []Position {
	out := make([]Position, 0, len(b.positions))
	parts := map[positionKey]int{} // open parts per holding (part "")
	for _, p := range b.positions {
		if math.Abs(p.Volume) < UnitsEpsilon {
			continue
		}
		q := *p
		if q.Security.IsCash() {
			q.Cost = q.Volume
		}
		out = append(out, q)
		parts[positionKey{accountID: p.AccountID, code: p.Security.Code}]++
	}
	next := map[positionKey]int{}
	for i := range out {
		k := positionKey{accountID: out[i].AccountID, code: out[i].Security.Code}
		if parts[k] > 1 {
			next[k]++
			out[i].Split = next[k]
		}
	}
	SortPositions(out)
	return out
}

// BuildPositions replays transactions (already limited to the as-at date, in any order) into
// the open positions: NewBook, Apply in trade-date then id order, Positions.
func BuildPositions(txns []Txn, securities map[int64]Security) []Position {
	ordered := slices.Clone(txns)
	slices.SortStableFunc(ordered, func(a, b Txn) int {
		if c := a.TradeDate.Compare(b.TradeDate); c != 0 {
			return c
		}
		return cmp.Compare(a.ID, b.ID)
	})
	b := NewBook(securities)
	for _, t := range ordered {
		b.Apply(t)
	}
	return b.Positions()
}

// SortPositions orders positions by account id, then securities before cash, then description
// (ignoring case), then code, then the parts of a split holding by Split.
func SortPositions(ps []Position) {
	slices.SortFunc(ps, func(a, b Position) int {
		if c := cmp.Compare(a.AccountID, b.AccountID); c != 0 {
			return c
		}
		if ac, bc := a.Security.IsCash(), b.Security.IsCash(); ac != bc {
			if ac {
				return 1
			}
			return -1
		}
		if c := strings.Compare(strings.ToLower(a.Security.Description), strings.ToLower(b.Security.Description)); c != 0 {
			return c
		}
		if c := strings.Compare(a.Security.Code, b.Security.Code); c != 0 {
			return c
		}
		return cmp.Compare(a.Split, b.Split)
	})
}

// Quote is a security's stored closes around an as-at date.
type Quote struct {
	Last, Prev         float64
	LastDate, PrevDate time.Time
}

// ApplyPrices sets each position's valuation price as at a date from its quote (see
// unitPrice): cash is 1; a security takes its latest close, or without one its last trade
// price, or stays unpriced.
func ApplyPrices(ps []Position, quotes map[int64]Quote) {
	for i := range ps {
		p := &ps[i]
		close := math.NaN()
		q, quoted := quotes[p.Security.ID]
		if quoted && !q.LastDate.IsZero() {
			close = q.Last
		}
		price, ok := unitPrice(p, close)
		switch {
		case !ok:
		case p.Security.IsCash():
			p.Price = price
		case !math.IsNaN(close):
			p.Price, p.PriceDate = price, q.LastDate
			p.PrevClose, p.PrevCloseDate = q.Prev, q.PrevDate
		default:
			p.Price, p.PriceDate = price, p.lastTradeDate
		}
	}
}

func touch(p *Position, d time.Time) {
	if d.After(p.LastTransactionDate) {
		p.LastTransactionDate = d
	}
}

func isTrade(kind string) bool {
	return kind == KindBuy || kind == KindSell || kind == KindTransferIn || kind == KindTransferOut
}

// cashDirection is +1 for money coming into the cash balance, −1 for money leaving it. On a
// cash security a buy adds cash units and a sell removes them; as the money side of a trade a
// buy spends cash (trade handles that side itself).
func cashDirection(kind string, onCashSecurity bool) float64 {
	switch kind {
	case KindDeposit, KindIncome, KindTransferIn, KindSell:
		if kind == KindSell && onCashSecurity {
			return -1
		}
		return 1
	case KindBuy:
		if onCashSecurity {
			return 1
		}
		return -1
	}
	return -1 // withdrawal, fee, transfer_out
}

// moneyAmount is a money movement's amount: the net amount, else the gross, else units × price.
func moneyAmount(t Txn) float64 {
	switch {
	case t.NetAmount != 0:
		return math.Abs(t.NetAmount)
	case t.GrossAmount != 0:
		return math.Abs(t.GrossAmount)
	}
	return math.Abs(t.Volume * t.PricePerUnit)
}

// consideration is a trade's value before costs: the gross amount, else units × price.
func consideration(t Txn) float64 {
	if t.GrossAmount != 0 {
		return math.Abs(t.GrossAmount)
	}
	return math.Abs(t.Volume * t.PricePerUnit)
}

// buyTotal is what a purchase cost in all: the net amount, else consideration plus fee and tax.
func buyTotal(t Txn) float64 {
	if t.NetAmount != 0 {
		return math.Abs(t.NetAmount)
	}
	return consideration(t) + math.Abs(t.Fee) + math.Abs(t.Tax)
}

// sellProceeds is what a sale brought in: the net amount, else consideration less fee and tax.
func sellProceeds(t Txn) float64 {
	if t.NetAmount != 0 {
		return math.Abs(t.NetAmount)
	}
	return consideration(t) - math.Abs(t.Fee) - math.Abs(t.Tax)
}

// inSecurityCurrency restates an amount of the transaction's currency in the security's. Only
// fixed conversions (GBP and GBX) are made: a trade settled in a third currency is costed at
// units × price, the price being quoted in the security's currency, since the book cost must
// not move with later exchange rates.
func inSecurityCurrency(amount float64, t Txn, s Security) float64 {
	if v, err := fixedRates.Convert(amount, t.Currency, s.Currency, t.TradeDate); err == nil {
		return v
	}
	return math.Abs(t.Volume * t.PricePerUnit)
}

// fixedRates is an empty rate table: it converts only what needs no published rate (the same
// currency, GBP and GBX).
var fixedRates *calc.RateTable

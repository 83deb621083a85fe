package portfolio

import (
	"cmp"
	"context"
	"maps"
	"math"
	"slices"
	"strings"
	"time"

	"wealthportal/backend/internal/calc"
)

// Transaction kinds of the txn table. Deposit, withdrawal, transfer_in and transfer_out cross
// the account boundary (the external flows of TWRR and IRR); buy, sell, income and fee move
// value inside the account.
const (
	KindBuy         = "buy"
	KindSell        = "sell"
	KindDeposit     = "deposit"
	KindWithdrawal  = "withdrawal"
	KindIncome      = "income"
	KindFee         = "fee"
	KindTransferIn  = "transfer_in"
	KindTransferOut = "transfer_out"
)

// Security is what positions need of a security.
type Security struct {
	// ID is 0 for the synthetic cash of a currency that has no cash security.
	ID                  int64
	Code                string
	Exchange            string
	ISIN                string
	Description         string
	Currency            string
	AssetClassCode      string
	SectorName          string
	Region              string
	AnnualIncomePerUnit float64
	// AssetClassAllocation and RegionalAllocation are look-through maps of category to
	// percentage points (0–100) of the position's value, as calc.Holding wants them.
	AssetClassAllocation map[string]float64
	RegionalAllocation   map[string]float64
}

// IsCash reports whether the security is cash (spec 2 §9): its code or its asset class equals
// "cash", starts with "cash." or ends with ".cash", ignoring case.
func (s Security) IsCash() bool { return calc.IsCash(s.Code) || calc.IsCash(s.AssetClassCode) }

// syntheticCash stands for the cash of a currency that has no cash security in the store.
func syntheticCash(currency string) Security {
	return Security{
		Code: "CASH." + currency, Description: "Cash (" + currency + ")", Currency: currency, AssetClassCode: "cash",
		AssetClassAllocation: map[string]float64{"cash": 100},
	}
}

// Txn is a stored transaction as positions need it.
type Txn struct {
	ID           int64
	AccountID    int64
	SecurityID   int64 // 0: none (a money movement)
	Kind         string
	TradeDate    time.Time
	Volume       float64
	PricePerUnit float64
	GrossAmount  float64
	Fee          float64
	Tax          float64
	NetAmount    float64
	Currency     string // the transaction's native currency
}

// Holding is one account's position in one security as at a date.
type Holding struct {
	AccountID int64
	Security  Security
	// Volume is the units held (for cash, the balance).
	Volume float64
	// Cost is the book cost in the security's currency, by the average-cost method: a sale
	// takes out the sold share of the cost. Cash costs its balance.
	Cost                float64
	LastTransactionDate time.Time
	// Price is the valuation price per unit in the security's currency: the latest close on or
	// before the as-at date, else the last trade price (cash is 1). PriceDate is when it was
	// set; zero when the position has no price at all (and so no value).
	Price     float64
	PriceDate time.Time
	// PrevClose is the latest close before the as-at date (zero date when there is none).
	PrevClose     float64
	PrevCloseDate time.Time

	lastTradePrice float64
	lastTradeDate  time.Time
}

// Priced reports whether the holding has a valuation price (cash always has).
func (h Holding) Priced() bool { return h.Security.IsCash() || !h.PriceDate.IsZero() }

// NativeValue is the value in the security's currency.
func (h Holding) NativeValue() float64 { return h.Volume * h.Price }

// PriceQuote is a security's stored closes around an as-at date.
type PriceQuote struct {
	Last, Prev         float64
	LastDate, PrevDate time.Time
}

// unitsEpsilon is below the units precision of spec 2 §9 (4 decimals): a holding smaller than
// this has been sold out and float residue must not keep it alive.
const unitsEpsilon = 0.00005

// BuildHoldings replays transactions (already limited to the as-at date) into holdings, one
// per account and security, sold-out ones left out. securities must hold every security the
// transactions name and the store's cash securities. Rules (see doc.go):
//   - buy and transfer_in add units and cost; sell and transfer_out remove units and the sold
//     share of the cost;
//   - the money side of a trade and every money movement (deposit, withdrawal, income, fee, a
//     transfer without a security) goes to the account's cash in the transaction's currency:
//     the cash security of that currency, or a synthetic one;
//   - a transaction on a cash security is the cash itself and has no money side.
//
// Holdings come ordered by account id, then securities before cash, then description.
func BuildHoldings(txns []Txn, securities map[int64]Security) []Holding {
	l := newLedger(securities)
	ordered := slices.Clone(txns)
	slices.SortStableFunc(ordered, func(a, b Txn) int {
		if c := a.TradeDate.Compare(b.TradeDate); c != 0 {
			return c
		}
		return cmp.Compare(a.ID, b.ID)
	})
	for _, t := range ordered {
		l.apply(t)
	}
	return l.holdings()
}

type holdingKey struct {
	accountID int64
	code      string // the security's code: unique in the store, and set for synthetic cash
}

type ledger struct {
	securities map[int64]Security
	cash       map[string]Security // cash security by currency, lowest id first
	byKey      map[holdingKey]*Holding
}

func newLedger(securities map[int64]Security) *ledger {
	l := &ledger{securities: securities, cash: map[string]Security{}, byKey: map[holdingKey]*Holding{}}
	for _, id := range slices.Sorted(maps.Keys(securities)) {
		s := securities[id]
		cur := strings.ToUpper(s.Currency)
		if _, taken := l.cash[cur]; s.IsCash() && !taken {
			l.cash[cur] = s
		}
	}
	return l
}

func (l *ledger) holding(accountID int64, s Security) *Holding {
	k := holdingKey{accountID, s.Code}
	h, ok := l.byKey[k]
	if !ok {
		h = &Holding{AccountID: accountID, Security: s}
		l.byKey[k] = h
	}
	return h
}

// cashOf is the account's cash holding in a currency.
func (l *ledger) cashOf(accountID int64, currency string) *Holding {
	cur := strings.ToUpper(strings.TrimSpace(currency))
	s, ok := l.cash[cur]
	if !ok {
		s = syntheticCash(cur)
	}
	return l.holding(accountID, s)
}

func (l *ledger) apply(t Txn) {
	s, hasSecurity := l.securities[t.SecurityID]
	hasSecurity = hasSecurity && t.SecurityID != 0
	switch {
	case hasSecurity && s.IsCash():
		h := l.holding(t.AccountID, s)
		units := math.Abs(t.Volume)
		if units == 0 {
			units = moneyAmount(t)
		}
		h.Volume += cashDirection(t.Kind, true) * units
		touch(h, t.TradeDate)
	case hasSecurity && isTrade(t.Kind):
		l.applyTrade(t, s)
	default:
		if hasSecurity { // income or a fee on a security dates its position too
			if h, ok := l.byKey[holdingKey{t.AccountID, s.Code}]; ok {
				touch(h, t.TradeDate)
			}
		}
		cash := l.cashOf(t.AccountID, t.Currency)
		cash.Volume += cashDirection(t.Kind, false) * moneyAmount(t)
		touch(cash, t.TradeDate)
	}
}

func (l *ledger) applyTrade(t Txn, s Security) {
	h := l.holding(t.AccountID, s)
	units := math.Abs(t.Volume)
	switch t.Kind {
	case KindBuy:
		paid := buyTotal(t)
		h.Cost += inSecurityCurrency(paid, t, s)
		h.Volume += units
		cash := l.cashOf(t.AccountID, t.Currency)
		cash.Volume -= paid
		touch(cash, t.TradeDate)
	case KindTransferIn:
		h.Cost += inSecurityCurrency(consideration(t), t, s)
		h.Volume += units
	case KindSell, KindTransferOut:
		if h.Volume > 0 {
			h.Cost -= h.Cost * math.Min(units/h.Volume, 1)
		}
		h.Volume -= units
		if math.Abs(h.Volume) < unitsEpsilon {
			h.Volume, h.Cost = 0, 0
		}
		if t.Kind == KindSell {
			cash := l.cashOf(t.AccountID, t.Currency)
			cash.Volume += sellProceeds(t)
			touch(cash, t.TradeDate)
		}
	}
	if t.PricePerUnit > 0 && !t.TradeDate.Before(h.lastTradeDate) {
		h.lastTradePrice, h.lastTradeDate = t.PricePerUnit, t.TradeDate
	}
	touch(h, t.TradeDate)
}

func (l *ledger) holdings() []Holding {
	out := make([]Holding, 0, len(l.byKey))
	for _, h := range l.byKey {
		if math.Abs(h.Volume) < unitsEpsilon {
			continue
		}
		if h.Security.IsCash() {
			h.Cost = h.Volume
		}
		out = append(out, *h)
	}
	SortHoldings(out)
	return out
}

// SortHoldings orders holdings by account id, then securities before cash, then description
// (ignoring case), then code.
func SortHoldings(hs []Holding) {
	slices.SortFunc(hs, func(a, b Holding) int {
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
		return strings.Compare(a.Security.Code, b.Security.Code)
	})
}

// ApplyPrices sets each holding's valuation price: cash is 1; a security takes its latest
// close, or without one its last trade price, or stays unpriced.
func ApplyPrices(hs []Holding, quotes map[int64]PriceQuote) {
	for i := range hs {
		h := &hs[i]
		switch q, ok := quotes[h.Security.ID]; {
		case h.Security.IsCash():
			h.Price = 1
		case ok && !q.LastDate.IsZero():
			h.Price, h.PriceDate = q.Last, q.LastDate
			h.PrevClose, h.PrevCloseDate = q.Prev, q.PrevDate
		case h.lastTradePrice > 0:
			h.Price, h.PriceDate = h.lastTradePrice, h.lastTradeDate
		}
	}
}

func touch(h *Holding, d time.Time) {
	if d.After(h.LastTransactionDate) {
		h.LastTransactionDate = d
	}
}

func isTrade(kind string) bool {
	return kind == KindBuy || kind == KindSell || kind == KindTransferIn || kind == KindTransferOut
}

// cashDirection is +1 for money coming into the cash balance, −1 for money leaving it. On a
// cash security a buy adds cash units and a sell removes them; as the money side of a trade a
// buy spends cash (applyTrade handles that side itself).
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

// Amounts are read as magnitudes: the kind says which way the money goes, whatever sign an
// importer stored.

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

// Holdings works out the positions of accounts as at a date from their transactions
// (trade date on or before asOf: unsettled trades count, spec 2 §9), priced with the latest
// close on or before asOf. It does no access check.
func Holdings(ctx context.Context, q Querier, accountIDs []int64, asOf time.Time) ([]Holding, error) {
	txns, err := LoadTransactions(ctx, q, accountIDs, asOf)
	if err != nil {
		return nil, err
	}
	named := map[int64]bool{}
	for _, t := range txns {
		if t.SecurityID != 0 {
			named[t.SecurityID] = true
		}
	}
	securities, err := LoadSecurities(ctx, q, slices.Sorted(maps.Keys(named)))
	if err != nil {
		return nil, err
	}
	hs := BuildHoldings(txns, securities)
	var priced []int64
	for _, h := range hs {
		if h.Security.ID != 0 && !h.Security.IsCash() && !slices.Contains(priced, h.Security.ID) {
			priced = append(priced, h.Security.ID)
		}
	}
	quotes, err := LoadPrices(ctx, q, priced, asOf)
	if err != nil {
		return nil, err
	}
	ApplyPrices(hs, quotes)
	return hs, nil
}

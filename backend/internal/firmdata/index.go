package firmdata

import (
	"math"
	"strings"

	"wealthportal/backend/internal/calc"
)

// index finds the parts of a firm by their keys. The first of duplicate keys wins (Validate
// reports the others).
type index struct {
	f          *Firm
	advisers   map[string]int
	clients    map[string]int
	profiles   map[string]int
	groups     map[string]int
	portfolios map[string]int
	accounts   map[string]int
	securities map[string]int
}

func newIndex(f *Firm) *index {
	ix := &index{f: f,
		advisers: map[string]int{}, clients: map[string]int{}, profiles: map[string]int{}, groups: map[string]int{},
		portfolios: map[string]int{}, accounts: map[string]int{}, securities: map[string]int{},
	}
	put := func(m map[string]int, k string, i int) {
		if _, seen := m[k]; !seen && k != "" {
			m[k] = i
		}
	}
	for i, a := range f.Advisers {
		put(ix.advisers, a.Key, i)
	}
	for i, c := range f.Clients {
		put(ix.clients, c.Key, i)
	}
	for i, p := range f.LoginProfiles {
		put(ix.profiles, p.Key, i)
	}
	for i, g := range f.ClientGroups {
		put(ix.groups, g.Key, i)
	}
	for i, p := range f.Portfolios {
		put(ix.portfolios, p.Key, i)
	}
	for i, a := range f.Accounts {
		put(ix.accounts, a.Key, i)
	}
	for i, s := range f.Securities {
		put(ix.securities, s.Code, i)
	}
	return ix
}

func (ix *index) client(key string) (*Client, bool) {
	i, ok := ix.clients[key]
	if !ok {
		return nil, false
	}
	return &ix.f.Clients[i], true
}

func (ix *index) security(code string) (*Security, bool) {
	i, ok := ix.securities[code]
	if !ok {
		return nil, false
	}
	return &ix.f.Securities[i], true
}

// portfolioCurrency is the portfolio's report currency, by default its owner's preferred one.
func (ix *index) portfolioCurrency(p *Portfolio) string {
	if p.ReportCurrency != "" {
		return p.ReportCurrency
	}
	if c, ok := ix.client(p.Owner); ok {
		return partyCurrency(c.Party, ix.f)
	}
	return ix.f.Firm.BaseCurrency
}

func (ix *index) accountPortfolio(a *Account) (*Portfolio, bool) {
	i, ok := ix.portfolios[a.Portfolio]
	if !ok {
		return nil, false
	}
	return &ix.f.Portfolios[i], true
}

// accountCurrencies are the plan, base and report currencies with their defaults.
func (ix *index) accountCurrencies(a *Account) (plan, base, report string) {
	def := ix.f.Firm.BaseCurrency
	if p, ok := ix.accountPortfolio(a); ok {
		def = ix.portfolioCurrency(p)
	}
	return orDefault(a.PlanCurrency, def), orDefault(a.BaseCurrency, ix.f.Firm.BaseCurrency), orDefault(a.ReportCurrency, def)
}

// isCashSecurity recognises cash by code or asset class, as spec 2 §9 does.
func isCashSecurity(s *Security) bool {
	return calc.IsCash(s.Code) || calc.IsCash(s.AssetClassCode)
}

// resolvedTxn is a transaction with its defaults and derived amounts filled in.
type resolvedTxn struct {
	gross, net     float64
	currency       string
	desc           string
	settlementDate string
	inSpecie       bool // a transfer of units rather than cash
}

// amountTolerance is how far a given amount may differ from the one its parts imply: a penny,
// plus a little for prices quoted to many places.
func amountTolerance(x float64) float64 { return 0.01 + 0.005*math.Abs(x) }

// resolveTxn fills in a transaction's defaults and derives the amounts the file left out. It
// reports each inconsistency as (field, message); the loader calls it only on valid files.
func (ix *index) resolveTxn(a *Account, t *Transaction, report func(field, msg string)) resolvedTxn {
	kind, known := txnKinds[t.Kind]
	r := resolvedTxn{gross: t.GrossAmount, net: t.NetAmount, desc: t.TransactionTypeDesc, settlementDate: orDefault(t.SettlementDate, t.TradeDate)}
	if r.desc == "" {
		r.desc = kind.desc
	}
	plan, _, _ := ix.accountCurrencies(a)
	r.currency = plan
	sec, hasSec := ix.security(t.Security)
	if hasSec {
		r.currency = sec.Currency
	}
	if t.NativeCurrency != "" {
		r.currency = t.NativeCurrency
	}
	if !known {
		return r
	}
	trade := t.Kind == "buy" || t.Kind == "sell"
	r.inSpecie = (t.Kind == "transfer_in" || t.Kind == "transfer_out") && hasSec && !isCashSecurity(sec)
	if trade || r.inSpecie {
		if t.PricePerUnit > 0 {
			implied := round2(t.Volume * t.PricePerUnit)
			if r.gross == 0 {
				r.gross = implied
			} else if math.Abs(r.gross-implied) > amountTolerance(implied) {
				report("gross_amount", "differs from volume × price_per_unit ("+formatMoney(implied)+")")
			}
		}
	}
	// Money in: the account receives gross less costs. Money out: it pays gross plus costs.
	costs := t.Fee + t.Tax
	if !kind.in {
		costs = -costs
	}
	switch {
	case r.net == 0 && r.gross != 0:
		r.net = round2(r.gross - costs)
	case r.gross == 0 && r.net != 0:
		r.gross = round2(r.net + costs)
	case r.gross != 0 && r.net != 0:
		if want := r.gross - costs; math.Abs(r.net-want) > 0.01 {
			op := "gross_amount − fee − tax"
			if !kind.in {
				op = "gross_amount + fee + tax"
			}
			report("net_amount", "want "+op+" ("+formatMoney(want)+")")
		}
	}
	if r.net < 0 {
		report("net_amount", "the fee and tax exceed the gross amount")
	}
	if !trade && !r.inSpecie && r.net == 0 && r.gross == 0 {
		report("net_amount", "required: give net_amount or gross_amount")
	}
	return r
}

// round2 rounds money to pence. It is the plain binary rounding, cheaper than calc.Round, which
// matters when a million transactions are derived; the two differ only on exact binary ties.
func round2(x float64) float64 { return math.Round(x*100) / 100 }

func formatMoney(x float64) string { return calc.FormatNumber(x, calc.MoneyDecimals) }

// sameCurrency treats pence as pounds: FX for GBP serves GBX (calc.RateTable does the same).
func sameCurrency(a, b string) bool {
	norm := func(s string) string {
		s = strings.ToUpper(s)
		if s == calc.GBX {
			return calc.GBP
		}
		return s
	}
	return norm(a) == norm(b)
}

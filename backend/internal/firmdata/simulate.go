package firmdata

import (
	"math"
	"slices"
	"time"
)

// Instrument is a security of a generated firm with how its price moves.
type Instrument struct {
	Security
	Walk       Walk
	DealingFee float64 // charged on each buy or sell (shares and ETFs); funds deal free
	IncomeRate float64 // annual yield, paid as income on Inc units and dividend payers
}

// Market holds the instruments of a generated firm with their price histories.
type Market struct {
	from, to    time.Time
	instruments []Instrument
	byCode      map[string]int
	histories   []history
}

// NewMarket generates the price histories of instruments up to to (the last business day on
// or before it); from is where the firm data's price series begin. An instrument with an
// IncomeRate gets its AnnualIncomePerUnit from its latest price.
func NewMarket(instruments []Instrument, from, to time.Time) *Market {
	m := &Market{from: civil(from), to: lastBusinessDay(to), instruments: instruments, byCode: map[string]int{}}
	for i := range m.instruments {
		in := &m.instruments[i]
		m.byCode[in.Code] = i
		h := history(in.Walk.generate("security "+in.Code, m.to))
		m.histories = append(m.histories, h)
		if in.IncomeRate > 0 {
			in.AnnualIncomePerUnit = math.Round(in.IncomeRate*h.on(m.to)*1e4) / 1e4
		}
	}
	return m
}

func (m *Market) index(code string) int {
	i, ok := m.byCode[code]
	if !ok {
		panic("firmdata: the market has no instrument " + code) // a plan names what it made
	}
	return i
}

func (m *Market) instrument(code string) *Instrument { return &m.instruments[m.index(code)] }

// Price is the close of code on d, or on the latest business day before it.
func (m *Market) Price(code string, d time.Time) float64 { return m.histories[m.index(code)].on(d) }

// Securities are the instruments as firm data.
func (m *Market) Securities() []Security {
	out := make([]Security, len(m.instruments))
	for i, in := range m.instruments {
		out[i] = in.Security
	}
	return out
}

// Prices are the instruments' closes from the market's from date, as firm data.
func (m *Market) Prices() []PriceSeries {
	out := make([]PriceSeries, len(m.instruments))
	for i, in := range m.instruments {
		out[i] = PriceSeries{Security: in.Code, Series: m.histories[i].series(m.from, m.to)}
	}
	return out
}

// Target is one holding of an account's model and its share of the invested money.
type Target struct {
	Code   string
	Weight float64
}

// AccountPlan says how an invented account is run from its opening to its last day;
// Market.Simulate turns it into transactions.
type AccountPlan struct {
	Start, End time.Time
	Opening    float64 // first money in
	// OpeningTransfer brings the opening money in as a transfer from another provider.
	OpeningTransfer bool
	Regular         float64 // each contribution
	Every           int     // months between contributions; 0 for none
	BuysPerTopUp    int     // holdings bought with each contribution (the most under-weight first); 0 for all
	Model           []Target
	FeeRate         float64 // annual charge, taken quarterly from cash
	IncomeEvery     int     // months between income payments (3, 6 or 12); 0 for none
	Switches        []Switch
	Withdrawals     []Withdrawal
}

// Switch sells a fraction of one holding and invests the proceeds in another (To "" keeps
// them as cash).
type Switch struct {
	Date     time.Time
	From, To string
	Fraction float64
	// ToPart, when set, keeps the units bought as their own part of the holding (a
	// sub-position, Transaction.SubPosition); later sales come from the main part.
	ToPart string
}

// Withdrawal takes money out, selling holdings pro rata when the cash is short.
type Withdrawal struct {
	Date   time.Time
	Amount float64
}

// account is the running state of a simulated account.
type account struct {
	m     *Market
	plan  *AccountPlan
	cash  float64
	held  map[string]float64
	order []string // codes in first-bought order, so iteration is deterministic
	// parts are the units of a holding kept as named parts (Switch.ToPart), in the order
	// bought; held counts them too, and the rest is the main part.
	parts map[string][]heldPart
	txns  []Transaction
}

type heldPart struct {
	name  string
	units float64
}

// Simulate runs a plan. The result never sells more than is held and never spends cash the
// account does not have, so Validate accepts it and positions are never negative.
func (m *Market) Simulate(p AccountPlan) []Transaction {
	a := &account{m: m, plan: &p, held: map[string]float64{}}
	start := firstBusinessDayFrom(p.Start)
	end := lastBusinessDay(p.End)
	if start.After(end) {
		return nil
	}
	kind := "deposit"
	comment := "Opening contribution"
	if p.OpeningTransfer {
		kind, comment = "transfer_in", "Transfer from previous provider"
	}
	a.cashFlow(start, kind, p.Opening, comment)
	a.invest(start, 0)
	type event struct {
		date time.Time
		run  func(d time.Time)
	}
	var events []event
	if p.Every > 0 && p.Regular > 0 {
		for k := 1; ; k++ {
			d := firstBusinessDayFrom(start.AddDate(0, k*p.Every, 0))
			if d.After(end) {
				break
			}
			events = append(events, event{d, func(d time.Time) {
				a.cashFlow(d, "deposit", p.Regular, "Regular contribution")
				a.invest(d, p.BuysPerTopUp)
			}})
		}
	}
	for q := quarterEnd(start); !q.After(end); q = quarterEnd(time.Date(q.Year(), q.Month()+1, 1, 0, 0, 0, 0, time.UTC)) {
		months := int(q.Month())
		if p.IncomeEvery > 0 && months%p.IncomeEvery == 0 {
			events = append(events, event{q, a.payIncome})
		}
		if p.FeeRate > 0 {
			events = append(events, event{q, a.chargeFee})
		}
	}
	for _, s := range p.Switches {
		if d := firstBusinessDayFrom(s.Date); d.After(start) && !d.After(end) {
			events = append(events, event{d, func(d time.Time) { a.switchHolding(d, s) }})
		}
	}
	for _, w := range p.Withdrawals {
		if d := firstBusinessDayFrom(w.Date); d.After(start) && !d.After(end) {
			events = append(events, event{d, func(d time.Time) { a.withdraw(d, w.Amount) }})
		}
	}
	slices.SortStableFunc(events, func(x, y event) int { return x.date.Compare(y.date) })
	for _, e := range events {
		e.run(e.date)
	}
	return a.txns
}

// quarterEnd is the last business day of d's calendar quarter.
func quarterEnd(d time.Time) time.Time {
	q := (int(d.Month())-1)/3*3 + 3
	last := time.Date(d.Year(), time.Month(q)+1, 0, 0, 0, 0, 0, time.UTC)
	return lastBusinessDay(last)
}

func (a *account) add(t Transaction) { a.txns = append(a.txns, t) }

func (a *account) cashFlow(d time.Time, kind string, amount float64, comment string) {
	amount = round2(amount)
	if amount <= 0 {
		return
	}
	t := Transaction{Kind: kind, TradeDate: d.Format(dateLayout), NetAmount: amount, Comment: comment}
	if kind == "transfer_in" {
		t.TransactionTypeDesc = "Transfer In (cash)"
	}
	a.add(t)
	if txnKinds[kind].in {
		a.cash += amount
	} else {
		a.cash -= amount
	}
}

// value is the account's market value on d.
func (a *account) value(d time.Time) float64 {
	v := a.cash
	for _, c := range a.order {
		v += a.held[c] * a.m.Price(c, d)
	}
	return v
}

// invest spends the cash above a small buffer on the model: all holdings, or the n most
// under-weight (a monthly top-up usually goes into one or two funds, not all of them).
func (a *account) invest(d time.Time, n int) {
	total := a.value(d)
	spend := a.cash - 0.01*total
	if spend < 50 {
		return
	}
	model := a.plan.Model
	if n > 0 && n < len(model) {
		gaps := make([]Target, len(model))
		for i, t := range model {
			gaps[i] = Target{t.Code, t.Weight*total - a.held[t.Code]*a.m.Price(t.Code, d)}
		}
		slices.SortStableFunc(gaps, func(x, y Target) int {
			switch {
			case x.Weight > y.Weight:
				return -1
			case x.Weight < y.Weight:
				return 1
			}
			return 0
		})
		model = nil
		share := 1.0 / float64(n)
		for _, g := range gaps[:n] {
			model = append(model, Target{g.Code, share})
		}
	}
	var sum float64
	for _, t := range model {
		sum += t.Weight
	}
	for _, t := range model {
		a.buy(d, t.Code, spend*t.Weight/sum, "")
	}
}

// settle is the settlement date of a trade: two business days later.
func settle(d time.Time) string {
	return businessDate(businessIndex(d) + 2).Format(dateLayout)
}

func (a *account) buy(d time.Time, code string, amount float64, part string) {
	in := a.m.instrument(code)
	price := a.m.Price(code, d)
	amount = math.Min(amount, a.cash) - in.DealingFee
	volume := math.Floor(amount/price*1e4) / 1e4
	if volume <= 0 {
		return
	}
	gross := round2(volume * price)
	net := round2(gross + in.DealingFee)
	if net > a.cash {
		return
	}
	a.add(Transaction{Kind: "buy", Security: code, TradeDate: d.Format(dateLayout), SettlementDate: settle(d),
		Volume: volume, PricePerUnit: price, GrossAmount: gross, Fee: in.DealingFee, NetAmount: net, SubPosition: part})
	if part != "" {
		if a.parts == nil {
			a.parts = map[string][]heldPart{}
		}
		i := slices.IndexFunc(a.parts[code], func(p heldPart) bool { return p.name == part })
		if i < 0 {
			a.parts[code] = append(a.parts[code], heldPart{name: part})
			i = len(a.parts[code]) - 1
		}
		a.parts[code][i].units += volume
	}
	a.cash -= net
	if _, ok := a.held[code]; !ok {
		a.order = append(a.order, code)
	}
	a.held[code] += volume
}

// sell sells up to volume units (never more than held) and answers the cash it raised: from
// the main part of the holding, then, when that is not enough, from its named parts in the
// order they were bought (one sale each).
func (a *account) sell(d time.Time, code string, volume float64, comment string) float64 {
	volume = math.Min(math.Floor(volume*1e4)/1e4, a.held[code])
	main := a.held[code]
	for _, p := range a.parts[code] {
		main -= p.units
	}
	if len(a.parts[code]) == 0 || volume <= main+1e-9 {
		return a.sellPart(d, code, volume, comment, "")
	}
	raised := a.sellPart(d, code, math.Floor(math.Max(main, 0)*1e4)/1e4, comment, "")
	rest := volume - math.Max(main, 0)
	for i := range a.parts[code] {
		p := &a.parts[code][i]
		take := math.Min(math.Ceil(rest*1e4)/1e4, p.units)
		if take <= 0 {
			break
		}
		if got := a.sellPart(d, code, take, comment, p.name); got > 0 {
			raised += got
			p.units -= take
		}
		rest -= take
	}
	return raised
}

// sellPart sells volume units of one part of a holding ("" the main part).
func (a *account) sellPart(d time.Time, code string, volume float64, comment, part string) float64 {
	volume = math.Min(math.Floor(volume*1e4)/1e4, a.held[code])
	in := a.m.instrument(code)
	price := a.m.Price(code, d)
	gross := round2(volume * price)
	if volume <= 0 || gross <= in.DealingFee {
		return 0
	}
	net := round2(gross - in.DealingFee)
	a.add(Transaction{Kind: "sell", Security: code, TradeDate: d.Format(dateLayout), SettlementDate: settle(d),
		Volume: volume, PricePerUnit: price, GrossAmount: gross, Fee: in.DealingFee, NetAmount: net, Comment: comment, SubPosition: part})
	a.held[code] -= volume
	if a.held[code] < 1e-9 {
		a.held[code] = 0
	}
	a.cash += net
	return net
}

func (a *account) payIncome(d time.Time) {
	for _, code := range a.order {
		in := a.m.instrument(code)
		// Income follows the price of the day it is paid, so a history does not change when
		// the market is generated further (AnnualIncomePerUnit reflects the latest price).
		perUnit := in.AnnualIncomePerUnit
		if in.IncomeRate > 0 {
			perUnit = in.IncomeRate * a.m.Price(code, d)
		}
		if perUnit <= 0 || a.held[code] <= 0 {
			continue
		}
		amount := round2(a.held[code] * perUnit * float64(a.plan.IncomeEvery) / 12)
		if amount < 0.01 {
			continue
		}
		a.add(Transaction{Kind: "income", Security: code, TradeDate: d.Format(dateLayout), GrossAmount: amount, NetAmount: amount})
		a.cash += amount
	}
}

func (a *account) chargeFee(d time.Time) {
	fee := round2(a.value(d) * a.plan.FeeRate / 4)
	if fee < 0.01 {
		return
	}
	if a.cash < fee {
		a.raise(d, fee-a.cash, "Sold to pay charges")
	}
	fee = math.Min(fee, math.Floor(a.cash*100)/100)
	if fee < 0.01 {
		return
	}
	a.add(Transaction{Kind: "fee", TradeDate: d.Format(dateLayout), NetAmount: fee, TransactionTypeDesc: "Management fee"})
	a.cash -= fee
}

// raise sells holdings pro rata to bring in at least need in cash (as far as holdings allow).
func (a *account) raise(d time.Time, need float64, comment string) {
	invested := a.value(d) - a.cash
	if invested <= 0 {
		return
	}
	fraction := math.Min(1, need*1.02/invested+0.001)
	for _, code := range a.order {
		if a.held[code] > 0 {
			a.sell(d, code, a.held[code]*fraction, comment)
		}
	}
}

func (a *account) switchHolding(d time.Time, s Switch) {
	if a.held[s.From] <= 0 {
		return
	}
	proceeds := a.sell(d, s.From, a.held[s.From]*s.Fraction, "Switch")
	if s.To != "" && proceeds > 0 {
		a.buy(d, s.To, proceeds, s.ToPart)
	}
}

func (a *account) withdraw(d time.Time, amount float64) {
	if a.cash < amount {
		a.raise(d, amount-a.cash, "Sold to fund a withdrawal")
	}
	a.cashFlow(d, "withdrawal", math.Min(amount, math.Floor(a.cash*100)/100), "Withdrawal")
}

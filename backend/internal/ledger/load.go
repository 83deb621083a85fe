package ledger

import (
	"context"
	"database/sql"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"wealthportal/backend/internal/calc"
	"wealthportal/backend/internal/store"
)

// Querier runs SQL: the database, an open transaction or the request's querier.
type Querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

// Reader loads the ledger's data. Every loader reads one table for the whole set of accounts
// (or securities, or currencies) and range in one query, never one query per day, account or
// security.
type Reader struct {
	q      Querier
	rebind func(string) string
}

// NewReader reads through q, rebinding each query's ? placeholders for the store's dialect
// (store.DB.Rebind); a nil rebind leaves them as they are (SQLite).
func NewReader(q Querier, rebind func(string) string) Reader {
	if rebind == nil {
		rebind = func(s string) string { return s }
	}
	return Reader{q: q, rebind: rebind}
}

func (r Reader) query(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	return r.q.QueryContext(ctx, r.rebind(query), args...)
}

// in returns "?, ?, ?" for the ids and the ids as arguments ("NULL", matching nothing, for none).
func in(ids []int64) (string, []any) {
	if len(ids) == 0 {
		return "NULL", nil
	}
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	return strings.TrimSuffix(strings.Repeat("?, ", len(ids)), ", "), args
}

// LoadTransactions reads the accounts' transactions traded on or before upTo, by account,
// trade date and id (the order of txn_account_date_idx).
func (r Reader) LoadTransactions(ctx context.Context, accountIDs []int64, upTo time.Time) ([]Txn, error) {
	if len(accountIDs) == 0 {
		return nil, nil
	}
	ids, args := in(accountIDs)
	rows, err := r.query(ctx, `SELECT id, account_id, COALESCE(security_id, 0), kind, trade_date, volume,
		price_per_unit, gross_amount, fee, tax, net_amount, native_currency, sub_position
		FROM txn WHERE account_id IN (`+ids+`) AND trade_date <= ?
		ORDER BY account_id, trade_date, id`, append(args, calc.FormatDate(upTo))...)
	if err != nil {
		return nil, err
	}
	var out []Txn
	dates := dateCache{}
	err = store.ScanAll(rows, func() error {
		var t Txn
		var trade sql.RawBytes
		if err := rows.Scan(&t.ID, &t.AccountID, &t.SecurityID, &t.Kind, &trade, &t.Volume,
			&t.PricePerUnit, &t.GrossAmount, &t.Fee, &t.Tax, &t.NetAmount, &t.Currency, &t.Part); err != nil {
			return err
		}
		d, err := dates.parse(trade)
		if err != nil {
			return fmt.Errorf("txn trade_date: %w", err)
		}
		t.TradeDate = d
		t.Currency = normCurrency(t.Currency)
		out = append(out, t)
		return nil
	})
	return out, err
}

// securityIDs lists, in order, the securities the transactions name.
func securityIDs(txns []Txn) []int64 {
	named := map[int64]bool{}
	for _, t := range txns {
		if t.SecurityID != 0 {
			named[t.SecurityID] = true
		}
	}
	return slices.Sorted(maps.Keys(named))
}

// LoadSecurities reads the securities with the given ids and every cash security (the money
// side of trades needs them), without their allocations (see LoadAllocations).
func (r Reader) LoadSecurities(ctx context.Context, ids []int64) (map[int64]Security, error) {
	list, args := in(ids)
	// LIKE narrows the scan to codes that can be cash; IsCash decides.
	rows, err := r.query(ctx, `SELECT id, code, exchange, isin, description, currency, asset_class_code,
		sector_name, region, annual_income_per_unit FROM security
		WHERE id IN (`+list+`) OR lower(code) LIKE '%cash%' OR lower(asset_class_code) LIKE '%cash%'`, args...)
	if err != nil {
		return nil, err
	}
	out := map[int64]Security{}
	err = store.ScanAll(rows, func() error {
		var s Security
		if err := rows.Scan(&s.ID, &s.Code, &s.Exchange, &s.ISIN, &s.Description, &s.Currency, &s.AssetClassCode,
			&s.SectorName, &s.Region, &s.AnnualIncomePerUnit); err != nil {
			return err
		}
		s.Currency = normCurrency(s.Currency)
		if s.IsCash() || slices.Contains(ids, s.ID) {
			out[s.ID] = s
		}
		return nil
	})
	return out, err
}

// LoadAllocations fills the securities' look-through maps (weights stored as fractions, kept
// as percentage points), falling back to the security's own asset class and region.
func (r Reader) LoadAllocations(ctx context.Context, securities map[int64]Security) error {
	ids := slices.Sorted(maps.Keys(securities))
	if len(ids) > 0 {
		list, args := in(ids)
		rows, err := r.query(ctx, `SELECT security_id, kind, code, weight FROM security_allocation
			WHERE security_id IN (`+list+`) ORDER BY security_id, kind, code`, args...)
		if err != nil {
			return err
		}
		err = store.ScanAll(rows, func() error {
			var id int64
			var kind, code string
			var weight float64
			if err := rows.Scan(&id, &kind, &code, &weight); err != nil {
				return err
			}
			s := securities[id]
			switch kind {
			case "asset_class":
				s.AssetClassAllocation = addShare(s.AssetClassAllocation, code, weight*100)
			case "region":
				s.RegionalAllocation = addShare(s.RegionalAllocation, code, weight*100)
			}
			securities[id] = s
			return nil
		})
		if err != nil {
			return err
		}
	}
	for id, s := range securities {
		if len(s.AssetClassAllocation) == 0 && strings.TrimSpace(s.AssetClassCode) != "" {
			s.AssetClassAllocation = map[string]float64{s.AssetClassCode: 100}
		}
		if len(s.RegionalAllocation) == 0 && strings.TrimSpace(s.Region) != "" {
			s.RegionalAllocation = map[string]float64{s.Region: 100}
		}
		securities[id] = s
	}
	return nil
}

func addShare(m map[string]float64, code string, pct float64) map[string]float64 {
	if m == nil {
		m = map[string]float64{}
	}
	m[code] += pct
	return m
}

// LoadCloses reads the securities' closes from the last one on or before from up to to, each
// security's in date order.
func (r Reader) LoadCloses(ctx context.Context, securityIDs []int64, from, to time.Time) (map[int64][]Close, error) {
	out := map[int64][]Close{}
	if len(securityIDs) == 0 {
		return out, nil
	}
	list, args := in(securityIDs)
	f, t := calc.FormatDate(from), calc.FormatDate(to)
	// Each security's span starts at its last close on or before from (found once per
	// security through the primary key), so a holding bought years ago is priced without
	// reading its whole history, and the join then reads each span as one index range.
	rows, err := r.query(ctx, `WITH spans AS (
			SELECT s.id AS security_id, COALESCE((SELECT MAX(p.price_date) FROM security_price p
				WHERE p.security_id = s.id AND p.price_date <= ?), ?) AS first_date
			FROM security s WHERE s.id IN (`+list+`))
		SELECT sp.security_id, sp.price_date, sp.close_price
		FROM spans JOIN security_price sp ON sp.security_id = spans.security_id
			AND sp.price_date >= spans.first_date AND sp.price_date <= ?`, append(append([]any{f, f}, args...), t)...)
	if err != nil {
		return nil, err
	}
	// No ORDER BY: sorting tens of thousands of rows costs more than checking, below, that each
	// security's closes came in date order, as the primary key range scan gives them.
	dates := dateCache{}
	err = store.ScanAll(rows, func() error {
		var id int64
		var date sql.RawBytes
		var c Close
		if err := rows.Scan(&id, &date, &c.Price); err != nil {
			return err
		}
		d, err := dates.parse(date)
		if err != nil {
			return fmt.Errorf("security_price price_date: %w", err)
		}
		c.Date = d
		out[id] = append(out[id], c)
		return nil
	})
	if err != nil {
		return nil, err
	}
	byDate := func(a, b Close) int { return a.Date.Compare(b.Date) }
	for _, list := range out {
		if !slices.IsSortedFunc(list, byDate) {
			slices.SortFunc(list, byDate)
		}
	}
	return out, nil
}

// LoadQuotes reads, per security, the latest close on or before asOf and the latest close
// strictly before asOf (the previous close). Securities without a close are left out.
func (r Reader) LoadQuotes(ctx context.Context, securityIDs []int64, asOf time.Time) (map[int64]Quote, error) {
	day := calc.ToDate(asOf)
	closes, err := r.LoadCloses(ctx, securityIDs, day.AddDate(0, 0, -1), day)
	if err != nil {
		return nil, err
	}
	out := map[int64]Quote{}
	for id, list := range closes {
		if len(list) == 0 {
			continue
		}
		last := list[len(list)-1]
		q := Quote{Last: last.Price, LastDate: last.Date}
		for i := len(list) - 1; i >= 0; i-- {
			if list[i].Date.Before(day) {
				q.Prev, q.PrevDate = list[i].Price, list[i].Date
				break
			}
		}
		out[id] = q
	}
	return out, nil
}

// LoadRates reads the published rates between the given currencies (GBX bringing in GBP) from
// each pair's last one on or before from up to to, for calc.NewRateTable.
func (r Reader) LoadRates(ctx context.Context, currencies []string, from, to time.Time) ([]calc.Rate, error) {
	set := map[string]bool{}
	for _, c := range currencies {
		if c = normCurrency(c); c != "" {
			set[c] = true
		}
	}
	if set[calc.GBX] {
		set[calc.GBP] = true
	}
	codes := slices.Sorted(maps.Keys(set))
	if len(codes) < 2 {
		return nil, nil
	}
	values := strings.TrimSuffix(strings.Repeat("(CAST(? AS TEXT)), ", len(codes)), ", ")
	args := make([]any, 0, len(codes)+3)
	for _, c := range codes {
		args = append(args, c)
	}
	f, t := calc.FormatDate(from), calc.FormatDate(to)
	args = append(args, f, f, t)
	// Each pair's span starts at its last rate on or before from, found once per pair through
	// the primary key (base_currency, quote_currency, rate_date), and is then read as one key
	// range, never the pair's whole history (the spans first, CROSS JOIN keeping SQLite from
	// reordering the join): TestRatesQueryPlanUsesIndex. Codes are stored
	// upper-case (firmdata writes them so; migration 0016 normalised older rows), so they are
	// compared as stored.
	rows, err := r.query(ctx, `WITH codes (code) AS (VALUES `+values+`),
		spans AS MATERIALIZED (SELECT b.code AS base_currency, q.code AS quote_currency,
			COALESCE((SELECT MAX(f2.rate_date) FROM fx_rate f2 WHERE f2.base_currency = b.code AND f2.quote_currency = q.code
				AND f2.rate_date <= ? AND f2.rate > 0), ?) AS first_date
			FROM codes b JOIN codes q ON q.code <> b.code)
		SELECT f.base_currency, f.quote_currency, f.rate_date, f.rate
		FROM spans CROSS JOIN fx_rate f
		WHERE f.base_currency = spans.base_currency AND f.quote_currency = spans.quote_currency
			AND f.rate_date >= spans.first_date AND f.rate_date <= ? AND f.rate > 0
		ORDER BY f.base_currency, f.quote_currency, f.rate_date`, args...)
	if err != nil {
		return nil, err
	}
	var rates []calc.Rate
	dates := dateCache{}
	err = store.ScanAll(rows, func() error {
		var rt calc.Rate
		var date sql.RawBytes
		if err := rows.Scan(&rt.From, &rt.To, &date, &rt.Rate); err != nil {
			return err
		}
		d, err := dates.parse(date)
		if err != nil {
			return fmt.Errorf("fx_rate rate_date: %w", err)
		}
		rt.Date = d
		rates = append(rates, rt)
		return nil
	})
	return rates, err
}

// LoadRateTable is LoadRates made into a calc.RateTable.
func (r Reader) LoadRateTable(ctx context.Context, currencies []string, from, to time.Time) (*calc.RateTable, error) {
	rates, err := r.LoadRates(ctx, currencies, from, to)
	if err != nil {
		return nil, err
	}
	return calc.NewRateTable(rates)
}

// LoadInput reads what valuing the accounts over rng in currency needs: their transactions up
// to the end, the securities they name (and the cash securities), those securities' closes
// from the last one on or before the start to the end, and the rates between the currencies
// involved over the same span. That is four queries whatever the number of accounts and days.
func (r Reader) LoadInput(ctx context.Context, accountIDs []int64, rng calc.DateRange, currency string, costs Costs) (Input, error) {
	in := Input{Range: rng, Currency: currency, Costs: costs, Accounts: accountIDs,
		Market: Market{Securities: map[int64]Security{}, Closes: map[int64][]Close{}}}
	if len(accountIDs) == 0 {
		return in, nil
	}
	txns, err := r.LoadTransactions(ctx, accountIDs, rng.End)
	if err != nil {
		return in, err
	}
	in.Txns = txns
	named := securityIDs(txns)
	if in.Market.Securities, err = r.LoadSecurities(ctx, named); err != nil {
		return in, err
	}
	currencies := []string{currency}
	var priced []int64
	for _, t := range txns {
		currencies = append(currencies, t.Currency)
	}
	for _, id := range named {
		s, ok := in.Market.Securities[id]
		if !ok {
			continue
		}
		currencies = append(currencies, s.Currency)
		if !s.IsCash() {
			priced = append(priced, id)
		}
	}
	if in.Market.Closes, err = r.LoadCloses(ctx, priced, rng.Start, rng.End); err != nil {
		return in, err
	}
	in.Market.Rates, err = r.LoadRateTable(ctx, currencies, rng.Start, rng.End)
	return in, err
}

// PositionsAt works out the open positions of accounts as at a date from their transactions
// (trade date on or before asOf: unsettled trades count, spec 2 §9), priced with ApplyPrices
// from the latest closes on or before asOf, their securities with allocations. It returns the
// securities it loaded too. It does no access check.
func (r Reader) PositionsAt(ctx context.Context, accountIDs []int64, asOf time.Time) ([]Position, map[int64]Security, error) {
	txns, err := r.LoadTransactions(ctx, accountIDs, asOf)
	if err != nil {
		return nil, nil, err
	}
	securities, err := r.LoadSecurities(ctx, securityIDs(txns))
	if err != nil {
		return nil, nil, err
	}
	if err := r.LoadAllocations(ctx, securities); err != nil {
		return nil, nil, err
	}
	ps := BuildPositions(txns, securities)
	var priced []int64
	for _, p := range ps {
		if p.Security.ID != 0 && !p.Security.IsCash() && !slices.Contains(priced, p.Security.ID) {
			priced = append(priced, p.Security.ID)
		}
	}
	quotes, err := r.LoadQuotes(ctx, priced, asOf)
	if err != nil {
		return nil, nil, err
	}
	ApplyPrices(ps, quotes)
	return ps, securities, nil
}

// dateCache parses the few hundred distinct dates of a load once each, not once per row.
type dateCache map[string]time.Time

func (c dateCache) parse(b []byte) (time.Time, error) {
	if d, ok := c[string(b)]; ok {
		return d, nil
	}
	d, err := calc.ParseDate(string(b))
	if err != nil {
		return d, err
	}
	c[string(b)] = d
	return d, nil
}

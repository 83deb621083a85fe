package portfolio

import (
	"context"
	"slices"
	"strings"
	"time"

	"wealthportal/backend/internal/calc"
)

// LoadTransactions reads the transactions of accounts traded on or before asOf, by account,
// trade date and id (the order of txn_account_date_idx).
func LoadTransactions(ctx context.Context, q Querier, accountIDs []int64, asOf time.Time) ([]Txn, error) {
	if len(accountIDs) == 0 {
		return nil, nil
	}
	rows, err := q.QueryContext(ctx, `SELECT id, account_id, COALESCE(security_id, 0), kind, trade_date, volume,
		price_per_unit, gross_amount, fee, tax, net_amount, native_currency
		FROM txn WHERE account_id IN (`+placeholders(len(accountIDs))+`) AND trade_date <= ?
		ORDER BY account_id, trade_date, id`, append(int64Args(accountIDs), calc.FormatDate(asOf))...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Txn
	for rows.Next() {
		var t Txn
		var trade string
		if err := rows.Scan(&t.ID, &t.AccountID, &t.SecurityID, &t.Kind, &trade, &t.Volume,
			&t.PricePerUnit, &t.GrossAmount, &t.Fee, &t.Tax, &t.NetAmount, &t.Currency); err != nil {
			return nil, err
		}
		if t.TradeDate, err = calc.ParseDate(trade); err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, rows.Err()
}

// LoadSecurities reads the securities with the given ids and every cash security (the money
// side of trades needs them), with their look-through allocations. A security without
// allocation rows is wholly in its own asset class and region.
func LoadSecurities(ctx context.Context, q Querier, ids []int64) (map[int64]Security, error) {
	// LIKE narrows the scan to codes that can be cash; calc.IsCash decides.
	rows, err := q.QueryContext(ctx, `SELECT id, code, exchange, isin, description, currency, asset_class_code,
		sector_name, region, annual_income_per_unit FROM security
		WHERE id IN (`+placeholders(len(ids))+`) OR lower(code) LIKE '%cash%' OR lower(asset_class_code) LIKE '%cash%'`, int64Args(ids)...)
	if err != nil {
		return nil, err
	}
	out := map[int64]Security{}
	for rows.Next() {
		var s Security
		if err := rows.Scan(&s.ID, &s.Code, &s.Exchange, &s.ISIN, &s.Description, &s.Currency, &s.AssetClassCode,
			&s.SectorName, &s.Region, &s.AnnualIncomePerUnit); err != nil {
			rows.Close()
			return nil, err
		}
		s.Currency = strings.ToUpper(strings.TrimSpace(s.Currency))
		if s.IsCash() || slices.Contains(ids, s.ID) {
			out[s.ID] = s
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if err := attachAllocations(ctx, q, out); err != nil {
		return nil, err
	}
	return out, nil
}

// attachAllocations fills the look-through maps (weights stored as fractions, kept as
// percentage points), falling back to the security's own asset class and region.
func attachAllocations(ctx context.Context, q Querier, securities map[int64]Security) error {
	ids := make([]int64, 0, len(securities))
	for id := range securities {
		ids = append(ids, id)
	}
	if len(ids) > 0 {
		rows, err := q.QueryContext(ctx, `SELECT security_id, kind, code, weight FROM security_allocation
			WHERE security_id IN (`+placeholders(len(ids))+`) ORDER BY security_id, kind, code`, int64Args(ids)...)
		if err != nil {
			return err
		}
		for rows.Next() {
			var id int64
			var kind, code string
			var weight float64
			if err := rows.Scan(&id, &kind, &code, &weight); err != nil {
				rows.Close()
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
		}
		rows.Close()
		if err := rows.Err(); err != nil {
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

// LoadPrices reads, per security, the latest close on or before asOf and the latest close
// before asOf (the previous close). Securities without a close are left out.
func LoadPrices(ctx context.Context, q Querier, securityIDs []int64, asOf time.Time) (map[int64]PriceQuote, error) {
	out := map[int64]PriceQuote{}
	day := calc.FormatDate(asOf)
	for _, id := range securityIDs {
		rows, err := q.QueryContext(ctx, `SELECT price_date, close_price FROM security_price
			WHERE security_id = ? AND price_date <= ? ORDER BY price_date DESC LIMIT 2`, id, day)
		if err != nil {
			return nil, err
		}
		var dates []time.Time
		var prices []float64
		for rows.Next() {
			var d string
			var p float64
			if err := rows.Scan(&d, &p); err != nil {
				rows.Close()
				return nil, err
			}
			t, err := calc.ParseDate(d)
			if err != nil {
				rows.Close()
				return nil, err
			}
			dates, prices = append(dates, t), append(prices, p)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, err
		}
		if len(dates) == 0 {
			continue
		}
		quote := PriceQuote{Last: prices[0], LastDate: dates[0]}
		// The previous close is the latest one strictly before the as-at day.
		for i, d := range dates {
			if d.Before(calc.ToDate(asOf)) {
				quote.Prev, quote.PrevDate = prices[i], d
				break
			}
		}
		out[id] = quote
	}
	return out, nil
}

// LoadRates builds a rate table with, for every ordered pair of the given currencies (GBX
// bringing in GBP and the other way round), the latest rate published on or before asOf.
// Conversions through it fail with calc.ErrConversionRateUnavailable when no such rate exists.
func LoadRates(ctx context.Context, q Querier, currencies []string, asOf time.Time) (*calc.RateTable, error) {
	rates, err := latestRates(ctx, q, currencies, asOf)
	if err != nil {
		return nil, err
	}
	return calc.NewRateTable(rates)
}

func latestRates(ctx context.Context, q Querier, currencies []string, asOf time.Time) ([]calc.Rate, error) {
	var codes []string
	add := func(c string) {
		if c != "" && !slices.Contains(codes, c) {
			codes = append(codes, c)
		}
	}
	for _, c := range currencies {
		c = strings.ToUpper(strings.TrimSpace(c))
		add(c)
		if c == calc.GBP || c == calc.GBX {
			add(calc.GBP)
			add(calc.GBX)
		}
	}
	day := calc.FormatDate(asOf)
	var out []calc.Rate
	for _, from := range codes {
		for _, to := range codes {
			if from == to {
				continue
			}
			rows, err := q.QueryContext(ctx, `SELECT rate_date, rate FROM fx_rate
				WHERE base_currency = ? AND quote_currency = ? AND rate_date <= ? AND rate > 0
				ORDER BY rate_date DESC LIMIT 1`, from, to, day)
			if err != nil {
				return nil, err
			}
			for rows.Next() {
				var d string
				var r float64
				if err := rows.Scan(&d, &r); err != nil {
					rows.Close()
					return nil, err
				}
				t, err := calc.ParseDate(d)
				if err != nil {
					rows.Close()
					return nil, err
				}
				out = append(out, calc.Rate{From: from, To: to, Date: t, Rate: r})
			}
			rows.Close()
			if err := rows.Err(); err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}

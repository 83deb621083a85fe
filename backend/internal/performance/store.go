package performance

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"wealthportal/backend/internal/calc"
	"wealthportal/backend/internal/resourceful"
)

// reader runs this package's SQL through the request's querier, rebound for the dialect. Every
// loader reads one table for the whole account set and range, never one row per day.
type reader struct {
	q      resourceful.Querier
	rebind func(string) string
}

func (r reader) query(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	return r.q.QueryContext(ctx, r.rebind(query), args...)
}

func (r reader) queryRow(ctx context.Context, query string, args ...any) *sql.Row {
	return r.q.QueryRowContext(ctx, r.rebind(query), args...)
}

// placeholders returns "?, ?, ?" for n values and the ids as arguments.
func placeholders(ids []int64) (string, []any) {
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	return strings.TrimSuffix(strings.Repeat("?, ", len(ids)), ", "), args
}

// accountInfo is an account with its portfolio, as the answers describe it.
type accountInfo struct {
	ID             int64
	PortfolioID    int64
	Description    string
	PlanCurrency   string
	ReportCurrency string
	ServiceType    string
	Inception      time.Time
	PortfolioName  string
	PType          string
	OwnerEntityID  int64
	// Visibility, SortOrder and Linked are from the viewer's point of view (spec 2 §9).
	Visibility calc.Visibility
	SortOrder  int
	Linked     bool
}

// loadAccounts reads the accounts with their portfolios, in id order.
func (r reader) loadAccounts(ctx context.Context, ids []int64) ([]accountInfo, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	in, args := placeholders(ids)
	rows, err := r.query(ctx, `SELECT a.id, a.portfolio_id, a.description, a.plan_currency, a.report_currency,
		a.service_type, a.active_date, p.portfolio_name, p.ptype, p.entity_id
		FROM account a JOIN portfolio p ON p.id = a.portfolio_id
		WHERE a.id IN (`+in+`) ORDER BY a.id`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []accountInfo
	for rows.Next() {
		var a accountInfo
		var inception string
		if err := rows.Scan(&a.ID, &a.PortfolioID, &a.Description, &a.PlanCurrency, &a.ReportCurrency,
			&a.ServiceType, &inception, &a.PortfolioName, &a.PType, &a.OwnerEntityID); err != nil {
			return nil, err
		}
		if a.Inception, err = calc.ParseDate(inception); err != nil {
			return nil, fmt.Errorf("account %d: active_date: %w", a.ID, err)
		}
		out = append(out, a)
	}
	return out, rows.Err()
}

// party is one row of portfolio_party.
type party struct {
	PortfolioID int64
	EntityID    int64
	Reason      calc.Visibility
}

// loadParties reads who is party to the accounts' portfolios.
func (r reader) loadParties(ctx context.Context, accountIDs []int64) ([]party, error) {
	if len(accountIDs) == 0 {
		return nil, nil
	}
	in, args := placeholders(accountIDs)
	rows, err := r.query(ctx, `SELECT portfolio_id, entity_id, reason_for_visibility FROM portfolio_party
		WHERE portfolio_id IN (SELECT portfolio_id FROM account WHERE id IN (`+in+`))
		ORDER BY portfolio_id, entity_id`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []party
	for rows.Next() {
		var p party
		var reason string
		if err := rows.Scan(&p.PortfolioID, &p.EntityID, &reason); err != nil {
			return nil, err
		}
		p.Reason = calc.ParseVisibility(reason)
		out = append(out, p)
	}
	return out, rows.Err()
}

// partnersOf lists the entity's partners: its partner_entity_id and anyone naming it as theirs.
func (r reader) partnersOf(ctx context.Context, entityID int64) (map[int64]bool, error) {
	rows, err := r.query(ctx, `SELECT id FROM entity
		WHERE id = (SELECT partner_entity_id FROM entity WHERE id = ?) OR partner_entity_id = ?`, entityID, entityID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[int64]bool{}
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		out[id] = true
	}
	return out, rows.Err()
}

// hiddenAccounts lists the accounts the entity has switched off in its account visibility links.
func (r reader) hiddenAccounts(ctx context.Context, entityID int64) (map[int64]bool, error) {
	rows, err := r.query(ctx, `SELECT account_id FROM account_user_visibility_link WHERE entity_id = ? AND visible = 0`, entityID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[int64]bool{}
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		out[id] = true
	}
	return out, rows.Err()
}

// entityZone is the entity's time zone (user_timezone), UTC when unknown or not loadable.
func (r reader) entityZone(ctx context.Context, entityID int64) (*time.Location, error) {
	var tz string
	err := r.queryRow(ctx, `SELECT user_timezone FROM entity WHERE id = ?`, entityID).Scan(&tz)
	if errors.Is(err, sql.ErrNoRows) {
		return time.UTC, nil
	}
	if err != nil {
		return nil, err
	}
	loc, err := time.LoadLocation(tz)
	if err != nil {
		return time.UTC, nil
	}
	return loc, nil
}

// firmCurrency is the firm's base currency, the report currency of last resort.
func (r reader) firmCurrency(ctx context.Context, firmID int64) (string, error) {
	var c string
	err := r.queryRow(ctx, `SELECT base_currency FROM firm WHERE id = ?`, firmID).Scan(&c)
	if errors.Is(err, sql.ErrNoRows) {
		return calc.GBP, nil
	}
	return c, err
}

// loadValuationInput reads what valuing the accounts over rng needs: their transactions up to
// the end, the securities they trade, those securities' closes from the last one on or before
// the start to the end, and the exchange rates between the currencies involved over the same
// span. That is four queries whatever the number of accounts and days.
func (r reader) loadValuationInput(ctx context.Context, accountIDs []int64, rng calc.DateRange, currency string, basis FeeBasis) (valuationInput, error) {
	in := valuationInput{Range: rng, Currency: currency, Basis: basis, Accounts: accountIDs,
		Market: marketData{SecurityCurrency: map[int64]string{}, Prices: map[int64][]price{}}}
	if len(accountIDs) == 0 {
		return in, nil
	}
	start, end := calc.FormatDate(rng.Start), calc.FormatDate(rng.End)
	ids, args := placeholders(accountIDs)
	currencies := map[string]bool{strings.ToUpper(currency): true}

	rows, err := r.query(ctx, `SELECT account_id, COALESCE(security_id, 0), kind, trade_date, volume, price_per_unit,
		gross_amount, fee, tax, net_amount, native_currency
		FROM txn WHERE account_id IN (`+ids+`) AND trade_date <= ? ORDER BY trade_date, id`, append(args, end)...)
	if err != nil {
		return in, err
	}
	err = scanAll(rows, func() error {
		var t txn
		var date string
		if err := rows.Scan(&t.AccountID, &t.SecurityID, &t.Kind, &date, &t.Volume, &t.Price,
			&t.Gross, &t.Fee, &t.Tax, &t.Net, &t.Currency); err != nil {
			return err
		}
		d, err := calc.ParseDate(date)
		if err != nil {
			return fmt.Errorf("txn trade_date: %w", err)
		}
		t.Date = d
		in.Txns = append(in.Txns, t)
		currencies[strings.ToUpper(t.Currency)] = true
		return nil
	})
	if err != nil {
		return in, err
	}

	traded := `SELECT DISTINCT security_id FROM txn WHERE account_id IN (` + ids + `) AND security_id IS NOT NULL AND trade_date <= ?`
	rows, err = r.query(ctx, `SELECT id, currency FROM security WHERE id IN (`+traded+`)`, append(args, end)...)
	if err != nil {
		return in, err
	}
	err = scanAll(rows, func() error {
		var id int64
		var c string
		if err := rows.Scan(&id, &c); err != nil {
			return err
		}
		in.Market.SecurityCurrency[id] = c
		currencies[strings.ToUpper(c)] = true
		return nil
	})
	if err != nil {
		return in, err
	}

	// Each traded security's span starts at its last close on or before the start (found once
	// per security through the primary key), so a holding bought years ago is priced without
	// reading its whole history, and the join then reads each span as one index range.
	rows, err = r.query(ctx, `WITH spans AS (
			SELECT t.security_id, COALESCE((SELECT MAX(p.price_date) FROM security_price p
				WHERE p.security_id = t.security_id AND p.price_date <= ?), ?) AS first_date
			FROM (`+traded+`) t)
		SELECT sp.security_id, sp.price_date, sp.close_price
		FROM spans JOIN security_price sp ON sp.security_id = spans.security_id
			AND sp.price_date >= spans.first_date AND sp.price_date <= ?`, append(append([]any{start, start}, args...), end, end)...)
	if err != nil {
		return in, err
	}
	// No ORDER BY: sorting tens of thousands of rows costs more than checking, below, that each
	// security's closes came in date order, as the primary key range scan gives them.
	dates := dateCache{}
	err = scanAll(rows, func() error {
		var id int64
		var date sql.RawBytes
		var p price
		if err := rows.Scan(&id, &date, &p.Close); err != nil {
			return err
		}
		d, err := dates.parse(date)
		if err != nil {
			return fmt.Errorf("security_price price_date: %w", err)
		}
		p.Date = d
		in.Market.Prices[id] = append(in.Market.Prices[id], p)
		return nil
	})
	if err != nil {
		return in, err
	}
	for _, list := range in.Market.Prices {
		if !slices.IsSortedFunc(list, func(a, b price) int { return a.Date.Compare(b.Date) }) {
			slices.SortFunc(list, func(a, b price) int { return a.Date.Compare(b.Date) })
		}
	}

	rates, err := r.loadRates(ctx, currencies, rng)
	if err != nil {
		return in, err
	}
	in.Market.Rates = rates
	return in, nil
}

// loadRates reads the rates between the given currencies from the last one on or before the
// range start to its end. GBX needs no rates of its own (calc restates it against GBP).
func (r reader) loadRates(ctx context.Context, currencies map[string]bool, rng calc.DateRange) (*calc.RateTable, error) {
	if currencies[calc.GBX] {
		currencies[calc.GBP] = true
	}
	codes := make([]string, 0, len(currencies))
	for c := range currencies {
		if c != "" {
			codes = append(codes, c)
		}
	}
	slices.Sort(codes)
	if len(codes) < 2 {
		return calc.NewRateTable(nil)
	}
	in := strings.TrimSuffix(strings.Repeat("?, ", len(codes)), ", ")
	args := make([]any, 0, 2*len(codes)+4)
	for range 2 {
		for _, c := range codes {
			args = append(args, c)
		}
	}
	start, end := calc.FormatDate(rng.Start), calc.FormatDate(rng.End)
	args = append(args, end, start, start)
	rows, err := r.query(ctx, `SELECT f.base_currency, f.quote_currency, f.rate_date, f.rate FROM fx_rate f
		WHERE UPPER(f.base_currency) IN (`+in+`) AND UPPER(f.quote_currency) IN (`+in+`) AND f.rate_date <= ?
		AND f.rate_date >= COALESCE((SELECT MAX(f2.rate_date) FROM fx_rate f2
			WHERE f2.base_currency = f.base_currency AND f2.quote_currency = f.quote_currency AND f2.rate_date <= ?), ?)
		ORDER BY f.base_currency, f.quote_currency, f.rate_date`, args...)
	if err != nil {
		return nil, err
	}
	var rates []calc.Rate
	err = scanAll(rows, func() error {
		var rt calc.Rate
		var date string
		if err := rows.Scan(&rt.From, &rt.To, &date, &rt.Rate); err != nil {
			return err
		}
		d, err := calc.ParseDate(date)
		if err != nil {
			return fmt.Errorf("fx_rate rate_date: %w", err)
		}
		rt.Date = d
		rates = append(rates, rt)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return calc.NewRateTable(rates)
}

// benchmark is a benchmark with its values from the last one on or before a date.
type benchmark struct {
	Name     string
	Currency string
	Values   []price
}

// errUnknownBenchmark reports a benchmark_name that names no benchmark.
var errUnknownBenchmark = errors.New("unknown benchmark")

// loadBenchmark reads the named benchmark's values from the last one on or before from to to.
func (r reader) loadBenchmark(ctx context.Context, name string, from, to time.Time) (benchmark, error) {
	var id int64
	b := benchmark{}
	err := r.queryRow(ctx, `SELECT id, name, currency FROM benchmark WHERE name = ?`, name).Scan(&id, &b.Name, &b.Currency)
	if errors.Is(err, sql.ErrNoRows) {
		return b, errUnknownBenchmark
	}
	if err != nil {
		return b, err
	}
	f, t := calc.FormatDate(from), calc.FormatDate(to)
	rows, err := r.query(ctx, `SELECT value_date, value FROM benchmark_value
		WHERE benchmark_id = ? AND value_date <= ?
		AND value_date >= COALESCE((SELECT MAX(value_date) FROM benchmark_value WHERE benchmark_id = ? AND value_date <= ?), ?)
		ORDER BY value_date`, id, t, id, f, f)
	if err != nil {
		return b, err
	}
	err = scanAll(rows, func() error {
		var date string
		var p price
		if err := rows.Scan(&date, &p.Close); err != nil {
			return err
		}
		d, err := calc.ParseDate(date)
		if err != nil {
			return fmt.Errorf("benchmark_value value_date: %w", err)
		}
		p.Date = d
		b.Values = append(b.Values, p)
		return nil
	})
	return b, err
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

// scanAll calls each for every row and closes rows.
func scanAll(rows *sql.Rows, each func() error) error {
	defer rows.Close()
	for rows.Next() {
		if err := each(); err != nil {
			return err
		}
	}
	return rows.Err()
}

package performance

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"wealthportal/backend/internal/calc"
	"wealthportal/backend/internal/ledger"
	"wealthportal/backend/internal/resourceful"
	"wealthportal/backend/internal/store"
)

// reader runs this package's SQL through the request's querier, rebound for the dialect. Every
// loader reads one table for the whole account set and range, never one row per day.
type reader struct {
	q      resourceful.Querier
	rebind func(string) string
	// days values from the store's materialised days; nil inside a request's transaction.
	days *ledger.Days
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

// partnersQuery finds an entity's partners in two index searches (the primary key, and
// entity_partner_idx for anyone naming it as theirs), never a scan of every entity:
// TestPartnersQueryPlanUsesIndexes.
const partnersQuery = `SELECT partner_entity_id FROM entity WHERE id = ? AND partner_entity_id IS NOT NULL
	UNION SELECT id FROM entity WHERE partner_entity_id = ?`

// partnersOf lists the entity's partners: its partner_entity_id and anyone naming it as theirs.
func (r reader) partnersOf(ctx context.Context, entityID int64) (map[int64]bool, error) {
	rows, err := r.query(ctx, partnersQuery, entityID, entityID)
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

// benchmark is a benchmark with its values from the last one on or before a date.
type benchmark struct {
	Name     string
	Currency string
	Values   []price
}

// price is one dated benchmark value.
type price struct {
	Date  time.Time
	Close float64
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
	err = store.ScanAll(rows, func() error {
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

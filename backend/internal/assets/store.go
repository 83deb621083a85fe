package assets

import (
	"context"
	"database/sql"
	"errors"
	"strings"

	"wealthportal/backend/internal/access"
	"wealthportal/backend/internal/apierr"
)

// Querier runs SQL: the database or the request's open transaction, with ? rebound.
type Querier = access.Querier

// Row is one stored asset of any list (table client_asset, migration 0022).
type Row struct {
	ID                 int64
	EntityID           int64
	List               string
	Description        string
	Type               string
	TypeDescription    string
	PolicyNumber       string
	AssetNumber        string
	Provider           string
	Status             string
	Owner              string
	Currency           string
	Amount             float64
	MarketValue        sql.NullFloat64
	ValuationDate      sql.NullString
	ContributionTotal  sql.NullFloat64
	WithdrawalTotal    sql.NullFloat64
	CrystallisedFund   sql.NullFloat64
	UncrystallisedFund sql.NullFloat64
	IncomeValue        sql.NullFloat64
	IncomeRate         sql.NullFloat64
	Frequency          string
	CapitalContent     sql.NullFloat64
	Rate               sql.NullFloat64
	IsSIPPWrapper      bool
	NbrUnderAdvice     int
	LoginAccessible    bool
}

// Record is what the filters of spec 3 §5 look at.
func (r Row) Record() Record {
	return Record{List: r.List, Type: r.Type, Status: r.Status, IsSIPPWrapper: r.IsSIPPWrapper,
		NbrUnderAdvice: r.NbrUnderAdvice, LoginAccessible: r.LoginAccessible}
}

// rowColumns are a Row's columns of client_asset a.
const rowColumns = `a.id, a.entity_id, a.list_name, a.description, a.type, a.type_description, a.policy_number,
	a.asset_number, a.provider, a.status, a.owner, a.currency, a.amount, a.market_value,
	a.valuation_date, a.contribution_total, a.withdrawal_total, a.crystallised_fund,
	a.uncrystallised_fund, a.income_value, a.income_rate, a.frequency, a.capital_content, a.rate,
	a.is_sipp_wrapper, a.nbr_under_advice, a.login_accessible`

// listQuery reads one client's list in index order: the records kept for the client
// (client_asset_entity_list_idx) and those it owns a share of, such as a joint asset its partner
// keeps (client_asset_owner_entity_idx); TestListQueryUsesIndexes checks the plan.
const listQuery = `SELECT ` + rowColumns + ` FROM client_asset a WHERE a.entity_id = ? AND a.list_name = ?
	UNION SELECT ` + rowColumns + ` FROM client_asset_owner o JOIN client_asset a ON a.id = o.asset_id
		WHERE o.entity_id = ? AND o.percentage > 0 AND a.list_name = ?
	ORDER BY id`

// LoadList reads a client's list in index order, every row: the filters run in Go, since a list
// holds a household's few dozen records at most. It does no access check.
func LoadList(ctx context.Context, q Querier, clientID int64, list string) ([]Row, error) {
	rows, err := q.QueryContext(ctx, listQuery, clientID, list, clientID, list)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Row
	for rows.Next() {
		r, err := scanRow(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// LoadRow reads one asset of a client's list (kept for it or owned in part); a row of another
// client or list is ErrNotFound.
func LoadRow(ctx context.Context, q Querier, clientID int64, list string, id int64) (Row, error) {
	r, err := scanRow(q.QueryRowContext(ctx, `SELECT `+rowColumns+` FROM client_asset a WHERE a.id = ? AND a.list_name = ? AND (a.entity_id = ?
		OR a.id IN (SELECT asset_id FROM client_asset_owner WHERE entity_id = ? AND percentage > 0))`, id, list, clientID, clientID))
	if errors.Is(err, sql.ErrNoRows) {
		return Row{}, apierr.ErrNotFound
	}
	return r, err
}

type scanner interface{ Scan(dest ...any) error }

func scanRow(s scanner) (Row, error) {
	var r Row
	var wrapper, accessible int
	err := s.Scan(&r.ID, &r.EntityID, &r.List, &r.Description, &r.Type, &r.TypeDescription, &r.PolicyNumber, &r.AssetNumber,
		&r.Provider, &r.Status, &r.Owner, &r.Currency, &r.Amount, &r.MarketValue, &r.ValuationDate, &r.ContributionTotal,
		&r.WithdrawalTotal, &r.CrystallisedFund, &r.UncrystallisedFund, &r.IncomeValue, &r.IncomeRate, &r.Frequency,
		&r.CapitalContent, &r.Rate, &wrapper, &r.NbrUnderAdvice, &accessible)
	r.IsSIPPWrapper, r.LoginAccessible = wrapper == 1, accessible == 1
	return r, err
}

// ownersQuery reads the owners of some assets through the owner table's primary key.
const ownersQuery = `SELECT o.asset_id, o.entity_id, e.first_name, e.last_name, e.entity_name, o.percentage
	FROM client_asset_owner o JOIN entity e ON e.id = o.entity_id
	WHERE o.asset_id IN (%s) ORDER BY o.asset_id, o.percentage DESC, o.entity_id`

// LoadOwners reads the owners of the given assets, every percentage (Owners drops the zeros),
// largest share first.
func LoadOwners(ctx context.Context, q Querier, assetIDs []int64) (map[int64][]Owner, error) {
	out := map[int64][]Owner{}
	if len(assetIDs) == 0 {
		return out, nil
	}
	args := make([]any, len(assetIDs))
	for i, id := range assetIDs {
		args[i] = id
	}
	rows, err := q.QueryContext(ctx, strings.Replace(ownersQuery, "%s", placeholders(len(assetIDs)), 1), args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var assetID int64
		var o Owner
		var first, last, name sql.NullString
		if err := rows.Scan(&assetID, &o.EntityID, &first, &last, &name, &o.Percentage); err != nil {
			return nil, err
		}
		o.FirstName, o.LastName, o.Name = first.String, last.String, name.String
		out[assetID] = append(out[assetID], o)
	}
	return out, rows.Err()
}

func placeholders(n int) string { return strings.TrimSuffix(strings.Repeat("?, ", n), ", ") }

// Client is what the asset answers need of the client whose lists they are.
type Client struct {
	ID                int64
	Region            string
	PreferredCurrency string
}

// LoadClient reads a client's region (its field sets, spec 3 §3.5) and preferred currency (the
// report currency of its totals).
func LoadClient(ctx context.Context, q Querier, id int64) (Client, error) {
	c := Client{ID: id}
	err := q.QueryRowContext(ctx, `SELECT region, preferred_currency FROM entity WHERE id = ?`, id).Scan(&c.Region, &c.PreferredCurrency)
	if errors.Is(err, sql.ErrNoRows) {
		return c, apierr.ErrNotFound
	}
	if c.PreferredCurrency == "" {
		c.PreferredCurrency = "GBP"
	}
	return c, err
}

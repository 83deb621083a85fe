package portfolio

import (
	"context"
	"slices"
	"strings"
	"time"

	"wealthportal/backend/internal/access"
	"wealthportal/backend/internal/calc"
)

// Querier runs SQL: the database, an open transaction or the request's querier
// (resourceful.Querier and access.Querier both satisfy it).
type Querier = access.Querier

// Party is an entity with a say in a portfolio and why it can see it.
type Party struct {
	EntityID int64
	Reason   calc.Visibility
}

// Account is an account with its portfolio, as stored (spec 2 §3, spec 3 §3.5).
type Account struct {
	ID                int64
	PortfolioID       int64
	PortfolioName     string
	OwnerID           int64 // the portfolio's entity (its primary owner)
	OwnerName         string
	PType             calc.PortfolioType
	Description       string
	TaxStructure      string
	Product           string
	ExternalAccountID string
	Subfund           string
	TaxType           string
	TaxTypeTitle      string
	ServiceType       string
	PlanCurrency      string
	BaseCurrency      string
	ReportCurrency    string
	ActiveDate        time.Time
	VendorID          string
	Active            bool
	Blocked           bool
	IsDefault         bool
	// Parties are the portfolio's parties, best reason first.
	Parties []Party
}

const accountColumns = `a.id, a.portfolio_id, p.portfolio_name, p.entity_id, e.entity_name, p.ptype,
	a.description, a.tax_structure, a.product, a.external_account_id, a.subfund, a.tax_type,
	a.tax_type_title, a.service_type, a.plan_currency, a.base_currency, a.report_currency,
	a.active_date, a.vendor_id, a.active, a.blocked, a.is_default`

const accountFrom = ` FROM account a JOIN portfolio p ON p.id = a.portfolio_id JOIN entity e ON e.id = p.entity_id`

// LoadAccounts reads the accounts with the given ids, in the order of ids; ids that do not
// exist are left out. It does no access check: callers check each id first.
func LoadAccounts(ctx context.Context, q Querier, ids []int64) ([]Account, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	list, err := queryAccounts(ctx, q, `SELECT `+accountColumns+accountFrom+` WHERE a.id IN (`+placeholders(len(ids))+`)`, int64Args(ids)...)
	if err != nil {
		return nil, err
	}
	byID := make(map[int64]Account, len(list))
	for _, a := range list {
		byID[a.ID] = a
	}
	out := make([]Account, 0, len(ids))
	seen := map[int64]bool{}
	for _, id := range ids {
		if a, ok := byID[id]; ok && !seen[id] {
			seen[id] = true
			out = append(out, a)
		}
	}
	return out, nil
}

// loadPortfolioAccounts reads the accounts of one portfolio by description.
func loadPortfolioAccounts(ctx context.Context, q Querier, portfolioID int64) ([]Account, error) {
	return queryAccounts(ctx, q, `SELECT `+accountColumns+accountFrom+` WHERE a.portfolio_id = ? ORDER BY a.description, a.id`, portfolioID)
}

func queryAccounts(ctx context.Context, q Querier, query string, args ...any) ([]Account, error) {
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Account
	for rows.Next() {
		var a Account
		var ptype, active string
		if err := rows.Scan(&a.ID, &a.PortfolioID, &a.PortfolioName, &a.OwnerID, &a.OwnerName, &ptype,
			&a.Description, &a.TaxStructure, &a.Product, &a.ExternalAccountID, &a.Subfund, &a.TaxType,
			&a.TaxTypeTitle, &a.ServiceType, &a.PlanCurrency, &a.BaseCurrency, &a.ReportCurrency,
			&active, &a.VendorID, &a.Active, &a.Blocked, &a.IsDefault); err != nil {
			return nil, err
		}
		a.PType, _ = calc.ParsePortfolioType(ptype)
		a.ActiveDate, _ = calc.ParseDate(active) // a malformed stored date shows as none
		out = append(out, a)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if err := attachParties(ctx, q, out); err != nil {
		return nil, err
	}
	return out, nil
}

// attachParties fills each account's Parties from portfolio_party.
func attachParties(ctx context.Context, q Querier, accounts []Account) error {
	if len(accounts) == 0 {
		return nil
	}
	var portfolioIDs []int64
	for _, a := range accounts {
		if !slices.Contains(portfolioIDs, a.PortfolioID) {
			portfolioIDs = append(portfolioIDs, a.PortfolioID)
		}
	}
	parties, err := loadParties(ctx, q, portfolioIDs)
	if err != nil {
		return err
	}
	for i := range accounts {
		accounts[i].Parties = parties[accounts[i].PortfolioID]
	}
	return nil
}

// loadParties reads the parties of portfolios, each list in the accounts ordering of spec 2 §9.
func loadParties(ctx context.Context, q Querier, portfolioIDs []int64) (map[int64][]Party, error) {
	out := map[int64][]Party{}
	if len(portfolioIDs) == 0 {
		return out, nil
	}
	rows, err := q.QueryContext(ctx, `SELECT portfolio_id, entity_id, reason_for_visibility FROM portfolio_party
		WHERE portfolio_id IN (`+placeholders(len(portfolioIDs))+`) ORDER BY portfolio_id, entity_id`, int64Args(portfolioIDs)...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var portfolioID int64
		var p Party
		var reason string
		if err := rows.Scan(&portfolioID, &p.EntityID, &reason); err != nil {
			return nil, err
		}
		p.Reason = calc.ParseVisibility(reason)
		out[portfolioID] = append(out[portfolioID], p)
	}
	for _, list := range out {
		calc.SortByVisibility(list, func(p Party) calc.Visibility { return p.Reason })
	}
	return out, rows.Err()
}

// placeholders is "?, ?, ?" for n values.
func placeholders(n int) string {
	if n <= 0 {
		return "NULL" // IN (NULL) matches nothing, which is what an empty list means
	}
	return strings.TrimSuffix(strings.Repeat("?, ", n), ", ")
}

func int64Args(ids []int64) []any {
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	return args
}

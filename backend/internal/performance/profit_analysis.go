package performance

import (
	"context"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/access"
	"wealthportal/backend/internal/calc"
	"wealthportal/backend/internal/ledger"
	"wealthportal/backend/internal/resourceful"
)

// NoAccountsMessage is the answer's message when the selection has no accounts (spec 2 §8).
const NoAccountsMessage = "You don't have any accounts to view."

// answerFunc answers a detail request for its selection: the profit analysis (answerDetail)
// or its breakdown (answerBreakdown).
type answerFunc func(c *gin.Context, r reader, p access.Principal, sel selection, d detailParams) error

// GET /resourceful/portfolio/profit_analysis/detail
func (m *Module) profitAnalysis(c *gin.Context) error { return m.serveAccounts(c, m.answerDetail) }

// GET /resourceful/portfolio/group/account/code/:code/profit_analysis/detail
func (m *Module) groupProfitAnalysis(c *gin.Context) error { return m.serveGroup(c, m.answerDetail) }

// GET /resourceful/portfolio/profit_analysis/breakdown
func (m *Module) profitBreakdown(c *gin.Context) error { return m.serveAccounts(c, m.answerBreakdown) }

// GET /resourceful/portfolio/group/account/code/:code/profit_analysis/breakdown
func (m *Module) groupProfitBreakdown(c *gin.Context) error {
	return m.serveGroup(c, m.answerBreakdown)
}

// serveAccounts answers a request for the selection of its accounts (accountid, entityid).
func (m *Module) serveAccounts(c *gin.Context, answer answerFunc) error {
	p, d, err := detailRequest(c)
	if err != nil {
		return err
	}
	r := m.reader(c)
	sel, err := r.detailSelection(c.Request.Context(), p, d)
	if err != nil {
		return err
	}
	return answer(c, r, p, sel, d)
}

// serveGroup answers a request for an account group's accounts (the :code parameter).
func (m *Module) serveGroup(c *gin.Context, answer answerFunc) error {
	p, d, err := detailRequest(c)
	if err != nil {
		return err
	}
	r := m.reader(c)
	sel, err := r.groupSelection(c.Request.Context(), p, c.Param("code"), d.EntityID)
	if err != nil {
		return err
	}
	if len(d.AccountIDs) > 0 { // an accountid list narrows the group to those of its members
		sel.AccountIDs = intersect(sel.AccountIDs, d.AccountIDs)
	}
	return answer(c, r, p, sel, d)
}

func detailRequest(c *gin.Context) (access.Principal, detailParams, error) {
	p, err := principal(c)
	if err != nil {
		return p, detailParams{}, err
	}
	params, err := requestParams(c)
	if err != nil {
		return p, detailParams{}, err
	}
	d, err := parseDetail(params)
	return p, d, err
}

func (m *Module) answerDetail(c *gin.Context, r reader, p access.Principal, sel selection, d detailParams) error {
	ans, err := r.profitAnalysis(c.Request.Context(), p, sel, d, m.now())
	if err != nil {
		return err
	}
	resourceful.JSON(c, http.StatusOK, ans)
	return nil
}

// profitAnalysis values the selection over the requested range and answers its figures.
func (r reader) profitAnalysis(ctx context.Context, p access.Principal, sel selection, d detailParams, now time.Time) (map[string]any, error) {
	v, accts, err := r.valueSelection(ctx, p, sel, d, now)
	if err != nil {
		return nil, err
	}
	return detailAnswer(v, accts, d, sel.Group), nil
}

// valueSelection describes the selection's accounts, resolves its range and report currency
// and values it: what the profit analysis and its breakdown both measure.
func (r reader) valueSelection(ctx context.Context, p access.Principal, sel selection, d detailParams, now time.Time) (ledger.Valuation, []accountInfo, error) {
	accts, err := r.describe(ctx, sel)
	if err != nil {
		return ledger.Valuation{}, nil, err
	}
	today, err := r.today(ctx, p, now)
	if err != nil {
		return ledger.Valuation{}, nil, err
	}
	rng, err := resolveRange(d.commonParams, today, opening(accts))
	if err != nil {
		return ledger.Valuation{}, nil, err
	}
	firm, err := r.firmCurrency(ctx, p.FirmID)
	if err != nil {
		return ledger.Valuation{}, nil, err
	}
	currency := reportCurrency(d.ReportCurrency, sel, accts, firm)
	v, err := r.valuation(ctx, idsOf(accts), rng, currency, d.Basis)
	return v, accts, err
}

// detailAnswer lays the figures out by grouping: every answer has the consolidated "total";
// "account" adds a flat "accounts" list; "portfolio" a "portfolios" list; "portfolio,account"
// portfolios each with their "accounts". Rows keep the order of accts.
func detailAnswer(v ledger.Valuation, accts []accountInfo, d detailParams, group *accountGroup) map[string]any {
	measured := func(ids []int64) map[string]any {
		return selectFields(figuresJSON(measure(v, v.Combine(ids), d.IncludeTWRR, d.IncludeIRR), v.Currency, d.IncludeTWRR, d.IncludeIRR), d.Fields)
	}
	grouping := d.Grouping
	if grouping == groupTotal {
		grouping = "all"
	}
	ans := map[string]any{
		"start_date":        resourceful.Date(v.Range.Start),
		"end_date":          resourceful.Date(v.Range.End),
		"report_currency":   v.Currency,
		"grouping":          grouping,
		"from_pricing_type": d.FromPricing,
		"to_pricing_type":   d.ToPricing,
		"prices_used":       pricingClose,
		"fees_and_taxes":    int(d.Basis),
		"hold_back_period":  d.HoldBack,
	}
	if group != nil {
		ans["group_code"], ans["group_name"] = group.Code, group.Name
	}
	ids := idsOf(accts)
	total := measured(ids)
	total["accounts_count"] = len(ids)
	ans["total"] = total
	if len(accts) == 0 {
		ans["message"] = NoAccountsMessage
	}

	accountRow := func(a accountInfo) map[string]any {
		return merge(map[string]any{
			"accountid":             a.ID,
			"description":           a.Description,
			"portfolioid":           a.PortfolioID,
			"portfolio_name":        a.PortfolioName,
			"ptype":                 a.PType,
			"plan_currency":         a.PlanCurrency,
			"inception_date":        resourceful.Date(a.Inception),
			"reason_for_visibility": string(a.Visibility),
			"sortOrder":             a.SortOrder,
			"isLinked":              a.Linked,
		}, measured([]int64{a.ID}))
	}
	switch d.Grouping {
	case groupAccount:
		rows := make([]map[string]any, 0, len(accts))
		for _, a := range accts {
			rows = append(rows, accountRow(a))
		}
		ans["accounts"] = rows
	case groupPortfolio, groupPortfolioAccount:
		rows := []map[string]any{}
		for _, pf := range portfoliosOf(accts) {
			row := merge(map[string]any{
				"portfolioid":           pf.ID,
				"portfolio_name":        pf.Name,
				"ptype":                 pf.PType,
				"reason_for_visibility": string(pf.Visibility),
				"sortOrder":             pf.SortOrder,
				"isLinked":              pf.Linked,
				"accounts_count":        len(pf.Accounts),
			}, measured(idsOf(pf.Accounts)))
			if d.Grouping == groupPortfolioAccount {
				nested := make([]map[string]any, 0, len(pf.Accounts))
				for _, a := range pf.Accounts {
					nested = append(nested, accountRow(a))
				}
				row["accounts"] = nested
			}
			rows = append(rows, row)
		}
		ans["portfolios"] = rows
	}
	return ans
}

// portfolioRows is a portfolio of the selection with its accounts, described by its first.
type portfolioRows struct {
	ID         int64
	Name       string
	PType      string
	Visibility calc.Visibility
	SortOrder  int
	Linked     bool
	Accounts   []accountInfo
}

// portfoliosOf groups ordered accounts by portfolio, portfolios in order of their first account.
func portfoliosOf(accts []accountInfo) []portfolioRows {
	var out []portfolioRows
	at := map[int64]int{}
	for _, a := range accts {
		i, ok := at[a.PortfolioID]
		if !ok {
			i = len(out)
			at[a.PortfolioID] = i
			out = append(out, portfolioRows{ID: a.PortfolioID, Name: a.PortfolioName, PType: a.PType,
				Visibility: a.Visibility, SortOrder: a.SortOrder, Linked: a.Linked})
		}
		out[i].Accounts = append(out[i].Accounts, a)
	}
	return out
}

func idsOf(accts []accountInfo) []int64 {
	ids := make([]int64, len(accts))
	for i, a := range accts {
		ids[i] = a.ID
	}
	return ids
}

// intersect keeps the ids of all that are also in some, in all's order.
func intersect(all, some []int64) []int64 {
	keep := map[int64]bool{}
	for _, id := range some {
		keep[id] = true
	}
	var out []int64
	for _, id := range all {
		if keep[id] {
			out = append(out, id)
		}
	}
	return out
}

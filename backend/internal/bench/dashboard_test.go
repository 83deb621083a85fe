package bench

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"wealthportal/backend/internal/firmdata"
)

// dashboard is the two batch round trips of a client's home page (spec 2 §2.1, §2.2, §4) as
// the web app sends them (docs/api-contract.md, "The dashboard's calls (issue 15)";
// web/src/features/portfolio/api/dashboard-accounts.ts and dashboard-data.ts), here as the
// adviser with the client in context, the site's default settings (Split, fees_and_taxes 1,
// no hold-back) and the default time frame (a year to today).
type dashboard struct {
	accounts, data string // the two batch bodies
	nAccounts      int    // the accounts the screen shows
}

// dashboardSettings are the web's defaults (web/public/site-config.json): the overview is the
// client's own accounts (Split), after fees and taxes, no hold-back period.
const (
	dashboardFeesAndTaxes = "1"
	dashboardHoldBack     = "0"
)

// query is a query string in the given order, as URLSearchParams writes it.
func query(pairs ...string) string {
	var b strings.Builder
	for i := 0; i+1 < len(pairs); i += 2 {
		if b.Len() > 0 {
			b.WriteByte('&')
		}
		b.WriteString(url.QueryEscape(pairs[i]) + "=" + url.QueryEscape(pairs[i+1]))
	}
	return b.String()
}

// batchBody is a batch of GET items as web/src/shared/http/batch.ts sends it.
func batchBody(paths []string) string {
	items := make([]string, len(paths))
	for i, p := range paths {
		items[i] = fmt.Sprintf(`{"method": "GET", "url": %q}`, "/resourceful/"+p)
	}
	return `{"batch": [` + strings.Join(items, ", ") + `]}`
}

// dashboardAccountsCalls is dashboardAccountsCalls of dashboard-accounts.ts.
func dashboardAccountsCalls(entity string) []string {
	return []string{
		"entity/client/" + entity + "/portfolio",
		"portfolio/account?entityid=" + entity,
		"portfolio/group/account?entityid=" + entity,
		"entity/client-v4/" + entity + "/account_user_visibility_link",
		"entity/client-v3/" + entity + "/capability",
	}
}

// shownAccount is an account row of the first round trip, the fields the screen plans with.
type shownAccount struct {
	AccountID   int64   `json:"accountid"`
	Description *string `json:"description"`
	PortfolioID *int64  `json:"portfolioid"`
	Reason      *string `json:"reason_for_visibility"`
	SortOrder   *int    `json:"sortOrder"`
	IsLinked    *bool   `json:"isLinked"`
	ServiceType *string `json:"service_type"`
}

// reasonOrder is REASON_ORDER of portfolio-rules.ts.
var reasonOrder = []string{"single_owner", "primary_joint_owner", "secondary_joint_owner", "shared_owner", "explicit_link"}

func (a shownAccount) reasonRank() int {
	r := ""
	if a.Reason != nil {
		r = *a.Reason
	}
	if i := slices.Index(reasonOrder, r); i >= 0 {
		return i
	}
	return len(reasonOrder)
}

func (a shownAccount) sortOrder() int {
	if a.SortOrder == nil {
		return 0
	}
	return *a.SortOrder
}

func (a shownAccount) description() string {
	if a.Description == nil {
		return ""
	}
	return *a.Description
}

// linked is isLinkedAccount of portfolio-rules.ts.
func (a shownAccount) linked() bool {
	return (a.IsLinked != nil && *a.IsLinked) || a.sortOrder() > 3 || (a.Reason != nil && *a.Reason == "explicit_link")
}

// planDashboardData is planDashboardData of dashboard-data.ts for the default settings and
// time frame, from the first round trip's answers (in dashboardAccountsCalls' order).
func planDashboardData(tb testing.TB, entity, end string, answers []string) (paths []string, shown int) {
	tb.Helper()
	var accounts []shownAccount
	if err := json.Unmarshal([]byte(answers[1]), &accounts); err != nil {
		tb.Fatalf("accounts: %v", err)
	}
	var links []struct {
		AccountID int64 `json:"accountid"`
		Visible   bool  `json:"visible"`
	}
	if err := json.Unmarshal([]byte(answers[3]), &links); err != nil {
		tb.Fatalf("visibility links: %v", err)
	}
	var capabilities map[string]any
	if err := json.Unmarshal([]byte(answers[4]), &capabilities); err != nil {
		tb.Fatalf("capabilities: %v", err)
	}
	hidden := map[int64]bool{}
	for _, l := range links {
		if !l.Visible {
			hidden[l.AccountID] = true
		}
	}
	// The accounts shown: visible and managed, in the spec's order (compareAccounts).
	accounts = slices.DeleteFunc(accounts, func(a shownAccount) bool {
		return hidden[a.AccountID] || (a.ServiceType != nil && strings.EqualFold(strings.TrimSpace(*a.ServiceType), "not managed"))
	})
	slices.SortStableFunc(accounts, func(a, b shownAccount) int {
		if d := a.reasonRank() - b.reasonRank(); d != 0 {
			return d
		}
		if d := a.sortOrder() - b.sortOrder(); d != 0 {
			return d
		}
		if d := strings.Compare(a.description(), b.description()); d != 0 {
			return d
		}
		return int(a.AccountID - b.AccountID)
	})
	mine := slices.DeleteFunc(slices.Clone(accounts), shownAccount.linked)
	pricing := "close"
	if capabilities["live_marketdata_access"] == true {
		pricing = "live"
	} else if capabilities["view_marketdata"] == true {
		pricing = "delayed"
	}
	ids := func(as []shownAccount) string {
		s := make([]string, len(as))
		for i, a := range as {
			s[i] = fmt.Sprint(a.AccountID)
		}
		return strings.Join(s, ",")
	}
	// profitAnalysisQuery of profit-analysis.ts; the default time frame sends no start_date.
	analysis := func(as []shownAccount, grouping ...string) string {
		q := []string{"entityid", entity, "accountid", ids(as)}
		q = append(q, grouping...)
		q = append(q, "end_date", end, "fees_and_taxes", dashboardFeesAndTaxes, "hold_back_period", dashboardHoldBack,
			"from_pricing_type", pricing, "to_pricing_type", pricing, "include_twrr", "1", "include_irr", "1")
		return "portfolio/profit_analysis/detail?" + query(q...)
	}
	paths = append(paths, analysis(accounts, "grouping", "portfolio,account"))
	if len(mine) != len(accounts) && len(mine) > 0 {
		paths = append(paths, analysis(mine))
	}
	// A year ends within 24 months of its start: chartFrequency is monthly (3).
	var portfolios []int64
	for _, a := range mine {
		if a.PortfolioID != nil && !slices.Contains(portfolios, *a.PortfolioID) {
			portfolios = append(portfolios, *a.PortfolioID)
		}
	}
	for _, p := range portfolios {
		paths = append(paths, fmt.Sprintf("portfolio/portfolio/%d/profit_analysis/historic_time_series_twrr?", p)+query(
			"entityid", entity, "end_date", end, "frequency", "3", "fees_and_taxes", dashboardFeesAndTaxes,
			"hold_back_period", dashboardHoldBack, "from_pricing_type", pricing, "to_pricing_type", pricing,
			"apply_exclude_unless_FUM", "1"))
	}
	if len(mine) > 0 {
		paths = append(paths, "portfolio/position?accountid="+ids(mine))
	}
	return paths, len(accounts)
}

// familyOffice is the dashboard of the synthetic firm's 20-account client
// (firmdata.FamilyOfficeAccounts): client1, a client of adviser1. The second batch is planned
// from the first one's answers, as the screen plans it: over the accounts shown, which leave
// out the client's 'Not managed' ones.
func (f *firm) familyOffice(tb testing.TB) dashboard {
	tb.Helper()
	var entity int64
	var accounts int
	err := f.db.QueryRowContext(context.Background(), `SELECT u.entity_id, COUNT(a.id) FROM app_user u
		JOIN portfolio p ON p.entity_id = u.entity_id JOIN account a ON a.portfolio_id = p.id
		WHERE u.username = 'client1' GROUP BY u.entity_id`).Scan(&entity, &accounts)
	if err != nil {
		tb.Fatal(err)
	}
	if accounts != firmdata.FamilyOfficeAccounts {
		tb.Fatalf("client1 has %d accounts, want %d (is the cached store older than benchDataVersion?)", accounts, firmdata.FamilyOfficeAccounts)
	}
	id := fmt.Sprint(entity)
	first := batchBody(dashboardAccountsCalls(id))
	second, shown := planDashboardData(tb, id, day(today), f.batch(tb, first))
	return dashboard{accounts: first, data: batchBody(second), nAccounts: shown}
}

// batch posts one batch as the adviser, fails on anything but 200 for it and every item, and
// returns the items' bodies.
func (f *firm) batch(tb testing.TB, body string) []string {
	req := httptest.NewRequest(http.MethodPost, "/resourceful", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.AddCookie(f.adviserCookie)
	rec := httptest.NewRecorder()
	f.engine.ServeHTTP(rec, req)
	if rec.Code != http.StatusOK {
		tb.Fatalf("batch: %d %s", rec.Code, rec.Body.String())
	}
	var items []struct {
		Code int     `json:"code"`
		Body *string `json:"body"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &items); err != nil {
		tb.Fatal(err)
	}
	bodies := make([]string, len(items))
	for i, it := range items {
		if it.Body != nil {
			bodies[i] = *it.Body
		}
		if it.Code != http.StatusOK {
			tb.Fatalf("batch item %d: %d %s", i, it.Code, bodies[i])
		}
	}
	return bodies
}

// BenchmarkDashboard20Accounts: the home page data of a client with 20 accounts, the two batch
// round trips of dashboard; p95-ms is the 95th percentile of the pair's server time.
func BenchmarkDashboard20Accounts(b *testing.B) {
	eachFirm(b, func(b *testing.B, f *firm) {
		d := f.familyOffice(b)
		var took []time.Duration
		b.ResetTimer()
		for b.Loop() {
			started := time.Now()
			f.batch(b, d.accounts)
			f.batch(b, d.data)
			took = append(took, time.Since(started))
		}
		b.StopTimer()
		b.ReportMetric(percentile(took, 95).Seconds()*1000, "p95-ms")
	})
}

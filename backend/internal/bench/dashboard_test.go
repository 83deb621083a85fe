package bench

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"wealthportal/backend/internal/firmdata"
)

// dashboard is the two batch round trips of a client's home page (spec 2 §2.1, §2.2), as the
// adviser with the client in context: first the accounts ('Loading accounts': portfolios,
// accounts, account groups, visibility links), then the dashboard ('Loading dashboard': the
// profit analysis by portfolio and account over the default year for the overview tiles and
// the accounts table, and a TWRR series per portfolio for the performance chart). The second
// round trip values every account twice, once per call.
type dashboard struct {
	accounts, data string // the two batch bodies
	nAccounts      int
}

// familyOffice is the synthetic firm's 20-account client (firmdata.FamilyOfficeAccounts):
// client1, a client of adviser1.
func (f *firm) familyOffice(tb testing.TB) dashboard {
	tb.Helper()
	ctx := context.Background()
	var entity int64
	if err := f.db.QueryRowContext(ctx, `SELECT entity_id FROM app_user WHERE username = 'client1'`).Scan(&entity); err != nil {
		tb.Fatal(err)
	}
	// Rebind: the placeholder is PostgreSQL's $1 there (the query failed on PostgreSQL without it).
	rows, err := f.db.QueryContext(ctx, f.db.Rebind(`SELECT p.id, COUNT(a.id) FROM portfolio p JOIN account a ON a.portfolio_id = p.id
		WHERE p.entity_id = ? GROUP BY p.id ORDER BY p.id`), entity)
	if err != nil {
		tb.Fatal(err)
	}
	var portfolios []int64
	accounts := 0
	for rows.Next() {
		var id int64
		var n int
		if err := rows.Scan(&id, &n); err != nil {
			tb.Fatal(err)
		}
		portfolios = append(portfolios, id)
		accounts += n
	}
	rows.Close()
	if accounts != firmdata.FamilyOfficeAccounts {
		tb.Fatalf("client1 has %d accounts, want %d (is the cached store older than benchDataVersion?)", accounts, firmdata.FamilyOfficeAccounts)
	}
	item := func(name, u string) string { return fmt.Sprintf(`{"name": %q, "method": "GET", "url": %q}`, name, u) }
	id := fmt.Sprint(entity)
	first := []string{
		item("portfolios", "entity/client/"+id+"/portfolio"),
		item("accounts", "portfolio/account?"+url.Values{"entityid": {id}}.Encode()),
		item("groups", "portfolio/group/account?"+url.Values{"entityid": {id}}.Encode()),
		item("visibility", "entity/client-v4/"+id+"/account_user_visibility_link"),
	}
	span := url.Values{"start_date": {day(today.AddDate(-1, 0, 0))}, "end_date": {day(today)}}
	detail := url.Values{"entityid": {id}, "grouping": {"portfolio,account"}}
	for k, v := range span {
		detail[k] = v
	}
	second := []string{item("summary", "portfolio/profit_analysis/detail?"+detail.Encode())}
	for _, p := range portfolios {
		second = append(second, item(fmt.Sprintf("chart-%d", p), fmt.Sprintf("portfolio/portfolio/%d/profit_analysis/historic_time_series_twrr?%s", p, span.Encode())))
	}
	return dashboard{
		accounts:  `{"batch": [` + strings.Join(first, ", ") + `]}`,
		data:      `{"batch": [` + strings.Join(second, ", ") + `]}`,
		nAccounts: accounts,
	}
}

// batch posts one batch as the adviser and fails on anything but 200 for it and every item.
func (f *firm) batch(tb testing.TB, body string) {
	req := httptest.NewRequest(http.MethodPost, "/resourceful", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.AddCookie(f.adviserCookie)
	rec := httptest.NewRecorder()
	f.engine.ServeHTTP(rec, req)
	if rec.Code != http.StatusOK {
		tb.Fatalf("batch: %d %s", rec.Code, rec.Body.String())
	}
	var items []struct {
		Name any     `json:"name"`
		Code int     `json:"code"`
		Body *string `json:"body"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &items); err != nil {
		tb.Fatal(err)
	}
	for _, it := range items {
		if it.Code != http.StatusOK {
			body := ""
			if it.Body != nil {
				body = *it.Body
			}
			tb.Fatalf("batch item %v: %d %s", it.Name, it.Code, body)
		}
	}
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

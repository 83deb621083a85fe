package bench

import (
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"testing"

	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// The dashboard benchmark sends the screen's two batches (docs/api-contract.md, "The
// dashboard's calls (issue 15)"): the accounts with the capabilities, then the account summary
// over every account shown, the overview's analysis when Split leaves linked accounts out, a
// monthly FUM-only series per portfolio of the overview and the overview's positions, each
// with the common parameters; and every item answers 200 (familyOffice fails otherwise).
func TestDashboardBenchmarkSendsTheScreensCalls(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, d store.Dialect) {
		f, err := build(d, 60)
		if err != nil {
			t.Fatal(err)
		}
		defer f.db.Close()
		dash := f.familyOffice(t)
		urls := func(body string) []*url.URL {
			var b struct {
				Batch []struct{ Method, URL string }
			}
			if err := json.Unmarshal([]byte(body), &b); err != nil {
				t.Fatal(err)
			}
			var out []*url.URL
			for _, it := range b.Batch {
				if it.Method != "GET" || !strings.HasPrefix(it.URL, "/resourceful/") {
					t.Fatalf("item %s %s, want a GET under /resourceful/", it.Method, it.URL)
				}
				u, err := url.Parse(strings.TrimPrefix(it.URL, "/resourceful/"))
				if err != nil {
					t.Fatal(err)
				}
				out = append(out, u)
			}
			return out
		}
		first := urls(dash.accounts)
		var paths []string
		for _, u := range first {
			paths = append(paths, u.String())
		}
		var entity string
		if len(first) > 0 {
			entity = first[1].Query().Get("entityid")
		}
		want := fmt.Sprintf("entity/client/%[1]s/portfolio portfolio/account?entityid=%[1]s portfolio/group/account?entityid=%[1]s entity/client-v4/%[1]s/account_user_visibility_link entity/client-v3/%[1]s/capability", entity)
		if got := strings.Join(paths, " "); got != want || entity == "" {
			t.Fatalf("first batch:\n got %s\nwant %s", got, want)
		}

		second := urls(dash.data)
		// The synthetic clients have view_marketdata and not live_marketdata_access: delayed.
		common := map[string]string{"entityid": entity, "end_date": "2026-11-20", "fees_and_taxes": "1", "hold_back_period": "0",
			"from_pricing_type": "delayed", "to_pricing_type": "delayed"}
		var summaries, overviews, series, positions int
		for _, u := range second {
			q := u.Query()
			switch {
			case u.Path == "portfolio/position":
				positions++
				if n := len(strings.Split(q.Get("accountid"), ",")); n == 0 || len(q) != 1 {
					t.Errorf("positions %s: want the overview's accounts alone", u)
				}
				continue
			case u.Path == "portfolio/profit_analysis/detail" && q.Get("grouping") == "portfolio,account":
				summaries++
				if n := len(strings.Split(q.Get("accountid"), ",")); n != dash.nAccounts {
					t.Errorf("summary over %d accounts, want every one shown (%d)", n, dash.nAccounts)
				}
			case u.Path == "portfolio/profit_analysis/detail" && !q.Has("grouping"):
				overviews++
			case strings.HasPrefix(u.Path, "portfolio/portfolio/") && strings.HasSuffix(u.Path, "/profit_analysis/historic_time_series_twrr"):
				series++
				if q.Get("frequency") != "3" || q.Get("apply_exclude_unless_FUM") != "1" {
					t.Errorf("series %s: want frequency=3 (a year, monthly) and apply_exclude_unless_FUM=1", u)
				}
			default:
				t.Errorf("unexpected item %s", u)
				continue
			}
			if u.Path == "portfolio/profit_analysis/detail" && (q.Get("include_twrr") != "1" || q.Get("include_irr") != "1") {
				t.Errorf("%s: want include_twrr and include_irr", u)
			}
			if q.Has("start_date") {
				t.Errorf("%s: the default time frame sends no start_date", u)
			}
			for k, v := range common {
				if q.Get(k) != v {
					t.Errorf("%s: %s=%q, want %q", u, k, q.Get(k), v)
				}
			}
		}
		if summaries != 1 || overviews > 1 || series == 0 || positions != 1 {
			t.Fatalf("second batch: %d summaries, %d overviews, %d series, %d positions; want 1, at most 1, some, 1", summaries, overviews, series, positions)
		}
		t.Logf("second batch: %d items (%d overview, %d series)", len(second), overviews, series)
	})
}

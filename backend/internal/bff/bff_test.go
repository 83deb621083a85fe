package bff

import (
	"encoding/json"
	"errors"
	"net/url"
	"reflect"
	"strings"
	"testing"

	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/session"
	"wealthportal/backend/internal/siteaccess"
)

func TestAllowed(t *testing.T) {
	for path, want := range map[string]bool{
		"":                                      true, // batch
		"entity/client-v3":                      true,
		"entity/client/12/portfolio":            true,
		"portfolio/position":                    true,
		"security/GBP%2FUSD/FX":                 true,
		"session/capability":                    true,
		"session/user/adviser":                  true,
		"session/transaction/abc":               true,
		"site":                                  true,
		"sysadmin/loginsetting/login_profile/1": true,
		"session/user":                          false, // answered by the BFF itself
		"session":                               false,
		"sitemap":                               false,
		"sysadmin/users":                        false,
		"entity/../session":                     false,
		"entity//client":                        false,
		"job_queue/completed_job/1":             false,
	} {
		if got := Allowed(path); got != want {
			t.Errorf("Allowed(%q) = %v, want %v", path, got, want)
		}
	}
}

func TestTransactionsQuery(t *testing.T) {
	in := url.Values{"accountIds": {"11", "12"}, "startDate": {"2025-01-01"}, "endDate": {"2025-12-31"},
		"sort_type": {"2"}, "page_bookmark": {"abc"}}
	got, err := TransactionsQuery(in)
	if err != nil {
		t.Fatal(err)
	}
	want := url.Values{"accountid": {"11", "12"}, "start_date": {"2025-01-01"}, "stop_date": {"2025-12-31"},
		"sort_type": {"2"}, "page_bookmark": {"abc"}, "page_size": {"50"}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for name, bad := range map[string]url.Values{
		"no accounts":      {},
		"not a number":     {"accountIds": {"x"}},
		"page too large":   {"accountIds": {"1"}, "page_size": {"201"}},
		"page not numeric": {"accountIds": {"1"}, "page_size": {"ten"}},
	} {
		_, err := TransactionsQuery(bad)
		var ae *apierr.Error
		if !errors.As(err, &ae) || ae.Status != 400 {
			t.Errorf("%s: got %v, want a 400", name, err)
		}
	}
}

func TestClientMayCall(t *testing.T) {
	client := session.Row{RoleName: "ClientUser", EntityID: 10, PartnerEntityID: 11}
	single := session.Row{RoleName: "ClientUser", EntityID: 20}
	adviser := session.Row{RoleName: "User", EntityID: 1}
	cases := []struct {
		who  session.Row
		path string
		want bool
	}{
		{client, "entity/client/10", true},
		{client, "entity/client-v3/10/address", true},
		{client, "entity/client-v4/11/account_user_visibility_link", true},
		{client, "entity/client/12/portfolio", false},
		{client, "entity/client-v3/12", false},
		{client, "entity/client-v3/abc", false},
		{client, "entity/client-v3", false}, // the adviser's client list
		{client, "entity/client", false},
		{client, "portfolio/account/5", true}, // the platform checks accounts
		{single, "entity/client/0", false},
		{adviser, "entity/client-v3/999", true}, // the platform checks an adviser's clients
		{adviser, "entity/client-v3", true},
	}
	for _, tc := range cases {
		if got := ClientMayCall(tc.who, tc.path); got != tc.want {
			t.Errorf("%s %s: got %v, want %v", tc.who.RoleName, tc.path, got, tc.want)
		}
	}
}

func TestScreenBatch(t *testing.T) {
	client := session.Row{RoleName: "ClientUser", EntityID: 10}
	body := `{"batch":[
		{"name":"mine","method":"GET","url":"entity/client/10"},
		{"name":"theirs","method":"GET","url":"/resourceful/entity/client-v3/12/address"},
		{"name":"logout","method":"DELETE","url":"session"},
		{"name":"nested","method":"POST","url":"/resourceful/"},
		{"name":"accounts","method":"GET","url":"portfolio/account/5?fields.0=description"},
		{"name":"no url","method":"GET"}
	]}`
	out, err := ScreenBatch(func(p string) bool { return ClientMayCall(client, p) }, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Batch []map[string]any `json:"batch"`
	}
	if err := json.Unmarshal(out, &doc); err != nil {
		t.Fatal(err)
	}
	want := []any{"entity/client/10", refusedURL, refusedURL, refusedURL, "portfolio/account/5?fields.0=description", nil}
	for i, item := range doc.Batch {
		if item["url"] != want[i] {
			t.Errorf("item %d (%v): url %v, want %v", i, item["name"], item["url"], want[i])
		}
	}
	for _, bad := range []struct{ ct, body string }{
		{"application/x-www-form-urlencoded", "batch.0.url=site"},
		{"application/json", `[1,2]`},
		{"application/json", `{"batch":"x"}`},
	} {
		if _, err := ScreenBatch(func(p string) bool { return ClientMayCall(client, p) }, bad.ct, strings.NewReader(bad.body)); err == nil {
			t.Errorf("%s %s: accepted", bad.ct, bad.body)
		}
	}
}

// Portfolio data needs Portfolio or Assets site access (spec 1 §6); the rest is for the other
// checks.
func TestSiteAccessAllows(t *testing.T) {
	data := []string{
		"portfolio/account", "portfolio/account/5/profit_analysis/historic_time_series_twrr", "portfolio/transaction",
		"portfolio/profit_analysis/detail", "security/GBP%2FUSD/FX", "entity/client/10/portfolio", "entity/client/10/asset",
		"entity/client/10/asset/2/owner", "entity/client-v4/10/total_amount", "entity/client-v4/10/account_user_visibility_link",
		"entity/client/10/liability", "entity/client/10/annuity", "entity/client/10/fund_za",
	}
	other := []string{"entity/client-v3/10", "entity/client-v3/10/address", "entity/client/10/bank", "entity/user/3",
		"session/user/adviser", "adviser/4/contact", "site", "entity/client-v3/10/terms_and_conditions", "entity/client/10/assets_note"}
	for _, level := range []siteaccess.Level{siteaccess.Portfolio, siteaccess.Assets, siteaccess.Messages, siteaccess.NotAssigned} {
		for _, p := range data {
			if got := SiteAccessAllows(level, p); got != level.SeesPortfolioData() {
				t.Errorf("%s %s: %v", level, p, got)
			}
		}
		for _, p := range other {
			if !SiteAccessAllows(level, p) {
				t.Errorf("%s %s refused", level, p)
			}
		}
	}
}

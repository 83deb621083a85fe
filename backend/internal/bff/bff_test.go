package bff

import (
	"errors"
	"net/url"
	"reflect"
	"testing"

	"wealthportal/backend/internal/apierr"
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

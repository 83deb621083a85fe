package bff

import (
	"errors"
	"net/url"
	"reflect"
	"testing"

	"wealthportal/backend/internal/apierr"
)

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

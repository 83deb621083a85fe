package toggles

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"reflect"
	"testing"
)

func TestFetch(t *testing.T) {
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	var got string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got = r.URL.RawQuery
		switch r.URL.Path {
		case "/ok":
			w.Write([]byte(`[{"name":"use-client-analysis","enabled":true},{"name":"use-sipp-wrapper","enabled":false}]`))
		case "/garbage":
			w.Write([]byte(`{"oops"`))
		default:
			http.Error(w, "no", http.StatusInternalServerError)
		}
	}))
	defer srv.Close()
	tc := Context{Firm: "hv", Environment: "uat", Account: "12", Region: "GB", LineOfBusiness: "wealth"}

	list := Fetch(context.Background(), srv.Client(), srv.URL+"/ok", tc, log)
	want := []Toggle{{"use-client-analysis", true}, {"use-sipp-wrapper", false}}
	if !reflect.DeepEqual(list, want) {
		t.Fatalf("got %v", list)
	}
	if got != "account=12&environment=uat&firm=hv&line_of_business=wealth&region=GB" {
		t.Fatalf("context sent: %s", got)
	}
	for _, u := range []string{"", srv.URL + "/garbage", srv.URL + "/fail", "http://127.0.0.1:1/none"} {
		if list := Fetch(context.Background(), srv.Client(), u, tc, log); list == nil || len(list) != 0 {
			t.Errorf("%q: got %v, want an empty list", u, list)
		}
	}
}

package app

import (
	"encoding/json"
	"fmt"
	"mime"
	"net/http"
	"testing"

	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// charsetWriter plays a platform whose JSON answers say "; charset=utf-8", as gin's c.JSON and
// many servers do.
type charsetWriter struct {
	http.ResponseWriter
	wrote bool
}

func (w *charsetWriter) WriteHeader(code int) {
	if w.wrote {
		return
	}
	w.wrote = true
	if mt, _, _ := mime.ParseMediaType(w.Header().Get("Content-Type")); mt == "application/json" {
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *charsetWriter) Write(b []byte) (int, error) {
	w.WriteHeader(http.StatusOK)
	return w.ResponseWriter.Write(b)
}

// What the BFF relays from the platform is labelled exactly "application/json", as XPLAN
// labels it, whatever parameter the platform added: answers, errors and batches, from the
// embedded platform and from a remote one that adds a charset; so are the BFF's own answers
// under /xplanapi.
func TestRelayedJSONIsExactlyApplicationJSON(t *testing.T) {
	addCharset := func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { next.ServeHTTP(&charsetWriter{ResponseWriter: w}, r) })
	}
	testdb.EachDialect(t, func(t *testing.T, d store.Dialect) {
		for name, opts := range map[string][]harnessOption{
			"embedded":              {on(d)},
			"remote with a charset": {on(d), remotePlatformBehind(addCharset)},
		} {
			t.Run(name, func(t *testing.T) {
				h := newHarness(t, opts...)
				// The BFF's own answers under /xplanapi too: the login, and the spec's session call.
				if a := h.login("demo.client", "DemoClient#2026"); a.header.Get("Content-Type") != "application/json" {
					t.Errorf("login: %d Content-Type %q", a.code, a.header.Get("Content-Type"))
				}
				cookies, entity := loginAs(h, "demo.client", "DemoClient#2026")
				if a := h.do(http.MethodGet, "/xplanapi/session/user", "", cookies); a.code != 200 || a.header.Get("Content-Type") != "application/json" {
					t.Errorf("session/user: %d Content-Type %q", a.code, a.header.Get("Content-Type"))
				}
				for _, call := range []struct{ method, path, body string }{
					{http.MethodGet, fmt.Sprintf("/xplanapi/entity/client-v3/%d", entity), ""},
					{http.MethodGet, fmt.Sprintf("/xplanapi/entity/client-v3/%d?fields.0=no_such_field", entity), ""}, // the platform's 400
					{http.MethodPost, "/xplanapi/", `{"batch":[{"name":"me","url":"site"}]}`},
				} {
					a := h.do(call.method, call.path, call.body, cookies)
					if a.code >= 500 || a.header.Get("Content-Type") != "application/json" {
						t.Errorf("%s %s: %d Content-Type %q", call.method, call.path, a.code, a.header.Get("Content-Type"))
					}
					if call.method == http.MethodPost {
						var items []struct{ Headers map[string]string }
						if err := json.Unmarshal([]byte(a.raw), &items); err != nil || len(items) != 1 ||
							items[0].Headers["Content-Type"] != "application/json" {
							t.Errorf("batch item headers: %s", a.raw)
						}
					}
				}
			})
		}
	})
}

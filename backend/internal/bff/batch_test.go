package bff

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"wealthportal/backend/internal/resourceful"
	"wealthportal/backend/internal/session"
	"wealthportal/backend/internal/siteaccess"
)

// mayFor is the session's checks, as Handler.checker makes them.
func mayFor(s session.Row, level siteaccess.Level) func(Call) bool {
	return func(call Call) bool { return ClientMayCall(s, call) && SiteAccessAllows(level, call) }
}

// screen runs ScreenBatch and reads what the platform will make of its answer: each item's
// request, as resourceful builds it ("" for an item pointed at refusedURL).
func screen(t *testing.T, may func(Call) bool, body string) []string {
	t.Helper()
	out, err := ScreenBatch(may, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatalf("%s: %v", body, err)
	}
	var doc map[string]any
	if err := json.Unmarshal(out, &doc); err != nil || len(doc) != 1 {
		t.Fatalf("forwarded %s", out)
	}
	req := httptest.NewRequest(http.MethodPost, "/", strings.NewReader(string(out)))
	req.Header.Set("Content-Type", "application/json")
	p, err := resourceful.Parse(req)
	if err != nil {
		t.Fatal(err)
	}
	items, err := resourceful.ParseBatch(p)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, item := range items {
		r, err := resourceful.ItemRequest(t.Context(), "", item)
		if err != nil {
			t.Fatalf("%s: forwarded an item the platform cannot run: %v", out, err)
		}
		if r.URL.Path == "/"+refusedURL {
			got = append(got, "")
			continue
		}
		// What reaches the platform is a call of the table that the session may make.
		call, ok := Match(r.Method, strings.TrimPrefix(r.URL.EscapedPath(), "/"))
		if !ok || !may(call) {
			t.Fatalf("%s: forwarded %s %s", body, r.Method, r.URL)
		}
		if p, _ := resourceful.Parse(r); p.Has("_transaction") {
			t.Fatalf("%s: forwarded a transaction", body)
		}
		got = append(got, r.Method+" "+r.URL.Path)
	}
	return got
}

func batchBody(items ...any) string {
	b, _ := json.Marshal(map[string]any{"batch": items})
	return string(b)
}

// Every row of the table and every platform-only route, through every spelling of a batch
// item's url, for each kind of session: an item is forwarded only when the session may make the
// call, and what is forwarded is what was screened.
func TestScreenBatchEverySpelling(t *testing.T) {
	sessions := []struct {
		name  string
		row   session.Row
		level siteaccess.Level
	}{
		{"Portfolio client", client, siteaccess.Portfolio},
		{"Assets client", client, siteaccess.Assets},
		{"Messages client", client, siteaccess.Messages},
		{"NotAssigned client", client, siteaccess.NotAssigned},
		{"adviser", adviser, siteaccess.Portfolio},
	}
	type target struct {
		method, path string
		route        *Route
	}
	var targets []target
	for _, r := range Routes() {
		if r.Path == BatchPath {
			continue
		}
		for _, m := range r.Methods {
			targets = append(targets, target{m, instance(r.Path, client), &r})
			if strings.Contains(r.Path, "{client}") || strings.Contains(r.Path, "{user}") {
				targets = append(targets, target{m, instance(r.Path, single), &r}) // someone else's
			}
		}
	}
	for _, p := range platformOnly {
		for _, m := range []string{"GET", "POST", "PUT", "PATCH", "DELETE"} {
			targets = append(targets, target{m, p, nil})
		}
	}
	for _, s := range sessions {
		may := mayFor(s.row, s.level)
		for _, tg := range targets {
			allowed := false
			if tg.route != nil {
				call, ok := Match(tg.method, tg.path)
				allowed = ok && may(call)
			}
			want := ""
			if allowed {
				want = tg.method + " /" + strings.ReplaceAll(tg.path, "%2F", "/")
			}
			encoded := strings.Replace(tg.path, "/", "%2F", 1)
			encodedAllowed := encoded == tg.path && allowed // nothing to encode in one segment
			for _, spelling := range []struct {
				url     any
				allowed bool
			}{
				{tg.path, allowed},
				{"/" + tg.path, allowed},
				{"/resourceful/" + tg.path, allowed},
				{"resourceful/" + tg.path + "?page_size=5", allowed},
				{map[string]any{"_val": tg.path}, allowed},
				{map[string]any{"_type": "Date", "_val": "/resourceful/" + tg.path}, allowed},
				{map[string]any{"_type": "BigDecimal", "_val": map[string]any{"_val": tg.path}}, allowed},
				{"/resourceful/" + encoded, encodedAllowed},
				{map[string]any{"_val": encoded}, encodedAllowed},
				{"entity/x/../" + tg.path, false},
				{"entity/x/%2e%2e/" + tg.path, false},
				{"/resourceful//" + tg.path, false},
			} {
				items := []any{
					map[string]any{"name": "probe", "method": tg.method, "url": spelling.url},
					map[string]any{"name": "site", "method": "GET", "url": "site"},
				}
				got := screen(t, may, batchBody(items...))
				w := ""
				if spelling.allowed {
					w = want
				}
				if len(got) != 2 || got[0] != w || got[1] != "GET /site" {
					t.Errorf("%s, %s %v: forwarded %q, want %q", s.name, tg.method, spelling.url, got, []string{w, "GET /site"})
				}
			}
		}
	}
}

func TestScreenBatch(t *testing.T) {
	may := mayFor(client, siteaccess.Portfolio)
	for _, tc := range []struct {
		name string
		body string
		want []string
	}{
		{"the web app's batch", `{"batch":[{"method":"GET","url":"/resourceful/entity/client-v3/10"},{"method":"GET","url":"/resourceful/portfolio/account/5?fields.0=description"}]}`,
			[]string{"GET /entity/client-v3/10", "GET /portfolio/account/5"}},
		{"someone else, a logout, a nested batch", `{"batch":[{"name":"theirs","url":"/resourceful/entity/client-v3/12/address"},{"method":"DELETE","url":"session"},{"method":"POST","url":"/resourceful/"},{"method":"GET"}]}`,
			[]string{"", "", ""}},
		{"gaps in a flattened list", `{"batch":{"4":{"url":"site"},"0":{"url":"session/tfa"}}}`, []string{"", "GET /site"}},
		{"a typed string", `{"batch":[{"url":{"_val":"session/tfa"}},{"url":{"_val":"entity/client/10"}}]}`, []string{"", "GET /entity/client/10"}},
		{"a COMMIT item", `{"batch":[{"method":"COMMIT","url":"entity/client-v3/10"},{"method":" patch ","url":"entity/client-v3/10","body":{"comm_pref_sms":true}}]}`,
			[]string{"", "PATCH /entity/client-v3/10"}},
		{"a transaction in the url", `{"batch":[{"url":"entity/client-v3/10?_transaction=abc"},{"url":"entity/client-v3/10?_transaction.0=abc"}]}`, []string{"", ""}},
		{"a transaction in the body", `{"batch":[{"method":"PATCH","url":"entity/client-v3/10","body":{"_transaction":"abc"}},{"url":"entity/client-v3/10","body":"_transaction=abc"},{"method":"PUT","url":"entity/client-v3/10","body":"{\"_transaction\":\"abc\"}"},{"method":"PUT","url":"entity/client-v3/10","body":"_transaction=abc"}]}`,
			[]string{"", "", "", ""}},
		{"a reference to an earlier result", `{"batch":[{"name":"a","url":"site"},{"url":"entity/client/{result=a:$.version}"},{"method":"PATCH","url":"entity/client-v3/10","body":{"x":"{result=a:$.version}"}}]}`,
			[]string{"GET /site", "", ""}},
		{"a control character", `{"batch":[{"url":"entity/client/10%00"},{"url":"entity/client/10\u0000"},{"url":"entity/client%5C10"}]}`, []string{"", "", ""}},
		{"FX pairs", `{"batch":[{"url":"security/GBP%2FUSD/FX"},{"url":"security/GBP/USD/FX"},{"url":"security/GBPUSD/FX?date=2026-01-02"}]}`,
			[]string{"GET /security/GBP/USD/FX", "", "GET /security/GBPUSD/FX"}},
		{"other keys and the query stay behind", `{"_transaction":"abc","goal":"x","batch":[{"url":"site"}]}`, []string{"GET /site"}},
	} {
		got := screen(t, may, tc.body)
		if strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("%s: forwarded %q, want %q", tc.name, got, tc.want)
		}
	}
	for _, bad := range []struct{ ct, body string }{
		{"application/x-www-form-urlencoded", "batch.0.url=site"},
		{"application/json", `[1,2]`},
		{"application/json", `{"batch":"x"}`},
		{"application/json", `{"batch.0.url":"site"}`},
		{"application/json", `{"batch":[{"url":{"_type":"String","_val":"session/tfa"}}]}`}, // the platform refuses it too
		{"application/json", `{"batch":[]}`},
	} {
		if _, err := ScreenBatch(may, bad.ct, strings.NewReader(bad.body)); err == nil {
			t.Errorf("%s %s: accepted", bad.ct, bad.body)
		}
	}
}

package resourceful

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"reflect"
	"strings"
	"testing"
	"time"

	"wealthportal/backend/internal/apierr"
)

// parseQuery parses a GET with the raw query q.
func parseQuery(t *testing.T, q string) Params {
	t.Helper()
	p, err := Parse(httptest.NewRequest(http.MethodGet, "/resourceful/x?"+q, nil))
	if err != nil {
		t.Fatalf("parse %q: %v", q, err)
	}
	return p
}

// parseBody parses a POST with body of content type ct.
func parseBody(t *testing.T, ct, body string) (Params, error) {
	t.Helper()
	r := httptest.NewRequest(http.MethodPost, "/resourceful/x", strings.NewReader(body))
	r.Header.Set("Content-Type", ct)
	return Parse(r)
}

// badRequestNaming checks err is a 400 *apierr.Error whose message names key.
func badRequestNaming(t *testing.T, err error, key string) {
	t.Helper()
	var e *apierr.Error
	if !errors.As(err, &e) || e.Status != http.StatusBadRequest || !strings.Contains(e.APIMessage, key) {
		t.Fatalf("want a 400 naming %q, got %v", key, err)
	}
}

func TestFlattenedParameters(t *testing.T) {
	const q = "fields.0=first_name&fields.1=last_name&filter.name=Ada&filter.dob._type=Date&filter.dob._val=1990-02-03&list.1=b&list.0=a"
	want := Params{
		"fields": []any{"first_name", "last_name"},
		"filter": map[string]any{"name": "Ada", "dob": map[string]any{"_type": "Date", "_val": "1990-02-03"}},
		"list":   []any{"a", "b"},
	}
	fromQuery := parseQuery(t, q)
	fromForm, err := parseBody(t, "application/x-www-form-urlencoded", q)
	if err != nil {
		t.Fatal(err)
	}
	for name, got := range map[string]Params{"query": fromQuery, "form": fromForm} {
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: got %#v", name, got)
		}
		if f := Fields(got); !reflect.DeepEqual(f, []string{"first_name", "last_name"}) {
			t.Errorf("%s: fields %v", name, f)
		}
		if s := got.Object("filter").String("name"); s != "Ada" {
			t.Errorf("%s: fields.name %q", name, s)
		}
		if d, ok, err := got.Object("filter").Date("dob"); err != nil || !ok || d.Format(DateLayout) != "1990-02-03" {
			t.Errorf("%s: typed date from flattened keys: %v %v %v", name, d, ok, err)
		}
	}
}

func TestJSONBodyOverQuery(t *testing.T) {
	r := httptest.NewRequest(http.MethodPost, "/resourceful/x?a=query&b=query", strings.NewReader(`{"a":"body","n":3}`))
	r.Header.Set("Content-Type", "application/json; charset=utf-8")
	p, err := Parse(r)
	if err != nil {
		t.Fatal(err)
	}
	if p.String("a") != "body" || p.String("b") != "query" || p.String("n") != "3" {
		t.Fatalf("params %#v", p)
	}
	// The body is still there for the handler.
	rest, _ := io.ReadAll(r.Body)
	if string(rest) != `{"a":"body","n":3}` {
		t.Fatalf("body after Parse: %q", rest)
	}
}

func TestParseRefusals(t *testing.T) {
	cases := []struct{ name, ct, body, want string }{
		{"not an object", "application/json", `[1,2]`, "not a JSON object"},
		{"broken JSON", "application/json", `{"a":`, "not a JSON object"},
		{"unknown type", "application/json", `{"when":{"_type":"Moment","_val":"x"}}`, `Unknown _type "Moment"`},
		{"unknown nested type", "application/json", `{"a":[{"b":{"_type":"Nope"}}]}`, `Unknown _type "Nope"`},
		{"unknown flattened type", "application/x-www-form-urlencoded", `a._type=Nope&a._val=1`, `Unknown _type "Nope"`},
	}
	for _, tc := range cases {
		_, err := parseBody(t, tc.ct, tc.body)
		var e *apierr.Error
		if !errors.As(err, &e) || e.Status != 400 || !strings.Contains(e.APIMessage, tc.want) {
			t.Errorf("%s: got %v, want 400 %q", tc.name, err, tc.want)
		}
	}
}

func TestIntAccessors(t *testing.T) {
	p := parseQuery(t, "size=25&neg=-3&frac=1.5&word=ten&blank=&ids=3&ids=1&csv=4,%205,6&flat.0=7&flat.1=8&mixed=1,2&mixed=3")
	if n, err := p.Int("size", 20); err != nil || n != 25 {
		t.Errorf("size: %d %v", n, err)
	}
	if n, err := p.Int("missing", 20); err != nil || n != 20 {
		t.Errorf("default: %d %v", n, err)
	}
	if n, err := p.Int("blank", 20); err != nil || n != 20 {
		t.Errorf("blank takes the default: %d %v", n, err)
	}
	if n, ok, err := p.Int64("neg"); err != nil || !ok || n != -3 {
		t.Errorf("neg: %d %v %v", n, ok, err)
	}
	if _, ok, err := p.Int64("missing"); ok || err != nil {
		t.Errorf("missing Int64: %v %v", ok, err)
	}
	for _, key := range []string{"frac", "word"} {
		_, err := p.Int(key, 0)
		badRequestNaming(t, err, key)
	}
	lists := map[string][]int64{"ids": {3, 1}, "csv": {4, 5, 6}, "flat": {7, 8}, "mixed": {1, 2, 3}, "missing": nil}
	for key, want := range lists {
		if got, err := p.Int64s(key); err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("Int64s(%s) = %v %v, want %v", key, got, err, want)
		}
	}
	_, err := parseQuery(t, "ids=1,x").Int64s("ids")
	badRequestNaming(t, err, "ids")

	fromJSON := Params{"n": float64(42), "f": 4.2}
	if n, err := fromJSON.Int("n", 0); err != nil || n != 42 {
		t.Errorf("JSON number: %d %v", n, err)
	}
	_, err = fromJSON.Int("f", 0)
	badRequestNaming(t, err, "f")
}

func TestBool(t *testing.T) {
	p := parseQuery(t, "a=1&b=0&c=true&d=FALSE&e=yes&blank=")
	p["j"] = true
	p["k"] = float64(0)
	cases := []struct {
		key  string
		def  bool
		want bool
		err  bool
	}{
		{"a", false, true, false}, {"b", true, false, false}, {"c", false, true, false}, {"d", true, false, false},
		{"j", false, true, false}, {"k", true, false, false},
		{"missing", true, true, false}, {"blank", true, true, false},
		{"e", false, false, true},
	}
	for _, tc := range cases {
		got, err := p.Bool(tc.key, tc.def)
		if tc.err {
			badRequestNaming(t, err, tc.key)
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("Bool(%s) = %v %v, want %v", tc.key, got, err, tc.want)
		}
	}
}

func TestDateAndDecimal(t *testing.T) {
	p := Params{
		"plain": "2026-01-31", "typed": map[string]any{"_type": "Date", "_val": "2026-02-28"},
		"badDay": "2026-02-30", "slashes": "31/01/2026", "wrongType": BigDecimal(1, 2), "number": float64(3),
		"n": 12.5, "s": " 12.50 ", "dec": map[string]any{"_type": "BigDecimal", "_val": "-0.125"},
		"word": "twelve", "nan": "NaN", "date": map[string]any{"_type": "Date", "_val": "2026-01-01"},
	}
	if d, ok, err := p.Date("plain"); err != nil || !ok || !d.Equal(time.Date(2026, 1, 31, 0, 0, 0, 0, time.UTC)) {
		t.Errorf("plain date: %v %v %v", d, ok, err)
	}
	if d, ok, err := p.Date("typed"); err != nil || !ok || d.Format(DateLayout) != "2026-02-28" {
		t.Errorf("typed date: %v %v %v", d, ok, err)
	}
	if _, ok, err := p.Date("missing"); ok || err != nil {
		t.Errorf("missing date: %v %v", ok, err)
	}
	for _, key := range []string{"badDay", "slashes", "wrongType", "number"} {
		_, _, err := p.Date(key)
		badRequestNaming(t, err, key)
	}
	for key, want := range map[string]float64{"n": 12.5, "s": 12.5, "dec": -0.125} {
		if got, ok, err := p.Decimal(key); err != nil || !ok || got != want {
			t.Errorf("Decimal(%s) = %v %v %v", key, got, ok, err)
		}
	}
	for _, key := range []string{"word", "nan", "date"} {
		_, _, err := p.Decimal(key)
		badRequestNaming(t, err, key)
	}
}

// Typed values written by the constructors read back through a JSON body unchanged.
func TestTypedRoundTrip(t *testing.T) {
	day := time.Date(2026, 3, 4, 0, 0, 0, 0, time.UTC)
	body := `{"d":` + mustJSON(t, Date(day)) + `,"ds":` + mustJSON(t, DateString("2026-03-05")) +
		`,"b":` + mustJSON(t, BigDecimal(1234.5, 2)) + `,"c":` + mustJSON(t, Currency("gbp", 99.995, 2)) + `}`
	if !strings.Contains(body, `"_val":"1234.50"`) {
		t.Fatalf("BigDecimal keeps its places: %s", body)
	}
	p, err := parseBody(t, "application/json", body)
	if err != nil {
		t.Fatal(err)
	}
	if d, _, err := p.Date("d"); err != nil || !d.Equal(day) {
		t.Errorf("Date: %v %v", d, err)
	}
	if d, _, err := p.Date("ds"); err != nil || d.Format(DateLayout) != "2026-03-05" {
		t.Errorf("DateString: %v %v", d, err)
	}
	if v, _, err := p.Decimal("b"); err != nil || v != 1234.5 {
		t.Errorf("BigDecimal: %v %v", v, err)
	}
	if code, v, ok, err := p.Currency("c"); err != nil || !ok || code != "GBP" || v != 100 {
		t.Errorf("Currency: %q %v %v %v", code, v, ok, err)
	}
	if DateString("") != nil {
		t.Error("an empty stored date is null")
	}
	_, _, _, err = Params{"c": BigDecimal(1, 2)}.Currency("c")
	badRequestNaming(t, err, "c")
}

// A bookmark holding the characters that query and form encodings change survives both once
// percent-encoded, and this platform's own bookmarks need no encoding at all.
func TestBookmarkEncodings(t *testing.T) {
	const awkward = "ab+c/d=e=="
	enc := url.Values{"page_bookmark": {awkward}}.Encode()
	if got := parseQuery(t, enc).String("page_bookmark"); got != awkward {
		t.Errorf("query: %q", got)
	}
	form, err := parseBody(t, "application/x-www-form-urlencoded", enc)
	if err != nil || form.String("page_bookmark") != awkward {
		t.Errorf("form: %q %v", form.String("page_bookmark"), err)
	}

	own := EncodeBookmark("O'Brien, Ann+Bo/Cy", "1990-01-02", 3.5, int64(1)<<60, nil)
	if url.QueryEscape(own) != own {
		t.Fatalf("bookmark is not URL-safe: %q", own)
	}
	for name, p := range map[string]Params{"raw query": parseQuery(t, "page_bookmark="+own), "encoded query": parseQuery(t, url.Values{"page_bookmark": {own}}.Encode())} {
		values, err := decodeBookmark(p.String("page_bookmark"))
		if err != nil || !reflect.DeepEqual(values, []any{"O'Brien, Ann+Bo/Cy", "1990-01-02", 3.5, int64(1) << 60, nil}) {
			t.Errorf("%s: %#v %v", name, values, err)
		}
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

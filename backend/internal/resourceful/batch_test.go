package resourceful

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/access"
	"wealthportal/backend/internal/apierr"
)

// batchEngine is a small platform: a cookie "sid" names the caller (alice or bob, anything
// else is a 401), people are readable by all, /secret only by alice.
func batchEngine(t *testing.T) *gin.Engine {
	t.Helper()
	gin.SetMode(gin.TestMode)
	e := gin.New()
	root := e.Group("/resourceful", func(c *gin.Context) {
		ids := map[string]int64{"alice": 1, "bob": 2}
		ck, err := c.Cookie("sid")
		if err != nil || ids[ck] == 0 {
			apierr.Write(c, apierr.ErrNoSession)
			return
		}
		c.Request = c.Request.WithContext(access.WithPrincipal(c.Request.Context(), access.Principal{UserID: ids[ck]}))
		c.Next()
	})
	batch := &Batch{Handler: e, Root: "/resourceful"}
	root.POST("", apierr.Handler(batch.Serve))
	root.POST("/", apierr.Handler(batch.Serve))
	root.POST("/again", apierr.Handler(batch.Serve)) // a batch under another name
	people := []map[string]any{
		{"id": 1, "name": "Ada", "tags": []map[string]any{{"k": "first"}}},
		{"id": 2, "name": "Bob & Co/Ltd", "tags": []map[string]any{}},
	}
	root.GET("/people", func(c *gin.Context) { JSON(c, 200, people) })
	root.GET("/people/", func(c *gin.Context) { JSON(c, 200, gin.H{"slash": true}) })
	root.GET("/people/:id", apierr.Handler(func(c *gin.Context) error {
		for _, p := range people {
			if fmt.Sprint(p["id"]) == c.Param("id") {
				JSON(c, 200, p)
				return nil
			}
		}
		return apierr.ErrNotFound
	}))
	root.GET("/whoami", func(c *gin.Context) {
		p, _ := access.From(c.Request.Context())
		JSON(c, 200, gin.H{"user_id": p.UserID})
	})
	root.GET("/secret", apierr.Handler(func(c *gin.Context) error {
		if p, _ := access.From(c.Request.Context()); p.UserID != 1 {
			return apierr.ErrForbidden
		}
		JSON(c, 200, gin.H{"secret": "s"})
		return nil
	}))
	echo := apierr.Handler(func(c *gin.Context) error {
		p, err := ParamsOf(c)
		if err != nil {
			return err
		}
		JSON(c, 201, gin.H{"method": c.Request.Method, "path": c.Request.URL.Path, "params": p, "content_type": c.ContentType()})
		return nil
	})
	root.GET("/echo/*rest", echo)
	root.POST("/echo/*rest", echo)
	root.PUT("/echo/*rest", echo)
	root.DELETE("/empty", func(c *gin.Context) { c.Status(http.StatusNoContent) })
	return e
}

type batchAnswer struct {
	Name    any               `json:"name"`
	Code    int               `json:"code"`
	Msg     string            `json:"msg"`
	Headers map[string]string `json:"headers"`
	Body    *string           `json:"body"`
}

// postBatch sends body (JSON unless ct says otherwise) as user and decodes a 200 answer.
func postBatch(t *testing.T, e http.Handler, user, ct, body string) (int, []batchAnswer, string) {
	t.Helper()
	req := httptest.NewRequest(http.MethodPost, "/resourceful?goal=load-accounts", strings.NewReader(body))
	req.Header.Set("Content-Type", ct)
	if user != "" {
		req.AddCookie(&http.Cookie{Name: "sid", Value: user})
	}
	rec := httptest.NewRecorder()
	e.ServeHTTP(rec, req)
	if rec.Code != 200 {
		return rec.Code, nil, rec.Body.String()
	}
	if !strings.HasPrefix(rec.Header().Get("Content-Type"), "application/json") {
		t.Fatalf("batch answer content type %q", rec.Header().Get("Content-Type"))
	}
	var out []batchAnswer
	if err := json.Unmarshal(rec.Body.Bytes(), &out); err != nil {
		t.Fatalf("batch answer %s: %v", rec.Body.String(), err)
	}
	return rec.Code, out, rec.Body.String()
}

// bodyOf decodes an item's JSON body.
func bodyOf(t *testing.T, a batchAnswer) map[string]any {
	t.Helper()
	if a.Body == nil {
		t.Fatalf("item %v has no body", a.Name)
	}
	var m map[string]any
	if err := json.Unmarshal([]byte(*a.Body), &m); err != nil {
		t.Fatalf("item %v body %q: %v", a.Name, *a.Body, err)
	}
	return m
}

func TestBatchOrderNamesAndCodes(t *testing.T) {
	e := batchEngine(t)
	code, out, raw := postBatch(t, e, "bob", "application/json", `{"batch":[
		{"name":"123:account","url":"people/1"},
		{"name":"Ünïcode name ","method":"get","url":"/resourceful/people/99"},
		{"url":"/people/2"},
		{"name":"no url"},
		{"name":"gone","method":"DELETE","url":"empty"},
		{"name":"list","url":"people/"}
	]}`)
	if code != 200 || len(out) != 5 {
		t.Fatalf("%d %s", code, raw)
	}
	want := []struct {
		name any
		code int
		msg  string
	}{{"123:account", 200, "OK"}, {"Ünïcode name ", 404, "Not Found"}, {nil, 200, "OK"}, {"gone", 204, "No Content"}, {"list", 200, "OK"}}
	for i, w := range want {
		if out[i].Name != w.name || out[i].Code != w.code || out[i].Msg != w.msg {
			t.Errorf("item %d: %+v, want %+v", i, out[i], w)
		}
	}
	if got := bodyOf(t, out[0]); got["name"] != "Ada" || !strings.HasPrefix(out[0].Headers["Content-Type"], "application/json") {
		t.Errorf("first item: %v %v", got, out[0].Headers)
	}
	if got := bodyOf(t, out[1]); got["api_message"] != "Resource Not Found" {
		t.Errorf("404 item body: %v", got)
	}
	if out[3].Body != nil {
		t.Errorf("an empty body is null: %q", *out[3].Body)
	}
	if got := bodyOf(t, out[4]); got["slash"] != true {
		t.Errorf("a trailing slash is kept: %v", got)
	}
	if !strings.Contains(raw, `"name":null`) {
		t.Errorf("a missing name is echoed as null: %s", raw)
	}
}

func TestBatchReferences(t *testing.T) {
	e := batchEngine(t)
	_, out, raw := postBatch(t, e, "bob", "application/json", `{"batch":[
		{"name":"all","url":"people"},
		{"name":"first","url":"people/{result=all:$[0].id}"},
		{"name":"post","method":"POST","url":"echo/x?who={result=all:$[1].name}",
		 "body":{"friend":"{result=first:$.id}","note":"tag {result=first:$.tags[0].k} of {result=first:$.name}","nested":[{"n":"{result=first:$['name']}"}]}},
		{"name":"missing name","url":"people/{result=nobody:$.id}"},
		{"name":"missing path","url":"people/{result=first:$.tags[5].k}"},
		{"name":"after","url":"people/{result=post:$.params.friend}"},
		{"name":"get body","url":"echo/y","body":{"a":"{result=first:$.id}","list":["p","q"],"when":{"_type":"Date","_val":"2026-01-31"}}},
		{"name":"string body","method":"PUT","url":"echo/z","body":"text={result=all:$[1].name}&n=1"}
	]}`)
	if len(out) != 8 {
		t.Fatalf("%s", raw)
	}
	if got := bodyOf(t, out[1]); out[1].Code != 200 || got["name"] != "Ada" {
		t.Errorf("$[0].id: %d %v", out[1].Code, got)
	}
	post := bodyOf(t, out[2])
	params := post["params"].(map[string]any)
	// A whole-string reference keeps the value's type; inside text it is substituted as text.
	if params["friend"] != float64(1) || params["note"] != "tag first of Ada" || params["who"] != "Bob & Co/Ltd" ||
		params["nested"].([]any)[0].(map[string]any)["n"] != "Ada" || post["content_type"] != "application/json" {
		t.Errorf("POST with references: %v", post)
	}
	for _, i := range []int{3, 4} {
		if out[i].Code != 400 || !strings.Contains(bodyOf(t, out[i])["api_message"].(string), "batch reference") {
			t.Errorf("unknown reference %v: %d %v", out[i].Name, out[i].Code, *out[i].Body)
		}
	}
	if out[5].Code != 200 || bodyOf(t, out[5])["name"] != "Ada" {
		t.Errorf("later items still run after a failed one: %+v", out[5])
	}
	get := bodyOf(t, out[6])["params"].(map[string]any)
	if get["a"] != "1" || fmt.Sprint(get["list"]) != "[p q]" || fmt.Sprint(get["when"]) != "map[_type:Date _val:2026-01-31]" {
		t.Errorf("a GET body travels as flattened parameters: %v", get)
	}
	put := bodyOf(t, out[7])
	if p := put["params"].(map[string]any); p["text"] != "Bob & Co/Ltd" || p["n"] != "1" || put["content_type"] != "application/x-www-form-urlencoded" {
		t.Errorf("form string body: %v", put)
	}
}

func TestBatchOmitResults(t *testing.T) {
	e := batchEngine(t)
	_, out, raw := postBatch(t, e, "bob", "application/json", `{"batch":[
		{"name":"ok","url":"people/1","omit_results_on_success":true},
		{"name":"missing","url":"people/9","omit_results_on_success":true},
		{"name":"ref","url":"people/{result=ok:$.id}","omit_results_on_success":"0"}
	]}`)
	if len(out) != 3 || out[0].Code != 200 || out[0].Body != nil {
		t.Fatalf("omitted success: %s", raw)
	}
	if out[1].Code != 404 || out[1].Body == nil {
		t.Errorf("a failure keeps its body: %+v", out[1])
	}
	if out[2].Code != 200 || bodyOf(t, out[2])["name"] != "Ada" {
		t.Errorf("an omitted result can still be referenced: %+v", out[2])
	}
}

func TestBatchFlattenedForm(t *testing.T) {
	e := batchEngine(t)
	form := url.Values{
		"batch.0.name": {"one"}, "batch.0.url": {"people/1"},
		"batch.1.name": {"two"}, "batch.1.url": {"echo/f"}, "batch.1.method": {"POST"}, "batch.1.body.x": {"{result=one:$.name}"},
		"batch.1.omit_results_on_success": {"0"},
	}
	_, out, raw := postBatch(t, e, "bob", "application/x-www-form-urlencoded", form.Encode())
	if len(out) != 2 || out[0].Name != "one" || out[1].Code != 201 || bodyOf(t, out[1])["params"].(map[string]any)["x"] != "Ada" {
		t.Fatalf("flattened batch: %s", raw)
	}
}

func TestBatchValidation(t *testing.T) {
	e := batchEngine(t)
	many := make([]string, MaxBatchItems+1)
	for i := range many {
		many[i] = `{"url":"people/1"}`
	}
	cases := map[string]string{
		"no batch":          `{"other":[]}`,
		"batch not a list":  `{"batch":"people/1"}`,
		"no item has a url": `{"batch":[{"name":"a"},{"url":""},3]}`,
		"empty list":        `{"batch":[]}`,
		"not an object":     `[{"url":"people/1"}]`,
		"not JSON":          `batch`,
	}
	for name, body := range cases {
		code, _, raw := postBatch(t, e, "bob", "application/json", body)
		if code != 400 || !strings.Contains(raw, BatchRequiredMessage) || !strings.Contains(raw, "user_message") {
			t.Errorf("%s: %d %s", name, code, raw)
		}
	}
	if code, _, raw := postBatch(t, e, "bob", "application/json", `{"batch":[`+strings.Join(many, ",")+`]}`); code != 400 || !strings.Contains(raw, BatchTooLargeMessage) {
		t.Errorf("101 items: %d %s", code, raw)
	}
	if code, out, _ := postBatch(t, e, "bob", "application/json", `{"batch":[`+strings.Join(many[1:], ",")+`]}`); code != 200 || len(out) != MaxBatchItems {
		t.Errorf("100 items: %d %d", code, len(out))
	}
}

func TestBatchItemsCannotBeBatches(t *testing.T) {
	e := batchEngine(t)
	_, out, raw := postBatch(t, e, "bob", "application/json", `{"batch":[
		{"name":"root","method":"POST","url":"/","body":{"batch":[{"url":"people/1"}]}},
		{"name":"prefixed","method":"POST","url":"/resourceful","body":{"batch":[{"url":"people/1"}]}},
		{"name":"climbing","method":"POST","url":"people/../","body":{"batch":[{"url":"people/1"}]}},
		{"name":"absolute","url":"http://evil.example/resourceful/people/1"},
		{"name":"bad method","method":"TRACE","url":"people/1"},
		{"name":"climb out","url":"../../people/1"},
		{"name":"alias","method":"POST","url":"again","body":{"batch":[{"url":"people/1"}]}}
	]}`)
	for _, i := range []int{0, 1, 2, 3, 4, 6} {
		if out[i].Code != 400 {
			t.Errorf("item %v: %d", out[i].Name, out[i].Code)
		}
	}
	if !strings.Contains(*out[0].Body, NestedBatchMessage) || !strings.Contains(*out[6].Body, NestedBatchMessage) {
		t.Errorf("nested batch message: %s", raw)
	}
	if out[5].Code != 200 {
		t.Errorf("a url cannot climb above the root, it stays inside it: %+v", out[5])
	}
}

// Sub-requests authenticate and are authorised as the caller, on their own.
func TestBatchAuthorisation(t *testing.T) {
	e := batchEngine(t)
	body := `{"batch":[{"name":"secret","url":"secret"},{"name":"me","url":"whoami"}]}`
	_, out, _ := postBatch(t, e, "bob", "application/json", body)
	if out[0].Code != 403 || bodyOf(t, out[1])["user_id"] != float64(2) {
		t.Errorf("bob: %+v %+v", out[0], out[1])
	}
	_, out, _ = postBatch(t, e, "alice", "application/json", body)
	if out[0].Code != 200 || bodyOf(t, out[1])["user_id"] != float64(1) {
		t.Errorf("alice: %+v %+v", out[0], out[1])
	}
	if code, _, raw := postBatch(t, e, "", "application/json", body); code != 401 {
		t.Errorf("no credentials: %d %s", code, raw)
	}

	// A batch whose caller was let in by something the sub-requests do not carry gets 401s
	// inside: an item never inherits the batch's principal.
	gin.SetMode(gin.TestMode)
	inner := batchEngine(t)
	outer := gin.New()
	b := &Batch{Handler: inner, Root: "/resourceful"}
	outer.POST("/resourceful", func(c *gin.Context) {
		c.Request = c.Request.WithContext(access.WithPrincipal(c.Request.Context(), access.Principal{UserID: 1}))
	}, apierr.Handler(b.Serve))
	_, out, raw := postBatch(t, outer, "", "application/json", body)
	if len(out) != 2 || out[0].Code != 401 || out[1].Code != 401 {
		t.Errorf("items without credentials: %s", raw)
	}
}

func TestLookupJSONPath(t *testing.T) {
	var doc any
	_ = json.Unmarshal([]byte(`{"a":{"b":[{"c":"x"},{"d e":2}]},"n":null}`), &doc)
	cases := []struct {
		path string
		want any
		ok   bool
	}{
		{"$.a.b[0].c", "x", true},
		{`$.a.b[1]["d e"]`, float64(2), true},
		{"$.a.b[1]['d e']", float64(2), true},
		{"$.n", nil, true},
		{"$.a.b[2]", nil, false},
		{"$.a.x", nil, false},
		{"$.a..b", nil, false},
		{"$[0]", nil, false},
		{"a.b", nil, false},
		{"$.a.b[-1]", nil, false},
		{"$.a.b[0", nil, false},
	}
	for _, tc := range cases {
		got, err := lookupJSONPath(doc, tc.path)
		if (err == nil) != tc.ok || (tc.ok && got != tc.want) {
			t.Errorf("%s: %v %v", tc.path, got, err)
		}
	}
}

// ItemRequest is the request Batch runs for an item: the same path (however the url is
// spelled, typed values included), method and parameters. What references an earlier result
// cannot be known before the batch runs.
func TestItemRequest(t *testing.T) {
	parse := func(body string) []BatchItem {
		t.Helper()
		req := httptest.NewRequest(http.MethodPost, "/resourceful", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		if strings.HasPrefix(body, "batch.") {
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		}
		p, err := Parse(req)
		if err != nil {
			t.Fatal(err)
		}
		items, err := ParseBatch(p)
		if err != nil {
			t.Fatal(err)
		}
		return items
	}
	for _, tc := range []struct {
		body, method, path, rawPath, query string
	}{
		{`{"batch":[{"url":"people/1"}]}`, "GET", "/r/people/1", "", ""},
		{`{"batch":[{"url":"/resourceful/people/1?a=1","method":"put","body":{"b":2}}]}`, "PUT", "/r/people/1", "", "a=1"},
		{`{"batch":[{"url":{"_val":"/people/1"}}]}`, "GET", "/r/people/1", "", ""},
		{`{"batch":[{"url":{"_type":"Date","_val":"resourceful/people/1"}}]}`, "GET", "/r/people/1", "", ""},
		{`{"batch":{"3":{"url":"people/2"}}}`, "GET", "/r/people/2", "", ""},
		{"batch.0.url=people/x/../1&batch.0.body.page_size=5", "GET", "/r/people/1", "", "page_size=5"},
		{`{"batch":[{"url":"people%2F1"}]}`, "GET", "/r/people/1", "/r/people%2F1", ""},
		{`{"batch":[{"url":"people/"}]}`, "GET", "/r/people/", "", ""},
		// Ending a write transaction: XPLAN's COMMIT item method, and ROLLBACK beside DELETE.
		{`{"batch":[{"url":"session/transaction/ab12","method":"COMMIT"}]}`, "COMMIT", "/r/session/transaction/ab12", "", ""},
		{`{"batch":[{"url":"/resourceful/session/transaction/ab12","method":"commit"}]}`, "COMMIT", "/r/session/transaction/ab12", "", ""},
		{`{"batch":[{"url":"session/transaction/ab12","method":"ROLLBACK"}]}`, "DELETE", "/r/session/transaction/ab12", "", ""},
	} {
		items := parse(tc.body)
		req, err := ItemRequest(t.Context(), "/r", items[0])
		if err != nil {
			t.Errorf("%s: %v", tc.body, err)
			continue
		}
		if req.Method != tc.method || req.URL.Path != tc.path || req.URL.RawPath != tc.rawPath || req.URL.RawQuery != tc.query {
			t.Errorf("%s: %s %s (raw %q) ?%s, want %s %s (raw %q) ?%s", tc.body, req.Method, req.URL.Path, req.URL.RawPath,
				req.URL.RawQuery, tc.method, tc.path, tc.rawPath, tc.query)
		}
	}
	for _, body := range []string{
		`{"batch":[{"url":"people/{result=a:$.id}"}]}`,
		`{"batch":[{"url":"people","method":"POST","body":{"id":"{result=a:$.id}"}}]}`,
		`{"batch":[{"url":"people/1","method":"COMMIT"}]}`,
		`{"batch":[{"url":"session/transaction","method":"COMMIT"}]}`,
		`{"batch":[{"url":"session/transaction/ab12/x","method":"COMMIT"}]}`,
		`{"batch":[{"url":"people/1","method":"ROLLBACK"}]}`,
		`{"batch":[{"url":"/resourceful/"}]}`,
		`{"batch":[{"url":"//elsewhere/people"}]}`,
	} {
		if req, err := ItemRequest(t.Context(), "/r", parse(body)[0]); err == nil {
			t.Errorf("%s: built %s %s", body, req.Method, req.URL)
		}
	}
}

// include_subtimings (XPLAN's batch parameter) adds each item's processing time in seconds,
// read from the batch's clock; without it, or with it false, items carry no time.
func TestBatchSubtimings(t *testing.T) {
	e := batchEngine(t)
	// A second engine whose batch reads a clock that moves 250 ms at each reading.
	stepped := batchEngine(t)
	var ticks int
	clock := func() time.Time {
		ticks++
		return time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC).Add(time.Duration(ticks) * 250 * time.Millisecond)
	}
	stepped.POST("/timed", apierr.Handler((&Batch{Handler: stepped, Root: "/resourceful", Now: clock}).Serve))

	for _, tc := range []struct {
		name, ct, body string
		timed          bool
	}{
		{"true", "application/json", `{"include_subtimings":true,"batch":[{"url":"people/1"},{"url":"people/9"}]}`, true},
		{"flattened 1", form, `include_subtimings=1&batch.0.url=people/1&batch.1.url=people/9`, true},
		{"false", "application/json", `{"include_subtimings":false,"batch":[{"url":"people/1"},{"url":"people/9"}]}`, false},
		{"absent", "application/json", `{"batch":[{"url":"people/1"},{"url":"people/9"}]}`, false},
	} {
		_, _, raw := postBatch(t, e, "alice", tc.ct, tc.body)
		var items []map[string]any
		if err := json.Unmarshal([]byte(raw), &items); err != nil || len(items) != 2 {
			t.Fatalf("%s: %s", tc.name, raw)
		}
		for _, item := range items {
			v, has := item["time"]
			secs, isNumber := v.(float64)
			if has != tc.timed || (tc.timed && (!isNumber || secs < 0)) {
				t.Errorf("%s: item %v time %v", tc.name, item["name"], v)
			}
		}
	}
	if code, _, raw := postBatch(t, e, "alice", "application/json", `{"include_subtimings":"maybe","batch":[{"url":"people/1"}]}`); code != 400 || !strings.Contains(raw, "include_subtimings") {
		t.Errorf("a bad include_subtimings: %d %s", code, raw)
	}

	req := httptest.NewRequest(http.MethodPost, "/timed", strings.NewReader(`{"include_subtimings":true,"batch":[{"url":"people/1"},{"url":"people/2"}]}`))
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	stepped.ServeHTTP(rec, req)
	var items []struct{ Time *float64 }
	if err := json.Unmarshal(rec.Body.Bytes(), &items); err != nil || len(items) != 2 {
		t.Fatalf("timed batch: %d %s", rec.Code, rec.Body.String())
	}
	for i, item := range items {
		if item.Time == nil || *item.Time != 0.25 {
			t.Errorf("item %d: time %v, want the clock's 0.25 s", i, item.Time)
		}
	}
}

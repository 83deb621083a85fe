package platform

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"
	"wealthportal/backend/internal/testkit/testdb"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/access"
	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/entities"
	"wealthportal/backend/internal/resourceful"
	"wealthportal/backend/internal/store"
)

// wireNotes is a test-only module: it writes and reads rows through resourceful.Q, so the wire
// test can see whether a write landed inside a transaction or not. A text may be written once:
// a second write of it is a 400.
type wireNotes struct{ db *store.DB }

func (m wireNotes) Register(authed *gin.RouterGroup) {
	authed.POST("/wire_note", apierr.Handler(m.create))
	authed.GET("/wire_note", apierr.Handler(m.list))
}

// POST /resourceful/wire_note
func (m wireNotes) create(c *gin.Context) error {
	p, err := resourceful.ParamsOf(c)
	if err != nil {
		return err
	}
	caller, _ := access.From(c.Request.Context())
	var taken int
	if err := resourceful.Q(c, m.db).QueryRowContext(c.Request.Context(),
		`SELECT COUNT(*) FROM wire_note WHERE text = ?`, p.String("text")).Scan(&taken); err != nil {
		return err
	}
	if taken > 0 {
		return apierr.BadRequest("A note with this text exists")
	}
	// The next id is chosen in the statement, as SQLite's rowid is: a PostgreSQL sequence moves
	// on in every replay's rolled-back transaction (and pgx has no LastInsertId).
	var id int64
	if err := resourceful.Q(c, m.db).QueryRowContext(c.Request.Context(),
		`INSERT INTO wire_note (id, text, author) SELECT COALESCE(MAX(id), 0) + 1, ?, ? FROM wire_note RETURNING id`,
		p.String("text"), caller.UserID).Scan(&id); err != nil {
		return err
	}
	answer := gin.H{"id": id}
	// Typed values, read back as the platform understood them.
	if when, ok, err := p.Date("when"); err != nil {
		return err
	} else if ok {
		answer["when"] = when.Format(resourceful.DateLayout)
	}
	if amount, ok, err := p.BigDecimal("amount"); err != nil {
		return err
	} else if ok {
		answer["amount"] = amount.RatString()
	}
	resourceful.JSON(c, http.StatusCreated, answer)
	return nil
}

// GET /resourceful/wire_note
func (m wireNotes) list(c *gin.Context) error {
	p, err := resourceful.ParamsOf(c)
	if err != nil {
		return err
	}
	page, err := resourceful.ParsePage(p, 20, 100, []string{"text"}, "+text")
	if err != nil {
		return err
	}
	where, args, orderBy, err := page.SQL(map[string]string{"text": "text"}, "id")
	if err != nil {
		return err
	}
	rows, err := resourceful.Q(c, m.db).QueryContext(c.Request.Context(),
		`SELECT id, text, author FROM wire_note WHERE (`+where+`) ORDER BY `+orderBy+` LIMIT ?`, append(args, page.Size)...)
	if err != nil {
		return err
	}
	defer rows.Close()
	fields := resourceful.Fields(p)
	items := []map[string]any{}
	for rows.Next() {
		var id, author int64
		var text string
		if err := rows.Scan(&id, &text, &author); err != nil {
			return err
		}
		item := map[string]any{"id": id, "text": text, "author": author, "bookmark": page.BookmarkOf(map[string]any{"text": text}, id)}
		items = append(items, resourceful.Select(item, fields))
	}
	if err := rows.Err(); err != nil {
		return err
	}
	resourceful.JSON(c, http.StatusOK, resourceful.InPageOrder(page, items))
	return nil
}

// wireClient talks to the platform over real HTTP with a cookie jar, like any other client.
type wireClient struct {
	t    *testing.T
	base string
	http *http.Client
}

type wireAnswer struct {
	code   int
	header http.Header
	body   string
	res    *http.Response
}

func (w wireClient) do(method, path, contentType, body string, set func(*http.Request)) wireAnswer {
	w.t.Helper()
	req, err := http.NewRequest(method, w.base+path, strings.NewReader(body))
	if err != nil {
		w.t.Fatal(err)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	if set != nil {
		set(req)
	}
	res, err := w.http.Do(req)
	if err != nil {
		w.t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return wireAnswer{code: res.StatusCode, header: res.Header, body: string(b), res: res}
}

// isJSON reports whether the answer is JSON labelled exactly as XPLAN labels it: a public
// XPLAN client library parses only an answer whose Content-Type equals "application/json".
func (a wireAnswer) isJSON() bool {
	return a.header.Get("Content-Type") == "application/json"
}

// texts lists the wire_note texts the platform answers at path.
func (w wireClient) texts(path string) []string {
	w.t.Helper()
	a := w.do("GET", path, "", "", nil)
	var items []struct{ Text string }
	if a.code != 200 || json.Unmarshal([]byte(a.body), &items) != nil {
		w.t.Fatalf("GET %s: %d %s", path, a.code, a.body)
	}
	out := make([]string, len(items))
	for i, it := range items {
		out[i] = it.Text
	}
	return out
}

func TestWireLikeAClient(t *testing.T) {
	gin.SetMode(gin.TestMode)
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		testdb.MustExec(t, f.db, `CREATE TABLE wire_note (id INTEGER PRIMARY KEY, text TEXT NOT NULL, author INTEGER NOT NULL)`)
		srv := httptest.NewServer(NewEngine(f.svc, f.db, []Module{wireNotes{db: f.db}, entities.New(f.db)}))
		t.Cleanup(srv.Close)
		jar, _ := cookiejar.New(nil)
		w := wireClient{t: t, base: srv.URL, http: &http.Client{Jar: jar}}

		// 1. No credentials: a 401 challenge in the platform's JSON error shape.
		a := w.do("GET", "/resourceful/session/user", "", "", nil)
		var e map[string]string
		if a.code != 401 || !a.isJSON() || json.Unmarshal([]byte(a.body), &e) != nil ||
			e["api_message"] != apierr.NoSessionAPI || e["user_message"] == "" {
			t.Fatalf("no credentials: %d %q %s", a.code, a.header.Get("Content-Type"), a.body)
		}
		if a := w.do("GET", "/resourceful/no/such/thing", "", "", nil); a.code != 404 || !a.isJSON() {
			t.Fatalf("unknown path: %d %q", a.code, a.header.Get("Content-Type"))
		}

		// 2. Basic auth with an app id starts a session kept in XPLANID.
		a = w.do("GET", "/resourceful/session/user", "", "", func(r *http.Request) {
			r.SetBasicAuth("ada", "Correct#Horse1")
			r.Header.Set(AppIDHeader, "wire-test")
		})
		if a.code != 200 || !a.isJSON() {
			t.Fatalf("basic auth: %d %s", a.code, a.body)
		}
		var xplan *http.Cookie
		for _, ck := range a.res.Cookies() {
			if ck.Name == SessionCookie {
				xplan = ck
			}
		}
		if xplan == nil || xplan.Path != "/" || xplan.Secure || !xplan.HttpOnly || xplan.Value == "" {
			t.Fatalf("XPLANID over plain http: %+v", xplan)
		}

		// A second session of the same user: a transaction belongs to its session, not its user.
		otherJar, _ := cookiejar.New(nil)
		other := wireClient{t: t, base: srv.URL, http: &http.Client{Jar: otherJar}}
		if a := other.do("GET", "/resourceful/session/user", "", "", func(r *http.Request) {
			r.SetBasicAuth("ada", "Correct#Horse1")
			r.Header.Set(AppIDHeader, "wire-test")
		}); a.code != 200 {
			t.Fatalf("second session: %d", a.code)
		}

		// 3. The cookie alone carries the session from now on.
		a = w.do("GET", "/resourceful/session/user", "", "", nil)
		if a.code != 200 || !strings.Contains(a.body, `"entity_id":10`) {
			t.Fatalf("cookie only: %d %s", a.code, a.body)
		}

		// 4. Writes, then a flattened-parameter GET with field selection and paging by bookmark.
		for _, text := range []string{"beta", "alpha"} {
			if a := w.do("POST", "/resourceful/wire_note", "application/x-www-form-urlencoded", "text="+text, nil); a.code != 201 || !a.isJSON() {
				t.Fatalf("create %s: %d %s", text, a.code, a.body)
			}
		}
		a = w.do("GET", "/resourceful/wire_note?fields.0=text&page_size=1&page_sort=%2Btext", "", "", nil)
		var page []map[string]any
		if a.code != 200 || json.Unmarshal([]byte(a.body), &page) != nil || len(page) != 1 || page[0]["text"] != "alpha" {
			t.Fatalf("first page: %d %s", a.code, a.body)
		}
		if _, hasAuthor := page[0]["author"]; hasAuthor || page[0]["id"] == nil || page[0]["bookmark"] == nil {
			t.Fatalf("field selection keeps text, id and bookmark only: %v", page[0])
		}
		next := url.Values{"fields.0": {"text"}, "page_size": {"1"}, "page_sort": {"+text"}, "page_bookmark": {page[0]["bookmark"].(string)}}
		if got := w.texts("/resourceful/wire_note?" + next.Encode()); len(got) != 1 || got[0] != "beta" {
			t.Fatalf("second page: %v", got)
		}
		if a := w.do("GET", "/resourceful/wire_note?page_bookmark=not-a-bookmark", "", "", nil); a.code != 400 || !a.isJSON() || !strings.Contains(a.body, "Invalid page_bookmark") {
			t.Fatalf("garbage bookmark: %d %s", a.code, a.body)
		}

		// 5. A batch with a reference from one item to an earlier one's result.
		a = w.do("POST", "/resourceful?goal=wire", "application/json", `{"batch":[
		{"name":"me","method":"GET","url":"session/user"},
		{"name":"note","method":"POST","url":"/resourceful/wire_note","body":{"text":"entity {result=me:$.entity_id}"},"omit_results_on_success":true},
		{"name":"missing","url":"no/such/thing"}
	]}`, nil)
		var results []struct {
			Name string
			Code int
			Msg  string
			Body *string
		}
		if a.code != 200 || !a.isJSON() || json.Unmarshal([]byte(a.body), &results) != nil || len(results) != 3 {
			t.Fatalf("batch: %d %s", a.code, a.body)
		}
		if results[0].Name != "me" || results[0].Code != 200 || results[1].Code != 201 || results[1].Body != nil ||
			results[2].Code != 404 || results[2].Msg != "Not Found" || !strings.Contains(*results[2].Body, "Resource Not Found") {
			t.Fatalf("batch results: %s", a.body)
		}
		if got := w.texts("/resourceful/wire_note"); strings.Join(got, ",") != "alpha,beta,entity 10" {
			t.Fatalf("the batch's write: %v", got)
		}

		begin := func() string {
			a := w.do("POST", "/resourceful/session/transaction", "", "", nil)
			var id string // a bare JSON string, as XPLAN answers it
			if a.code != 201 || !a.isJSON() || json.Unmarshal([]byte(a.body), &id) != nil || len(id) != 32 {
				t.Fatalf("begin: %d %s", a.code, a.body)
			}
			return id
		}
		// 6. A write transaction, committed. Each request in it runs in a database transaction of
		// its own (the earlier writes replayed, then rolled back), so it reads its own writes and
		// holds no lock between requests; the commit replays them for good.
		id := begin()
		if a := w.do("POST", "/resourceful/wire_note", "application/x-www-form-urlencoded", "text=gamma&_transaction="+id, nil); a.code != 201 || a.body != `{"id":4}` {
			t.Fatalf("write in transaction: %d %s", a.code, a.body)
		}
		if a := w.do("POST", "/resourceful/wire_note", "application/json", `{"text":"gamma2","_transaction":"`+id+`"}`, nil); a.code != 201 || a.body != `{"id":5}` {
			t.Fatalf("second write in transaction: %d %s", a.code, a.body)
		}
		if got := w.texts("/resourceful/wire_note"); len(got) != 3 {
			t.Fatalf("uncommitted write visible outside the transaction: %v", got)
		}
		if got := w.texts("/resourceful/wire_note?_transaction=" + id); len(got) != 5 {
			t.Fatalf("the transaction sees its writes: %v", got)
		}
		// The transaction belongs to the session that opened it, not to the user.
		if a := other.do("GET", "/resourceful/wire_note?_transaction="+id, "", "", nil); a.code != 404 || !a.isJSON() {
			t.Fatalf("another session's transaction: %d %s", a.code, a.body)
		}
		if a := other.do("POST", "/resourceful/session/transaction/"+id+"?_method=commit", "", "", nil); a.code != 404 {
			t.Fatalf("another session's commit: %d %s", a.code, a.body)
		}
		if a := w.do("POST", "/resourceful/session/transaction/"+id+"?_method=commit", "", "", nil); a.code != 204 {
			t.Fatalf("commit: %d %s", a.code, a.body)
		}
		if got := w.texts("/resourceful/wire_note"); strings.Join(got, ",") != "alpha,beta,entity 10,gamma,gamma2" {
			t.Fatalf("after commit: %v", got)
		}

		// 7. A write transaction, rolled back.
		id = begin()
		if a := w.do("POST", "/resourceful/wire_note", "application/json", `{"text":"delta","_transaction":"`+id+`"}`, nil); a.code != 201 {
			t.Fatalf("write in transaction: %d %s", a.code, a.body)
		}
		if a := w.do("DELETE", "/resourceful/session/transaction/"+id, "", "", nil); a.code != 204 {
			t.Fatalf("rollback: %d %s", a.code, a.body)
		}
		if got := w.texts("/resourceful/wire_note"); len(got) != 5 {
			t.Fatalf("after rollback: %v", got)
		}
		if a := w.do("GET", "/resourceful/wire_note?_transaction="+id, "", "", nil); a.code != 404 || !a.isJSON() {
			t.Fatalf("finished transaction: %d %s", a.code, a.body)
		}

		// 7b. Another session writes while a transaction is open (at once: nothing is locked), and
		// takes the text the transaction wrote: the commit's replay fails, says which write, and
		// nothing of the transaction lands.
		id = begin()
		for _, text := range []string{"zeta", "epsilon"} {
			if a := w.do("POST", "/resourceful/wire_note", "application/x-www-form-urlencoded", "text="+text+"&_transaction="+id, nil); a.code != 201 {
				t.Fatalf("write %s in transaction: %d %s", text, a.code, a.body)
			}
		}
		if a := other.do("POST", "/resourceful/wire_note", "application/x-www-form-urlencoded", "text=zeta", nil); a.code != 201 {
			t.Fatalf("another session's write while a transaction is open: %d %s", a.code, a.body)
		}
		a = w.do("POST", "/resourceful/session/transaction/"+id+"?_method=commit", "", "", nil)
		if a.code != 409 || !a.isJSON() || json.Unmarshal([]byte(a.body), &e) != nil ||
			e["api_message"] != "Transaction conflict: buffered write 1 of 2 (POST /resourceful/wire_note) now answers 400: A note with this text exists" {
			t.Fatalf("commit after a conflicting write: %d %s", a.code, a.body)
		}
		if got := w.texts("/resourceful/wire_note"); strings.Join(got, ",") != "alpha,beta,entity 10,gamma,gamma2,zeta" {
			t.Fatalf("after the failed commit: %v", got)
		}
		if a := w.do("DELETE", "/resourceful/session/transaction/"+id, "", "", nil); a.code != 404 {
			t.Fatalf("a failed commit ends the transaction: %d %s", a.code, a.body)
		}

		publicClient(t, w, f, begin)

		// 8. Ending the session: 204, and the old cookie no longer works.
		if a := w.do("DELETE", "/resourceful/session", "", "", nil); a.code != 204 {
			t.Fatalf("end session: %d %s", a.code, a.body)
		}
		replay := wireClient{t: t, base: srv.URL, http: &http.Client{}}
		a = replay.do("GET", "/resourceful/session/user", "", "", func(r *http.Request) {
			r.AddCookie(&http.Cookie{Name: SessionCookie, Value: xplan.Value})
		})
		if a.code != 401 || !a.isJSON() {
			t.Fatalf("ended session's cookie: %d %s", a.code, a.body)
		}
		a = replay.do("POST", "/resourceful", "application/json", `{"batch":[{"url":"session/user"}]}`, func(r *http.Request) {
			r.AddCookie(&http.Cookie{Name: SessionCookie, Value: xplan.Value})
		})
		if a.code != 401 || !a.isJSON() {
			t.Fatalf("batch with the ended session's cookie: %d %s", a.code, a.body)
		}
	})
}

// xplanClient is how a public XPLAN API client library sends its calls: Accept
// "application/json, text/html", its app id and a Referer on every call, and parameters
// flattened into the query without percent-encoding ("+" stays "+", which the server reads as
// a space, "=" stays "="), which only makes sense for values without "&".
func (w wireClient) xplanClient(method, path, query, contentType, body string) wireAnswer {
	w.t.Helper()
	if query != "" {
		path += "?" + query
	}
	return w.do(method, path, contentType, body, func(r *http.Request) {
		r.Header.Set("Accept", "application/json, text/html")
		r.Header.Set(AppIDHeader, "wire-test")
		r.Header.Set("Referer", w.base)
	})
}

// publicClient sends, on the session of w, the requests a public XPLAN client library sends,
// and checks the answers it relies on.
func publicClient(t *testing.T, w wireClient, f *fixture, begin func() string) {
	t.Helper()
	// Every JSON answer is labelled exactly application/json (the library parses nothing
	// else), whichever handler wrote it: modules, errors, login-step calls, batch and its items.
	for _, call := range []struct {
		method, path, ct, body string
		code                   int
	}{
		{"GET", "/resourceful/session/user", "", "", 200},
		{"GET", "/resourceful/session/tfa", "", "", 200},
		{"GET", "/resourceful/entity/client-v3/10", "", "", 200},
		{"GET", "/resourceful/wire_note", "", "", 200},
		{"GET", "/resourceful/wire_note?page_dir=sideways", "", "", 400},
		{"GET", "/resourceful/no/such/thing", "", "", 404},
		{"POST", "/resourceful/session/transaction/not-a-transaction?_method=commit", "", "", 404},
		{"POST", "/resourceful", "application/json", `{"batch":[{"name":"a","url":"site"},{"name":"b","method":"GET","url":"session/tfa"},{"name":"c","method":"TRACE","url":"site"}]}`, 200},
	} {
		a := w.xplanClient(call.method, call.path, "", call.ct, call.body)
		if a.code != call.code || !a.isJSON() {
			t.Errorf("%s %s: %d Content-Type %q", call.method, call.path, a.code, a.header.Get("Content-Type"))
		}
		var items []resourceful.BatchResult
		if call.path == "/resourceful" && (json.Unmarshal([]byte(a.body), &items) != nil || len(items) != 3) {
			t.Errorf("batch: %s", a.body)
		}
		for _, item := range items {
			if item.Headers["Content-Type"] != "application/json" {
				t.Errorf("batch item %v: headers %v", item.Name, item.Headers)
			}
		}
	}

	// A transaction, the library's way: begin (a bare id string), writes naming it in the
	// query, unencoded, then COMMIT as the HTTP method.
	id := begin()
	if a := w.xplanClient("POST", "/resourceful/wire_note", "_transaction="+id, "application/x-www-form-urlencoded", "text=eta"); a.code != 201 {
		t.Fatalf("write in transaction: %d %s", a.code, a.body)
	}
	if a := w.xplanClient("COMMIT", "/resourceful/session/transaction/"+id, "", "", ""); a.code != 204 {
		t.Fatalf("COMMIT: %d %s", a.code, a.body)
	}
	if got := w.texts("/resourceful/wire_note?page_size=100"); !strings.Contains(strings.Join(got, ","), "eta") {
		t.Fatalf("after COMMIT: %v", got)
	}

	// In a batch: the transaction begun by one item, used by the next ones (_transaction in the
	// item's body, as the library puts it) and ended by a COMMIT item.
	a := w.xplanClient("POST", "/resourceful", "", "application/json", `{"batch":[
		{"name":"tx","method":"POST","url":"/resourceful/session/transaction","omit_results_on_success":false},
		{"name":"theta","method":"POST","url":"/resourceful/wire_note","body":{"text":"theta","_transaction":"{result=tx:$}"},"omit_results_on_success":false},
		{"name":"commit","method":"COMMIT","url":"/resourceful/session/transaction/{result=tx:$}","omit_results_on_success":false}
	],"include_subtimings":false}`)
	var items []resourceful.BatchResult
	if a.code != 200 || json.Unmarshal([]byte(a.body), &items) != nil || len(items) != 3 ||
		items[0].Code != 201 || items[1].Code != 201 || items[2].Code != 204 || items[0].Time != nil {
		t.Fatalf("transaction in a batch: %d %s", a.code, a.body)
	}
	// A transaction lives 5 minutes after its last use.
	id = begin()
	if a := w.xplanClient("POST", "/resourceful/wire_note", "_transaction="+id, "application/x-www-form-urlencoded", "text=iota"); a.code != 201 {
		t.Fatalf("write in transaction: %d %s", a.code, a.body)
	}
	f.now = f.now.Add(5*time.Minute - time.Second)
	if got := w.texts("/resourceful/wire_note?page_size=100&_transaction=" + id); !strings.Contains(strings.Join(got, ","), "iota") {
		t.Fatalf("a transaction used 4 min 59 s ago: %v", got)
	}
	f.now = f.now.Add(5 * time.Minute)
	if a := w.xplanClient("GET", "/resourceful/wire_note", "_transaction="+id, "", ""); a.code != 404 || !a.isJSON() {
		t.Fatalf("a transaction unused for 5 minutes: %d %s", a.code, a.body)
	}

	// include_subtimings: each item's time in seconds.
	a = w.xplanClient("POST", "/resourceful", "", "application/json", `{"batch":[{"name":"me","method":"GET","url":"/resourceful/session/user"},{"name":"gone","url":"no/such/thing"}],"include_subtimings":true}`)
	items = nil
	if a.code != 200 || json.Unmarshal([]byte(a.body), &items) != nil || len(items) != 2 {
		t.Fatalf("include_subtimings: %d %s", a.code, a.body)
	}
	for _, item := range items {
		if item.Time == nil || *item.Time < 0 {
			t.Errorf("item %v: time %v", item.Name, item.Time)
		}
	}

	// page_dir=prev: the page before the bookmark, in the list's order.
	all := w.texts("/resourceful/wire_note?page_size=100")
	a = w.xplanClient("GET", "/resourceful/wire_note", "page_size=2&page_sort=+text&fields.0=text", "", "")
	var firstPage []map[string]any
	if a.code != 200 || json.Unmarshal([]byte(a.body), &firstPage) != nil || len(firstPage) != 2 {
		t.Fatalf("first page: %d %s", a.code, a.body)
	}
	next := url.Values{"page_size": {"2"}, "page_bookmark": {firstPage[1]["bookmark"].(string)}}
	a = w.xplanClient("GET", "/resourceful/wire_note", next.Encode(), "", "")
	var secondPage []map[string]any
	if json.Unmarshal([]byte(a.body), &secondPage) != nil || len(secondPage) != 2 || secondPage[0]["text"] != all[2] {
		t.Fatalf("second page: %d %s", a.code, a.body)
	}
	back := url.Values{"page_size": {"2"}, "page_dir": {"prev"}, "page_bookmark": {secondPage[0]["bookmark"].(string)}}
	if got := w.texts("/resourceful/wire_note?" + back.Encode()); strings.Join(got, ",") != strings.Join(all[:2], ",") {
		t.Fatalf("page_dir=prev: %v, want %v", got, all[:2])
	}
	if got := w.texts("/resourceful/wire_note?page_size=2&page_dir=prev"); strings.Join(got, ",") != strings.Join(all[len(all)-2:], ",") {
		t.Fatalf("page_dir=prev without a bookmark is the last page: %v, want %v", got, all[len(all)-2:])
	}

	// Typed values flattened into the query, unencoded: a Date with a time and a zone, a
	// BigDecimal in scientific notation.
	a = w.xplanClient("POST", "/resourceful/wire_note",
		"when._type=Date&when._val=2026-01-31T00:00:00+11:00&amount._type=BigDecimal&amount._val=1.5E+3",
		"application/x-www-form-urlencoded", "text=kappa")
	var typed map[string]any
	if a.code != 201 || json.Unmarshal([]byte(a.body), &typed) != nil || typed["when"] != "2026-01-31" || typed["amount"] != "1500" {
		t.Fatalf("typed values: %d %s", a.code, a.body)
	}

	// PATCH and PUT with the fields to change in "fields": flattened in the query or the form
	// body, or a JSON object.
	prefs := func() string {
		a := w.xplanClient("GET", "/resourceful/entity/client-v3/10", "fields.0=comm_pref_email&fields.1=comm_pref_sms", "", "")
		var c map[string]any
		if a.code != 200 || json.Unmarshal([]byte(a.body), &c) != nil {
			t.Fatalf("read preferences: %d %s", a.code, a.body)
		}
		return fmt.Sprintf("%v%v", c["comm_pref_email"], c["comm_pref_sms"])
	}
	for _, call := range []struct {
		method, query, ct, body, want string
	}{
		{"PATCH", "fields.comm_pref_email=0&fields.comm_pref_sms=1", "", "", "01"},
		{"PATCH", "", "application/x-www-form-urlencoded", "fields.comm_pref_email=1&fields.comm_pref_sms=0", "10"},
		{"PATCH", "", "application/json", `{"fields":{"comm_pref_email":"0","comm_pref_sms":"1"}}`, "01"},
		{"PUT", "", "application/json", `{"fields":{"comm_pref_email":true}}`, "11"},
	} {
		if a := w.xplanClient(call.method, "/resourceful/entity/client-v3/10", call.query, call.ct, call.body); a.code != 200 || !a.isJSON() {
			t.Fatalf("%s %s %s: %d %s", call.method, call.query, call.body, a.code, a.body)
		}
		if got := prefs(); got != call.want {
			t.Fatalf("%s %s %s: preferences %s, want %s", call.method, call.query, call.body, got, call.want)
		}
	}
}

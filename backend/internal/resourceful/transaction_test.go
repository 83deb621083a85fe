package resourceful

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/store"
)

// fakeClock is a clock tests move by hand.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (f *fakeClock) now() time.Time          { f.mu.Lock(); defer f.mu.Unlock(); return f.t }
func (f *fakeClock) advance(d time.Duration) { f.mu.Lock(); f.t = f.t.Add(d); f.mu.Unlock() }

type txFixture struct {
	db     *store.DB
	txs    *Transactions
	clock  *fakeClock
	engine *gin.Engine
}

// newTxFixture serves a notes table: the cookie "sid" names the session; writes and reads go
// through Q, so _transaction decides where they land.
func newTxFixture(t *testing.T) *txFixture {
	t.Helper()
	gin.SetMode(gin.TestMode)
	db, err := store.OpenSQLite(filepath.Join(t.TempDir(), "tx.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if _, err := db.Exec(`CREATE TABLE note (id INTEGER PRIMARY KEY, text TEXT NOT NULL)`); err != nil {
		t.Fatal(err)
	}
	f := &txFixture{db: db, clock: &fakeClock{t: time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)}}
	f.txs = NewTransactions(db.DB, f.clock.now)
	t.Cleanup(f.txs.Close) // runs before db.Close
	f.txs.OwnerOf = func(c *gin.Context) string { ck, _ := c.Cookie("sid"); return ck }

	e := gin.New()
	root := e.Group("/resourceful")
	root.POST("/session/transaction", apierr.Handler(f.txs.BeginHandler))
	root.POST("/session/transaction/:id", apierr.Handler(f.txs.CommitHandler))
	root.PUT("/session/transaction/:id", apierr.Handler(f.txs.CommitHandler))
	root.DELETE("/session/transaction/:id", apierr.Handler(f.txs.RollbackHandler))
	root.DELETE("/session", func(c *gin.Context) { f.txs.EndSessionOf(c); c.Status(http.StatusNoContent) })
	mod := root.Group("", f.txs.Middleware)
	mod.POST("/note", apierr.Handler(func(c *gin.Context) error {
		p, err := ParamsOf(c)
		if err != nil {
			return err
		}
		if _, err := Q(c, db).ExecContext(c.Request.Context(), `INSERT INTO note (text) VALUES (?)`, p.String("text")); err != nil {
			return err
		}
		c.Status(http.StatusCreated)
		return nil
	}))
	mod.GET("/note", apierr.Handler(func(c *gin.Context) error {
		var n int
		if err := Q(c, db).QueryRowContext(c.Request.Context(), `SELECT COUNT(*) FROM note`).Scan(&n); err != nil {
			return err
		}
		JSON(c, 200, gin.H{"count": n})
		return nil
	}))
	f.engine = e
	return f
}

func (f *txFixture) call(t *testing.T, sid, method, target, ct, body string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(method, target, strings.NewReader(body))
	if ct != "" {
		req.Header.Set("Content-Type", ct)
	}
	req.AddCookie(&http.Cookie{Name: "sid", Value: sid})
	rec := httptest.NewRecorder()
	f.engine.ServeHTTP(rec, req)
	return rec
}

func (f *txFixture) begin(t *testing.T, sid string) string {
	t.Helper()
	rec := f.call(t, sid, "POST", "/resourceful/session/transaction", "", "")
	var out struct{ ID string }
	if rec.Code != 201 || json.Unmarshal(rec.Body.Bytes(), &out) != nil || !regexp.MustCompile(`^[0-9a-f]{32}$`).MatchString(out.ID) {
		t.Fatalf("begin: %d %s", rec.Code, rec.Body.String())
	}
	return out.ID
}

// committedCount reads outside any transaction.
func (f *txFixture) committedCount(t *testing.T) int {
	t.Helper()
	var n int
	if err := f.db.QueryRow(`SELECT COUNT(*) FROM note`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func (f *txFixture) countVia(t *testing.T, sid, target string) int {
	t.Helper()
	rec := f.call(t, sid, "GET", target, "", "")
	var out struct{ Count int }
	if rec.Code != 200 || json.Unmarshal(rec.Body.Bytes(), &out) != nil {
		t.Fatalf("GET %s: %d %s", target, rec.Code, rec.Body.String())
	}
	return out.Count
}

func isNotFound(rec *httptest.ResponseRecorder) bool {
	return rec.Code == 404 && strings.Contains(rec.Body.String(), `"api_message":"Resource Not Found"`) &&
		strings.HasPrefix(rec.Header().Get("Content-Type"), "application/json")
}

func TestTransactionCommit(t *testing.T) {
	f := newTxFixture(t)
	id := f.begin(t, "alice")
	// _transaction in the query, a form body and a JSON body.
	if rec := f.call(t, "alice", "POST", "/resourceful/note?_transaction="+id, "application/x-www-form-urlencoded", "text=a"); rec.Code != 201 {
		t.Fatalf("write in query transaction: %d %s", rec.Code, rec.Body.String())
	}
	if rec := f.call(t, "alice", "POST", "/resourceful/note", "application/x-www-form-urlencoded", "text=b&_transaction="+id); rec.Code != 201 {
		t.Fatalf("write in form transaction: %d", rec.Code)
	}
	if rec := f.call(t, "alice", "POST", "/resourceful/note", "application/json", `{"text":"c","_transaction":"`+id+`"}`); rec.Code != 201 {
		t.Fatalf("write in JSON transaction: %d", rec.Code)
	}
	if n := f.committedCount(t); n != 0 {
		t.Fatalf("uncommitted writes visible outside: %d", n)
	}
	if n := f.countVia(t, "alice", "/resourceful/note?_transaction="+id); n != 3 {
		t.Fatalf("the transaction sees its own writes: %d", n)
	}
	if rec := f.call(t, "alice", "POST", "/resourceful/session/transaction/"+id+"?_method=commit", "", ""); rec.Code != 204 {
		t.Fatalf("commit: %d %s", rec.Code, rec.Body.String())
	}
	if n := f.committedCount(t); n != 3 {
		t.Fatalf("committed writes: %d", n)
	}
	// A finished transaction is gone.
	if rec := f.call(t, "alice", "GET", "/resourceful/note?_transaction="+id, "", ""); !isNotFound(rec) {
		t.Fatalf("finished transaction: %d %s", rec.Code, rec.Body.String())
	}

	// PUT with _method=commit in a form body commits too.
	id = f.begin(t, "alice")
	f.call(t, "alice", "POST", "/resourceful/note?_transaction="+id, "application/x-www-form-urlencoded", "text=d")
	if rec := f.call(t, "alice", "PUT", "/resourceful/session/transaction/"+id, "application/x-www-form-urlencoded", "_method=commit"); rec.Code != 204 {
		t.Fatalf("PUT commit: %d %s", rec.Code, rec.Body.String())
	}
	if n := f.committedCount(t); n != 4 {
		t.Fatalf("after PUT commit: %d", n)
	}
}

func TestTransactionRollback(t *testing.T) {
	f := newTxFixture(t)
	id := f.begin(t, "alice")
	f.call(t, "alice", "POST", "/resourceful/note?_transaction="+id, "application/x-www-form-urlencoded", "text=a")
	if rec := f.call(t, "alice", "POST", "/resourceful/session/transaction/"+id, "", ""); rec.Code != 400 {
		t.Fatalf("POST without _method: %d", rec.Code)
	}
	if rec := f.call(t, "alice", "DELETE", "/resourceful/session/transaction/"+id, "", ""); rec.Code != 204 {
		t.Fatalf("rollback: %d %s", rec.Code, rec.Body.String())
	}
	if n := f.committedCount(t); n != 0 {
		t.Fatalf("rolled-back write visible: %d", n)
	}
	if rec := f.call(t, "alice", "DELETE", "/resourceful/session/transaction/"+id, "", ""); !isNotFound(rec) {
		t.Fatalf("second rollback: %d", rec.Code)
	}
	// Without _transaction, writes go straight to the database.
	f.call(t, "alice", "POST", "/resourceful/note", "application/x-www-form-urlencoded", "text=direct")
	if n := f.committedCount(t); n != 1 {
		t.Fatalf("direct write: %d", n)
	}
}

func TestTransactionUnknownAndForeign(t *testing.T) {
	f := newTxFixture(t)
	unknown := strings.Repeat("ab", 16)
	for _, rec := range []*httptest.ResponseRecorder{
		f.call(t, "alice", "GET", "/resourceful/note?_transaction="+unknown, "", ""),
		f.call(t, "alice", "POST", "/resourceful/session/transaction/"+unknown+"?_method=commit", "", ""),
		f.call(t, "alice", "DELETE", "/resourceful/session/transaction/"+unknown, "", ""),
	} {
		if !isNotFound(rec) {
			t.Errorf("unknown id: %d %s", rec.Code, rec.Body.String())
		}
	}

	id := f.begin(t, "alice")
	f.call(t, "alice", "POST", "/resourceful/note?_transaction="+id, "application/x-www-form-urlencoded", "text=a")
	for _, rec := range []*httptest.ResponseRecorder{
		f.call(t, "bob", "GET", "/resourceful/note?_transaction="+id, "", ""),
		f.call(t, "bob", "POST", "/resourceful/note?_transaction="+id, "application/x-www-form-urlencoded", "text=bob"),
		f.call(t, "bob", "POST", "/resourceful/session/transaction/"+id+"?_method=commit", "", ""),
		f.call(t, "bob", "DELETE", "/resourceful/session/transaction/"+id, "", ""),
		f.call(t, "", "GET", "/resourceful/note?_transaction="+id, "", ""),
	} {
		if !isNotFound(rec) {
			t.Errorf("foreign session: %d %s", rec.Code, rec.Body.String())
		}
	}
	// Alice's transaction is untouched by those attempts.
	if n := f.countVia(t, "alice", "/resourceful/note?_transaction="+id); n != 1 {
		t.Fatalf("owner's view after foreign attempts: %d", n)
	}
	if rec := f.call(t, "", "POST", "/resourceful/session/transaction", "", ""); rec.Code != 401 {
		t.Fatalf("begin without a session: %d", rec.Code)
	}
}

func TestTransactionExpiry(t *testing.T) {
	f := newTxFixture(t)
	id := f.begin(t, "alice")
	f.call(t, "alice", "POST", "/resourceful/note?_transaction="+id, "application/x-www-form-urlencoded", "text=a")

	// Idle time counts from the last use, not from the start.
	f.clock.advance(59 * time.Second)
	if n := f.countVia(t, "alice", "/resourceful/note?_transaction="+id); n != 1 {
		t.Fatalf("used before expiry: %d", n)
	}
	f.clock.advance(59 * time.Second)
	if n := f.txs.Sweep(); n != 0 {
		t.Fatalf("swept a transaction used 59 s ago: %d", n)
	}
	f.clock.advance(time.Second)
	if n := f.txs.Sweep(); n != 1 {
		t.Fatalf("sweep after 60 s idle rolled back %d", n)
	}
	if rec := f.call(t, "alice", "GET", "/resourceful/note?_transaction="+id, "", ""); !isNotFound(rec) {
		t.Fatalf("expired transaction: %d", rec.Code)
	}
	if n := f.committedCount(t); n != 0 {
		t.Fatalf("an expired transaction rolls back: %d", n)
	}

	// An expired transaction is refused even before the janitor has run.
	id = f.begin(t, "alice")
	f.clock.advance(61 * time.Second)
	if rec := f.call(t, "alice", "POST", "/resourceful/session/transaction/"+id+"?_method=commit", "", ""); !isNotFound(rec) {
		t.Fatalf("commit after expiry: %d", rec.Code)
	}
}

func TestTransactionLimitAndTurns(t *testing.T) {
	f := newTxFixture(t)
	id := f.begin(t, "alice")
	if rec := f.call(t, "bob", "POST", "/resourceful/session/transaction", "", ""); rec.Code != http.StatusServiceUnavailable {
		t.Fatalf("second transaction on SQLite: %d %s", rec.Code, rec.Body.String())
	}

	// One request at a time: while one holds the turn, another waits (here: gives up).
	e, err := f.txs.acquire(context.Background(), id, "alice")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := f.txs.acquire(ctx, id, "alice"); !errors.Is(err, context.Canceled) {
		t.Fatalf("second turn while held: %v", err)
	}
	// A transaction in use is never swept, however long the request takes.
	f.clock.advance(5 * time.Minute)
	if n := f.txs.Sweep(); n != 0 {
		t.Fatalf("swept a transaction in use: %d", n)
	}
	f.txs.release(e)
	if n := f.txs.Sweep(); n != 0 {
		t.Fatalf("a request just ended restarts the idle clock: %d", n)
	}
	if err := f.txs.Commit(context.Background(), id, "alice"); err != nil {
		t.Fatal(err)
	}
	f.begin(t, "bob") // room again
}

func TestWithTx(t *testing.T) {
	f := newTxFixture(t)
	c, _ := gin.CreateTestContext(httptest.NewRecorder())
	c.Request = httptest.NewRequest("GET", "/", nil)
	boom := errors.New("boom")
	err := WithTx(c, f.db.DB, func(q Querier) error {
		if _, err := q.ExecContext(c.Request.Context(), `INSERT INTO note (text) VALUES ('x')`); err != nil {
			return err
		}
		return boom
	})
	if !errors.Is(err, boom) || f.committedCount(t) != 0 {
		t.Fatalf("failed WithTx: %v %d", err, f.committedCount(t))
	}
	if err := WithTx(c, f.db.DB, func(q Querier) error {
		_, err := q.ExecContext(c.Request.Context(), `INSERT INTO note (text) VALUES ('x')`)
		return err
	}); err != nil || f.committedCount(t) != 1 {
		t.Fatalf("WithTx: %v %d", err, f.committedCount(t))
	}
	if Q(c, f.db) != Querier(f.db) {
		t.Fatal("Q without a transaction is the database")
	}
	// Inside a request's transaction, WithTx joins it and leaves the commit to its owner.
	id := f.begin(t, "alice")
	e, err := f.txs.acquire(context.Background(), id, "alice")
	if err != nil {
		t.Fatal(err)
	}
	c.Set(querierKey, e.tx)
	if Q(c, f.db) != Querier(e.tx) {
		t.Fatal("Q inside a transaction is the transaction")
	}
	if err := WithTx(c, f.db.DB, func(q Querier) error {
		if q != Querier(e.tx) {
			return errors.New("WithTx did not join the open transaction")
		}
		_, err := q.ExecContext(c.Request.Context(), `INSERT INTO note (text) VALUES ('y')`)
		return err
	}); err != nil || f.committedCount(t) != 1 {
		t.Fatalf("joined WithTx: %v %d", err, f.committedCount(t))
	}
	f.txs.release(e)
	if err := f.txs.Rollback(context.Background(), id, "alice"); err != nil || f.committedCount(t) != 1 {
		t.Fatalf("rollback of the joined write: %v %d", err, f.committedCount(t))
	}
}

// Ending a session rolls back its open transaction at once, releasing SQLite's write lock for
// the next session instead of holding it until the transaction expires.
func TestTransactionsEndWithTheSession(t *testing.T) {
	f := newTxFixture(t)
	alice := f.begin(t, "alice")
	f.call(t, "alice", "POST", "/resourceful/note?_transaction="+alice, "application/x-www-form-urlencoded", "text=a")
	if rec := f.call(t, "bob", "DELETE", "/resourceful/session", "", ""); rec.Code != http.StatusNoContent {
		t.Fatalf("end bob's session: %d", rec.Code)
	}
	if rec := f.call(t, "alice", "GET", "/resourceful/note?_transaction="+alice, "", ""); rec.Code != http.StatusOK {
		t.Fatalf("another session's logout ended alice's transaction: %d", rec.Code)
	}
	if rec := f.call(t, "alice", "DELETE", "/resourceful/session", "", ""); rec.Code != http.StatusNoContent {
		t.Fatalf("end alice's session: %d", rec.Code)
	}
	if rec := f.call(t, "alice", "DELETE", "/resourceful/session/transaction/"+alice, "", ""); !isNotFound(rec) {
		t.Fatalf("alice's transaction outlived her session: %d", rec.Code)
	}
	if n := f.committedCount(t); n != 0 {
		t.Fatalf("alice's uncommitted write landed: %d", n)
	}
	bob := f.begin(t, "bob") // the write lock is free again
	if rec := f.call(t, "bob", "POST", "/resourceful/session/transaction/"+bob+"?_method=commit", "", ""); rec.Code != http.StatusNoContent {
		t.Fatalf("bob's commit: %d %s", rec.Code, rec.Body.String())
	}
}

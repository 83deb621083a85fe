package resourceful

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
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
// through Q, so _transaction decides where they land. A note's text is unique: writing one
// that exists is a 400, which is how a replayed write comes to fail. A write may choose its
// note's id, so that another session's notes do not move it.
func newTxFixture(t *testing.T) *txFixture {
	t.Helper()
	db, err := store.OpenSQLite(filepath.Join(t.TempDir(), "tx.db"))
	if err != nil {
		t.Fatal(err)
	}
	return newTxFixtureOn(t, db)
}

// newTxFixtureOn is newTxFixture over db.
func newTxFixtureOn(t *testing.T, db *store.DB) *txFixture {
	t.Helper()
	gin.SetMode(gin.TestMode)
	t.Cleanup(func() { db.Close() })
	if _, err := db.Exec(`CREATE TABLE note (id INTEGER PRIMARY KEY, text TEXT NOT NULL UNIQUE)`); err != nil {
		t.Fatal(err)
	}
	f := &txFixture{db: db, clock: &fakeClock{t: time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)}}
	e := gin.New()
	f.txs = NewTransactions(db.DB, e, f.clock.now)
	t.Cleanup(f.txs.Close) // runs before db.Close
	f.txs.OwnerOf = func(c *gin.Context) string { ck, _ := c.Cookie("sid"); return ck }

	root := e.Group("/resourceful")
	batch := &Batch{Handler: e, Root: "/resourceful"}
	root.POST("", apierr.Handler(batch.Serve))
	f.txs.Register(root)
	root.DELETE("/session", func(c *gin.Context) { f.txs.EndSessionOf(c); c.Status(http.StatusNoContent) })
	mod := root.Group("", f.txs.Middleware)
	mod.POST("/note", apierr.Handler(func(c *gin.Context) error {
		p, err := ParamsOf(c)
		if err != nil {
			return err
		}
		q, ctx := Q(c, db), c.Request.Context()
		var taken int
		if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM note WHERE text = ?`, p.String("text")).Scan(&taken); err != nil {
			return err
		}
		if taken > 0 {
			return apierr.BadRequest("A note with this text exists")
		}
		var chosen any
		if p.Has("id") {
			chosen = p.String("id")
		}
		res, err := q.ExecContext(ctx, `INSERT INTO note (id, text) VALUES (?, ?)`, chosen, p.String("text"))
		if err != nil {
			return err
		}
		id, _ := res.LastInsertId()
		JSON(c, http.StatusCreated, gin.H{"id": id})
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
	// XPLAN answers the id as a bare JSON string, which is what its clients read.
	var id string
	if rec.Code != 201 || rec.Header().Get("Content-Type") != "application/json" ||
		json.Unmarshal(rec.Body.Bytes(), &id) != nil || !regexp.MustCompile(`^[0-9a-f]{32}$`).MatchString(id) {
		t.Fatalf("begin: %d %q %s", rec.Code, rec.Header().Get("Content-Type"), rec.Body.String())
	}
	return id
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

const form = "application/x-www-form-urlencoded"

// apiMessage is the api_message of an error answer.
func apiMessage(rec *httptest.ResponseRecorder) string {
	var e apierr.Error
	_ = json.Unmarshal(rec.Body.Bytes(), &e)
	return e.APIMessage
}

func TestTransactionCommit(t *testing.T) {
	f := newTxFixture(t)
	id := f.begin(t, "alice")
	// _transaction in the query, a form body and a JSON body; each write gets its real answer.
	rec := f.call(t, "alice", "POST", "/resourceful/note?_transaction="+id, form, "text=a")
	if rec.Code != 201 || rec.Body.String() != `{"id":1}` {
		t.Fatalf("write in query transaction: %d %s", rec.Code, rec.Body.String())
	}
	if rec := f.call(t, "alice", "POST", "/resourceful/note", form, "text=b&_transaction="+id); rec.Code != 201 || rec.Body.String() != `{"id":2}` {
		t.Fatalf("write in form transaction: %d %s", rec.Code, rec.Body.String())
	}
	if rec := f.call(t, "alice", "POST", "/resourceful/note", "application/json", `{"text":"c","_transaction":"`+id+`"}`); rec.Code != 201 {
		t.Fatalf("write in JSON transaction: %d", rec.Code)
	}
	// A write that fails is not kept: the commit below lands three notes, not four.
	if rec := f.call(t, "alice", "POST", "/resourceful/note?_transaction="+id, form, "text=a"); rec.Code != 400 {
		t.Fatalf("a duplicate inside the transaction sees the transaction's own note: %d %s", rec.Code, rec.Body.String())
	}
	if n := f.committedCount(t); n != 0 {
		t.Fatalf("uncommitted writes visible outside: %d", n)
	}
	if n := f.countVia(t, "alice", "/resourceful/note"); n != 0 {
		t.Fatalf("uncommitted writes visible to a request without _transaction: %d", n)
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

	// PUT with _method=commit in a form body commits too; so does an empty transaction.
	id = f.begin(t, "alice")
	f.call(t, "alice", "POST", "/resourceful/note?_transaction="+id, form, "text=d")
	if rec := f.call(t, "alice", "PUT", "/resourceful/session/transaction/"+id, form, "_method=commit"); rec.Code != 204 {
		t.Fatalf("PUT commit: %d %s", rec.Code, rec.Body.String())
	}
	if n := f.committedCount(t); n != 4 {
		t.Fatalf("after PUT commit: %d", n)
	}
	id = f.begin(t, "alice")
	if rec := f.call(t, "alice", "POST", "/resourceful/session/transaction/"+id+"?_method=commit", "", ""); rec.Code != 204 {
		t.Fatalf("empty commit: %d %s", rec.Code, rec.Body.String())
	}
}

// The finding of issue 10: an open transaction holds no database lock between its requests,
// so every other session's writes go ahead. The store's busy timeout is cut to 250 ms here, so
// a transaction that held SQLite's write lock would fail this at once instead of after 10 s.
func TestOpenTransactionHoldsNoWriteLock(t *testing.T) {
	dsn := "file:" + filepath.Join(t.TempDir(), "tx.db") + "?_pragma=journal_mode(WAL)&_pragma=busy_timeout(250)" +
		"&_pragma=foreign_keys(1)&_txlock=immediate" // store.OpenSQLite's settings, but for the timeout
	raw, err := sql.Open("sqlite", dsn)
	if err != nil {
		t.Fatal(err)
	}
	f := newTxFixtureOn(t, &store.DB{DB: raw, Dialect: store.SQLite})

	alice := f.begin(t, "alice")
	if rec := f.call(t, "alice", "POST", "/resourceful/note?_transaction="+alice, form, "text=alice&id=100"); rec.Code != 201 {
		t.Fatalf("alice's write in her transaction: %d %s", rec.Code, rec.Body.String())
	}
	// Between alice's requests: bob writes through the engine, and straight to the database.
	if rec := f.call(t, "bob", "POST", "/resourceful/note", form, "text=bob"); rec.Code != 201 {
		t.Fatalf("bob's write while alice's transaction is open: %d %s", rec.Code, rec.Body.String())
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if _, err := f.db.ExecContext(ctx, `INSERT INTO note (text) VALUES ('direct')`); err != nil {
		t.Fatalf("a direct write while alice's transaction is open: %v", err)
	}
	// Bob's transaction too: one session's transaction does not shut out another's.
	bob := f.begin(t, "bob")
	if rec := f.call(t, "bob", "POST", "/resourceful/note?_transaction="+bob, form, "text=bob2"); rec.Code != 201 {
		t.Fatalf("bob's write in his own transaction: %d %s", rec.Code, rec.Body.String())
	}
	if rec := f.call(t, "bob", "POST", "/resourceful/session/transaction/"+bob+"?_method=commit", "", ""); rec.Code != 204 {
		t.Fatalf("bob's commit: %d %s", rec.Code, rec.Body.String())
	}
	// Alice still reads her own write over everyone else's, and commits it.
	if n := f.countVia(t, "alice", "/resourceful/note?_transaction="+alice); n != 4 {
		t.Fatalf("alice's view: %d", n)
	}
	if rec := f.call(t, "alice", "POST", "/resourceful/session/transaction/"+alice+"?_method=commit", "", ""); rec.Code != 204 {
		t.Fatalf("alice's commit: %d %s", rec.Code, rec.Body.String())
	}
	if n := f.committedCount(t); n != 4 {
		t.Fatalf("committed: %d", n)
	}
}

// A buffered write that no longer succeeds when replayed (someone else changed the data)
// fails the request that replays it and the commit, and nothing of the transaction lands.
func TestTransactionReplayConflict(t *testing.T) {
	f := newTxFixture(t)
	id := f.begin(t, "alice")
	for i, text := range []string{"first", "taken"} {
		if rec := f.call(t, "alice", "POST", "/resourceful/note?_transaction="+id, form, fmt.Sprintf("text=%s&id=%d", text, i+1)); rec.Code != 201 {
			t.Fatalf("write %s: %d %s", text, rec.Code, rec.Body.String())
		}
	}
	if rec := f.call(t, "bob", "POST", "/resourceful/note", form, "text=taken&id=3"); rec.Code != 201 {
		t.Fatalf("bob takes the text: %d %s", rec.Code, rec.Body.String())
	}
	want := "Transaction conflict: buffered write 2 of 2 (POST /resourceful/note) now answers 400: A note with this text exists"
	rec := f.call(t, "alice", "GET", "/resourceful/note?_transaction="+id, "", "")
	if rec.Code != http.StatusConflict || apiMessage(rec) != want {
		t.Fatalf("read after the conflict: %d %s", rec.Code, rec.Body.String())
	}
	rec = f.call(t, "alice", "POST", "/resourceful/session/transaction/"+id+"?_method=commit", "", "")
	if rec.Code != http.StatusConflict || apiMessage(rec) != want || !strings.HasPrefix(rec.Header().Get("Content-Type"), "application/json") {
		t.Fatalf("commit after the conflict: %d %s", rec.Code, rec.Body.String())
	}
	if n := f.committedCount(t); n != 1 {
		t.Fatalf("only bob's note lands, not alice's first: %d", n)
	}
	if rec := f.call(t, "alice", "DELETE", "/resourceful/session/transaction/"+id, "", ""); !isNotFound(rec) {
		t.Fatalf("a failed commit ends the transaction: %d", rec.Code)
	}
}

// A created item whose id would differ at commit is a conflict too: the caller may have built
// later writes on the id it was given.
func TestTransactionReplayIDChanged(t *testing.T) {
	f := newTxFixture(t)
	id := f.begin(t, "alice")
	if rec := f.call(t, "alice", "POST", "/resourceful/note?_transaction="+id, form, "text=alice"); rec.Body.String() != `{"id":1}` {
		t.Fatalf("alice's note: %d %s", rec.Code, rec.Body.String())
	}
	if rec := f.call(t, "bob", "POST", "/resourceful/note", form, "text=bob"); rec.Body.String() != `{"id":1}` {
		t.Fatalf("bob's note: %d %s", rec.Code, rec.Body.String())
	}
	rec := f.call(t, "alice", "POST", "/resourceful/session/transaction/"+id+"?_method=commit", "", "")
	if rec.Code != http.StatusConflict || !strings.Contains(apiMessage(rec), "buffered write 1 of 1 (POST /resourceful/note) now creates or changes another item") {
		t.Fatalf("commit: %d %s", rec.Code, rec.Body.String())
	}
	if n := f.committedCount(t); n != 1 {
		t.Fatalf("alice's note landed under another id: %d", n)
	}
}

func TestTransactionRollback(t *testing.T) {
	f := newTxFixture(t)
	id := f.begin(t, "alice")
	f.call(t, "alice", "POST", "/resourceful/note?_transaction="+id, form, "text=a")
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
	// _method=rollback does the same for clients that cannot send DELETE.
	id = f.begin(t, "alice")
	f.call(t, "alice", "POST", "/resourceful/note?_transaction="+id, form, "text=b")
	if rec := f.call(t, "alice", "POST", "/resourceful/session/transaction/"+id+"?_method=rollback", "", ""); rec.Code != 204 {
		t.Fatalf("_method=rollback: %d %s", rec.Code, rec.Body.String())
	}
	// Without _transaction, writes go straight to the database.
	f.call(t, "alice", "POST", "/resourceful/note", form, "text=direct")
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
	f.call(t, "alice", "POST", "/resourceful/note?_transaction="+id, form, "text=a")
	for _, rec := range []*httptest.ResponseRecorder{
		f.call(t, "bob", "GET", "/resourceful/note?_transaction="+id, "", ""),
		f.call(t, "bob", "POST", "/resourceful/note?_transaction="+id, form, "text=bob"),
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
	f.call(t, "alice", "POST", "/resourceful/note?_transaction="+id, form, "text=a")

	// Idle time counts from the last use, not from the start.
	f.clock.advance(TransactionIdleTimeout - time.Second)
	if n := f.countVia(t, "alice", "/resourceful/note?_transaction="+id); n != 1 {
		t.Fatalf("used before expiry: %d", n)
	}
	f.clock.advance(TransactionIdleTimeout - time.Second)
	if n := f.txs.Sweep(); n != 0 {
		t.Fatalf("swept a transaction used 4 min 59 s ago: %d", n)
	}
	f.clock.advance(time.Second)
	if n := f.txs.Sweep(); n != 1 {
		t.Fatalf("sweep after 5 min idle forgot %d", n)
	}
	if rec := f.call(t, "alice", "GET", "/resourceful/note?_transaction="+id, "", ""); !isNotFound(rec) {
		t.Fatalf("expired transaction: %d", rec.Code)
	}
	if n := f.committedCount(t); n != 0 {
		t.Fatalf("an expired transaction's write landed: %d", n)
	}

	// An expired transaction is refused even before anything has swept it.
	id = f.begin(t, "alice")
	f.call(t, "alice", "POST", "/resourceful/note?_transaction="+id, form, "text=b")
	f.clock.advance(TransactionIdleTimeout + time.Second)
	if rec := f.call(t, "alice", "POST", "/resourceful/session/transaction/"+id+"?_method=commit", "", ""); !isNotFound(rec) {
		t.Fatalf("commit after expiry: %d", rec.Code)
	}
	if n := f.committedCount(t); n != 0 {
		t.Fatalf("an expired transaction committed: %d", n)
	}
	// Expired transactions do not count against the caps: a begin sweeps them.
	f.txs.MaxOpen = 1
	f.begin(t, "alice")
	f.clock.advance(TransactionIdleTimeout)
	f.begin(t, "bob")
}

func TestTransactionBounds(t *testing.T) {
	f := newTxFixture(t)
	// Per session, then for the process: a session cannot take everyone's share.
	for i := 0; i < DefaultMaxTransactionsPerOwner; i++ {
		f.begin(t, "alice")
	}
	if rec := f.call(t, "alice", "POST", "/resourceful/session/transaction", "", ""); rec.Code != http.StatusTooManyRequests || apiMessage(rec) == "" {
		t.Fatalf("alice's sixth transaction: %d %s", rec.Code, rec.Body.String())
	}
	bob := f.begin(t, "bob")
	f.txs.MaxOpen = DefaultMaxTransactionsPerOwner + 1
	if rec := f.call(t, "carol", "POST", "/resourceful/session/transaction", "", ""); rec.Code != http.StatusServiceUnavailable {
		t.Fatalf("a transaction past the process's cap: %d %s", rec.Code, rec.Body.String())
	}

	// Writes per transaction: the one past the cap is refused before it runs.
	f.txs.MaxWrites = 2
	for _, text := range []string{"a", "b"} {
		if rec := f.call(t, "bob", "POST", "/resourceful/note?_transaction="+bob, form, "text="+text); rec.Code != 201 {
			t.Fatalf("write %s: %d", text, rec.Code)
		}
	}
	rec := f.call(t, "bob", "POST", "/resourceful/note?_transaction="+bob, form, "text=c")
	if rec.Code != http.StatusRequestEntityTooLarge || !strings.Contains(apiMessage(rec), "at most 2 writes") {
		t.Fatalf("third write: %d %s", rec.Code, rec.Body.String())
	}
	if n := f.countVia(t, "bob", "/resourceful/note?_transaction="+bob); n != 2 {
		t.Fatalf("the refused write ran: %d", n)
	}
	// Body bytes per transaction, and for the process.
	f.txs.MaxWrites = DefaultMaxTransactionWrites
	f.txs.MaxBytes = 20 // "text=a" and "text=b" used 12
	rec = f.call(t, "bob", "POST", "/resourceful/note?_transaction="+bob, form, "text=ccccc")
	if rec.Code != http.StatusRequestEntityTooLarge || !strings.Contains(apiMessage(rec), "at most 20 bytes") {
		t.Fatalf("a write past the byte cap: %d %s", rec.Code, rec.Body.String())
	}
	f.txs.MaxBytes = DefaultMaxTransactionBytes
	f.txs.MaxBufferedBytes = 20
	if rec := f.call(t, "bob", "POST", "/resourceful/note?_transaction="+bob, form, "text=cccc"); rec.Code != http.StatusServiceUnavailable {
		t.Fatalf("a write past the process's byte cap: %d %s", rec.Code, rec.Body.String())
	}
	if rec := f.call(t, "bob", "POST", "/resourceful/note?_transaction="+bob, form, "text=c"); rec.Code != 201 {
		t.Fatalf("a write that fits: %d %s", rec.Code, rec.Body.String())
	}
	// A failed write gives its reserved bytes back; a rollback gives back the buffer's.
	f.txs.MaxBufferedBytes = DefaultMaxBufferedBytes
	if rec := f.call(t, "bob", "POST", "/resourceful/note?_transaction="+bob, form, "text=a"); rec.Code != 400 {
		t.Fatalf("duplicate note: %d", rec.Code)
	}
	buffered := func() int { f.txs.mu.Lock(); defer f.txs.mu.Unlock(); return f.txs.buffered }
	if n := buffered(); n != 18 {
		t.Fatalf("bytes counted for three buffered writes: %d", n)
	}
	f.call(t, "bob", "DELETE", "/resourceful/session/transaction/"+bob, "", "")
	if n := buffered(); n != 0 {
		t.Fatalf("bytes still counted after the rollback: %d", n)
	}
}

// One request at a time per transaction; a transaction in use is never swept.
func TestTransactionTurns(t *testing.T) {
	f := newTxFixture(t)
	id := f.begin(t, "alice")
	e, err := f.txs.acquire(context.Background(), id, "alice")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := f.txs.acquire(ctx, id, "alice"); !errors.Is(err, context.Canceled) {
		t.Fatalf("second turn while held: %v", err)
	}
	f.clock.advance(2 * TransactionIdleTimeout)
	if n := f.txs.Sweep(); n != 0 {
		t.Fatalf("swept a transaction in use: %d", n)
	}
	f.txs.release(e)
	if n := f.txs.Sweep(); n != 0 {
		t.Fatalf("a request just ended restarts the idle clock: %d", n)
	}
	if rec := f.call(t, "alice", "POST", "/resourceful/session/transaction/"+id+"?_method=commit", "", ""); rec.Code != 204 {
		t.Fatalf("commit: %d %s", rec.Code, rec.Body.String())
	}
}

// A batch's items join a transaction like direct calls; the batch's answers are the real ones.
func TestTransactionBatchItems(t *testing.T) {
	f := newTxFixture(t)
	id := f.begin(t, "alice")
	rec := f.call(t, "alice", "POST", "/resourceful", "application/json", `{"batch":[
		{"method":"POST","url":"note?_transaction=`+id+`","body":{"text":"one"}},
		{"method":"POST","url":"note","body":"text=two&_transaction=`+id+`"},
		{"method":"GET","url":"note?_transaction=`+id+`"},
		{"method":"POST","url":"note","body":{"text":"one","_transaction":"`+id+`"}}
	]}`)
	var results []batchAnswer
	if rec.Code != 200 || json.Unmarshal(rec.Body.Bytes(), &results) != nil || len(results) != 4 {
		t.Fatalf("batch: %d %s", rec.Code, rec.Body.String())
	}
	if results[0].Code != 201 || results[1].Code != 201 || results[2].Code != 200 || *results[2].Body != `{"count":2}` || results[3].Code != 400 {
		t.Fatalf("batch results: %s", rec.Body.String())
	}
	if n := f.committedCount(t); n != 0 {
		t.Fatalf("batch items in a transaction landed early: %d", n)
	}
	if rec := f.call(t, "alice", "POST", "/resourceful/session/transaction/"+id+"?_method=commit", "", ""); rec.Code != 204 {
		t.Fatalf("commit: %d %s", rec.Code, rec.Body.String())
	}
	if n := f.committedCount(t); n != 2 {
		t.Fatalf("committed batch items: %d", n)
	}
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
	// Inside a request's transaction, WithTx joins it and leaves the outcome to the transaction.
	tx, err := f.db.Begin()
	if err != nil {
		t.Fatal(err)
	}
	c.Set(querierKey, Querier(tx))
	if err := WithTx(c, f.db.DB, func(q Querier) error {
		if q != Querier(tx) {
			return errors.New("WithTx did not join the request's transaction")
		}
		_, err := q.ExecContext(c.Request.Context(), `INSERT INTO note (text) VALUES ('y')`)
		return err
	}); err != nil {
		t.Fatalf("joined WithTx: %v", err)
	}
	if err := tx.Rollback(); err != nil || f.committedCount(t) != 1 {
		t.Fatalf("the joined write was committed on its own: %v %d", err, f.committedCount(t))
	}
}

// Ending a session forgets its open transactions at once, and only its own.
func TestTransactionsEndWithTheSession(t *testing.T) {
	f := newTxFixture(t)
	alice := f.begin(t, "alice")
	f.call(t, "alice", "POST", "/resourceful/note?_transaction="+alice, form, "text=a")
	if rec := f.call(t, "bob", "DELETE", "/resourceful/session", "", ""); rec.Code != http.StatusNoContent {
		t.Fatalf("end bob's session: %d", rec.Code)
	}
	if rec := f.call(t, "alice", "GET", "/resourceful/note?_transaction="+alice, "", ""); rec.Code != http.StatusOK {
		t.Fatalf("another session's logout ended alice's transaction: %d", rec.Code)
	}
	if rec := f.call(t, "alice", "DELETE", "/resourceful/session", "", ""); rec.Code != http.StatusNoContent {
		t.Fatalf("end alice's session: %d", rec.Code)
	}
	if rec := f.call(t, "alice", "POST", "/resourceful/session/transaction/"+alice+"?_method=commit", "", ""); !isNotFound(rec) {
		t.Fatalf("alice's transaction outlived her session: %d", rec.Code)
	}
	if n := f.committedCount(t); n != 0 {
		t.Fatalf("alice's uncommitted write landed: %d", n)
	}
}

// Every way an XPLAN client ends a transaction: COMMIT as an HTTP method (XPLAN's own), POST or
// PUT with _method=commit (any case), and in a batch the item methods COMMIT and DELETE (and
// ROLLBACK, the symmetric spelling chosen here) on the transaction's url. Each one ends the
// transaction; only the commits land its write.
func TestTransactionEndSpellings(t *testing.T) {
	for _, tc := range []struct {
		name      string
		method    string
		path      string // %s is the transaction id
		ct, body  string
		committed bool
	}{
		{"COMMIT method", "COMMIT", "/resourceful/session/transaction/%s", "", "", true},
		{"POST _method=commit", "POST", "/resourceful/session/transaction/%s?_method=commit", "", "", true},
		{"POST _method=COMMIT", "POST", "/resourceful/session/transaction/%s?_method=COMMIT", "", "", true},
		{"PUT form _method=commit", "PUT", "/resourceful/session/transaction/%s", form, "_method=commit", true},
		{"batch COMMIT item", "POST", "/resourceful", "application/json", `{"batch":[{"method":"COMMIT","url":"session/transaction/%s"}]}`, true},
		{"batch commit item, lower case and /resourceful/", "POST", "/resourceful", "application/json", `{"batch":[{"method":"commit","url":"/resourceful/session/transaction/%s"}]}`, true},
		{"DELETE", "DELETE", "/resourceful/session/transaction/%s", "", "", false},
		{"POST _method=rollback", "POST", "/resourceful/session/transaction/%s?_method=rollback", "", "", false},
		{"batch DELETE item", "POST", "/resourceful", "application/json", `{"batch":[{"method":"DELETE","url":"session/transaction/%s"}]}`, false},
		{"batch ROLLBACK item", "POST", "/resourceful", "application/json", `{"batch":[{"method":"ROLLBACK","url":"session/transaction/%s"}]}`, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newTxFixture(t)
			id := f.begin(t, "alice")
			if rec := f.call(t, "alice", "POST", "/resourceful/note?_transaction="+id, form, "text=a"); rec.Code != 201 {
				t.Fatalf("write: %d %s", rec.Code, rec.Body.String())
			}
			rec := f.call(t, "alice", tc.method, strings.ReplaceAll(tc.path, "%s", id), tc.ct, strings.ReplaceAll(tc.body, "%s", id))
			code := rec.Code
			if tc.path == "/resourceful" {
				var results []batchAnswer
				if rec.Code != 200 || json.Unmarshal(rec.Body.Bytes(), &results) != nil || len(results) != 1 {
					t.Fatalf("batch: %d %s", rec.Code, rec.Body.String())
				}
				code = results[0].Code
			}
			if code != 204 {
				t.Fatalf("answer %d %s", code, rec.Body.String())
			}
			if n := f.committedCount(t); (n == 1) != tc.committed {
				t.Fatalf("committed notes: %d", n)
			}
			if rec := f.call(t, "alice", "GET", "/resourceful/note?_transaction="+id, "", ""); !isNotFound(rec) {
				t.Fatalf("the transaction lives on: %d %s", rec.Code, rec.Body.String())
			}
		})
	}
}

// A transaction begun inside a batch is used and committed by later items of the same batch,
// through references to the begin item's answer, the bare id string ($).
func TestTransactionWithinOneBatch(t *testing.T) {
	f := newTxFixture(t)
	rec := f.call(t, "alice", "POST", "/resourceful", "application/json", `{"batch":[
		{"name":"tx","method":"POST","url":"session/transaction"},
		{"name":"a","method":"POST","url":"note","body":{"text":"a","_transaction":"{result=tx:$}"}},
		{"name":"b","method":"POST","url":"note?_transaction={result=tx:$}","body":"text=b"},
		{"name":"seen","method":"GET","url":"note","body":{"_transaction":"{result=tx:$}"}},
		{"name":"commit","method":"COMMIT","url":"session/transaction/{result=tx:$}"}
	]}`)
	var results []batchAnswer
	if rec.Code != 200 || json.Unmarshal(rec.Body.Bytes(), &results) != nil || len(results) != 5 {
		t.Fatalf("batch: %d %s", rec.Code, rec.Body.String())
	}
	var id string
	if results[0].Code != 201 || json.Unmarshal([]byte(*results[0].Body), &id) != nil || len(id) != 32 {
		t.Fatalf("begin item: %s", rec.Body.String())
	}
	if results[1].Code != 201 || results[2].Code != 201 || results[3].Code != 200 || *results[3].Body != `{"count":2}` || results[4].Code != 204 {
		t.Fatalf("items: %s", rec.Body.String())
	}
	if n := f.committedCount(t); n != 2 {
		t.Fatalf("committed: %d", n)
	}
}

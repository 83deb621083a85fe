package resourceful

import (
	"bytes"
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/access"
	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/inprocess"
	"wealthportal/backend/internal/store"
)

// MethodCommit is XPLAN's HTTP method that commits a transaction
// (COMMIT /resourceful/session/transaction/{id}); it is also a batch item's method.
const MethodCommit = "COMMIT"

// TransactionIdleTimeout is how long an open write transaction lives after its last use
// (XPLAN's transaction lifetime); then it is forgotten, with its buffered writes.
const TransactionIdleTimeout = 5 * time.Minute

// Bounds of the transaction registry. A transaction holds memory, never a database connection
// or lock, so these bound memory and work, not the database.
const (
	// DefaultMaxTransactions is how many transactions the process keeps open at once.
	DefaultMaxTransactions = 1000
	// DefaultMaxTransactionsPerOwner is how many one session may have open at once, so one
	// session cannot take the whole process's share.
	DefaultMaxTransactionsPerOwner = 5
	// DefaultMaxTransactionWrites is how many writes one transaction may buffer.
	DefaultMaxTransactionWrites = 50
	// DefaultMaxTransactionBytes is how many body bytes one transaction may buffer.
	DefaultMaxTransactionBytes = 1 << 20
	// DefaultMaxBufferedBytes is how many body bytes all transactions together may buffer.
	DefaultMaxBufferedBytes = 64 << 20
)

// Errors of the transaction calls.
var (
	// ErrTooManyTransactions answers a begin while the process holds MaxOpen transactions, or
	// a write that would take the buffers of all transactions past MaxBufferedBytes.
	ErrTooManyTransactions = apierr.New(http.StatusServiceUnavailable,
		"Too many open transactions", "The system is busy. Please try again in a minute.")
	// ErrTooManyOwnTransactions answers a begin by a session that has MaxPerOwner open.
	ErrTooManyOwnTransactions = apierr.New(http.StatusTooManyRequests,
		"Too many open transactions for this session: commit or roll back one first",
		"Too many changes are waiting to be saved. Please save or cancel them first.")
	errUnsupportedMethod = apierr.BadRequest("Invalid _method: a transaction supports commit (or DELETE to roll back)")
	errUnreadableBody    = apierr.BadRequest("The request body cannot be read")
)

// Transactions is the registry of open write transactions (POST session/transaction).
//
// A transaction holds no database transaction or connection between requests: it keeps its
// owner and the write requests made in it, in order. A request carrying _transaction=<id>
// runs in a database transaction of its own that lasts only that request: the buffered writes
// are replayed into it through the engine, the request runs on it through Q, and it
// is rolled back. So the caller reads its own writes and gets each write's real answer, while
// nothing lands and no write lock outlives the request. A write answered 2xx joins the buffer.
// Commit replays the buffer in one database transaction and commits it; if a replayed write no
// longer succeeds (or a created item's id changed), nothing lands and the answer says which
// write failed. A write's creates go through Insert, which records their ids at the first run
// and, on PostgreSQL, replays them with those ids (see Insert for why SQLite differs).
//
// A transaction belongs to the session that opened it, runs one request at a time, and is
// forgotten after IdleTimeout without use, at logout (EndSessionOf), at commit and at rollback.
type Transactions struct {
	// IdleTimeout is how long an unused transaction lives (TransactionIdleTimeout).
	IdleTimeout time.Duration
	// MaxOpen bounds the process's open transactions (DefaultMaxTransactions).
	MaxOpen int
	// MaxPerOwner bounds one session's open transactions (DefaultMaxTransactionsPerOwner).
	MaxPerOwner int
	// MaxWrites bounds one transaction's buffered writes (DefaultMaxTransactionWrites).
	MaxWrites int
	// MaxBytes bounds one transaction's buffered body bytes (DefaultMaxTransactionBytes).
	MaxBytes int
	// MaxBufferedBytes bounds the body bytes of all transactions (DefaultMaxBufferedBytes).
	MaxBufferedBytes int
	// OwnerOf names the session of a request; a transaction answers only to its owner. The
	// default is the caller's user id (access.From).
	OwnerOf func(c *gin.Context) string
	// Credentials puts the caller's credentials on a replayed write, which authenticates
	// again like any request; nil copies the caller's Cookie, Authorization and X-Xplan-App-Id
	// headers.
	Credentials func(c *gin.Context, sub *http.Request)

	db      *sql.DB
	handler http.Handler
	now     func() time.Time
	// sqlTurn lets one replay at a time hold a database transaction: SQLite has one writer
	// anyway, and waiting here rather than in BeginTx keeps pool connections free for the
	// replays' own authentication reads.
	sqlTurn chan struct{}

	mu       sync.Mutex
	open     map[string]*openTx
	buffered int // body bytes of every buffer, reserved before a write runs
}

// openTx is one open transaction. turn is a one-slot semaphore: whoever holds it (a request,
// a commit, a rollback) has the transaction, and its writes, to itself.
type openTx struct {
	id       string
	owner    string
	turn     chan struct{}
	lastUsed time.Time // guarded by Transactions.mu
	done     bool      // guarded by Transactions.mu
	// writes and size change under Transactions.mu by the turn's holder, which alone reads
	// them without the lock.
	writes []bufferedWrite
	size   int // body bytes in writes
}

// bufferedWrite is a write request made in a transaction, kept to be replayed.
type bufferedWrite struct {
	method      string
	target      string // path and query, as the engine saw it
	contentType string
	body        []byte
	// id is the "id" of the write's JSON answer when it was made: a replay must answer the
	// same, or later writes (which the caller built from that id) would change another item.
	id json.RawMessage
	// created are the ids its creates got when it was made (Insert), which its replays take
	// again on PostgreSQL.
	created []int64
}

// replayKey marks the context of a replayed write; its value is the Querier to run on.
type replayKey struct{}

// NewTransactions builds an empty registry over db. handler is the engine that serves the
// transaction's requests (replays go through it again); now is the clock idle time is read
// from. All three are required: without them a transaction could not keep its promise.
func NewTransactions(db *sql.DB, handler http.Handler, now func() time.Time) *Transactions {
	if db == nil || handler == nil || now == nil {
		panic("resourceful: NewTransactions needs a database, the engine and a clock")
	}
	return &Transactions{
		IdleTimeout: TransactionIdleTimeout, MaxOpen: DefaultMaxTransactions,
		MaxPerOwner: DefaultMaxTransactionsPerOwner, MaxWrites: DefaultMaxTransactionWrites,
		MaxBytes: DefaultMaxTransactionBytes, MaxBufferedBytes: DefaultMaxBufferedBytes,
		db: db, handler: handler, now: now, sqlTurn: make(chan struct{}, 1), open: map[string]*openTx{},
	}
}

func (t *Transactions) ownerOf(c *gin.Context) string {
	if t.OwnerOf != nil {
		return t.OwnerOf(c)
	}
	if p, ok := access.From(c.Request.Context()); ok {
		return "user:" + strconv.FormatInt(p.UserID, 10)
	}
	return ""
}

// Begin opens a transaction for owner and returns its id (128 random bits, hex).
func (t *Transactions) Begin(owner string) (string, error) {
	if owner == "" {
		return "", apierr.ErrNoSession
	}
	buf := make([]byte, 16)
	if _, err := rand.Read(buf); err != nil {
		return "", err
	}
	id := hex.EncodeToString(buf)
	t.mu.Lock()
	defer t.mu.Unlock()
	t.sweepLocked()
	if len(t.open) >= t.MaxOpen {
		return "", ErrTooManyTransactions
	}
	mine := 0
	for _, e := range t.open {
		if e.owner == owner {
			mine++
		}
	}
	if mine >= t.MaxPerOwner {
		return "", ErrTooManyOwnTransactions
	}
	t.open[id] = &openTx{id: id, owner: owner, turn: make(chan struct{}, 1), lastUsed: t.now()}
	return id, nil
}

// acquire waits for the transaction's turn. Unknown, foreign, finished or expired ids are all
// apierr.ErrNotFound, so a transaction id of another session cannot be probed.
func (t *Transactions) acquire(ctx context.Context, id, owner string) (*openTx, error) {
	t.mu.Lock()
	t.sweepLocked()
	e, ok := t.open[id]
	t.mu.Unlock()
	if !ok || owner == "" || e.owner != owner {
		return nil, apierr.ErrNotFound
	}
	select {
	case e.turn <- struct{}{}:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if e.done || t.idle(e) { // finished, or expired, while we waited
		t.forgetLocked(e)
		<-e.turn
		return nil, apierr.ErrNotFound
	}
	return e, nil
}

// release gives the turn back and restarts the idle clock.
func (t *Transactions) release(e *openTx) {
	t.mu.Lock()
	e.lastUsed = t.now()
	t.mu.Unlock()
	<-e.turn
}

// idle reports whether e has been unused for IdleTimeout; t.mu is held.
func (t *Transactions) idle(e *openTx) bool {
	return !t.now().Before(e.lastUsed.Add(t.IdleTimeout))
}

// forgetLocked drops e and gives its buffer's bytes back; t.mu is held.
func (t *Transactions) forgetLocked(e *openTx) {
	if e.done {
		return
	}
	e.done = true
	delete(t.open, e.id)
	t.buffered -= e.size
}

// sweepLocked forgets every idle transaction no request is using, and reports how many;
// t.mu is held. Nothing but memory is held, so this runs on every access instead of a timer.
func (t *Transactions) sweepLocked() int {
	n := 0
	for _, e := range t.open {
		if !t.idle(e) {
			continue
		}
		select {
		case e.turn <- struct{}{}: // nobody is using it
			t.forgetLocked(e)
			<-e.turn
			n++
		default: // in use: a request is running, so it is not idle
		}
	}
	return n
}

// Sweep forgets every transaction idle for IdleTimeout that no request is using, and reports
// how many. Begin and every transactional request sweep too.
func (t *Transactions) Sweep() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.sweepLocked()
}

// Close forgets every open transaction (at shutdown); nothing of theirs has landed.
func (t *Transactions) Close() {
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, e := range t.open {
		t.forgetLocked(e)
	}
}

// Commit applies the writes of the request's transaction id in one database transaction. When
// a replayed write fails, nothing lands and the transaction ends with that failure (409, or the
// write's own 5xx, after which the transaction stays open to be committed again).
func (t *Transactions) Commit(c *gin.Context, id string) error {
	ctx := c.Request.Context()
	e, err := t.acquire(ctx, id, t.ownerOf(c))
	if err != nil {
		return err
	}
	defer t.release(e)
	if len(e.writes) > 0 {
		err = t.withSQLTx(ctx, func(tx *sql.Tx) error {
			if err := t.replay(c, tx, e.writes); err != nil {
				return err
			}
			return tx.Commit()
		})
		var failed *apierr.Error
		if err != nil && !(errors.As(err, &failed) && failed.Status == http.StatusConflict) {
			return err // the database, not the writes: the caller may try again
		}
	}
	t.mu.Lock()
	t.forgetLocked(e)
	t.mu.Unlock()
	return err
}

// Rollback forgets owner's transaction id and its writes.
func (t *Transactions) Rollback(ctx context.Context, id, owner string) error {
	e, err := t.acquire(ctx, id, owner)
	if err != nil {
		return err
	}
	defer func() { <-e.turn }()
	t.mu.Lock()
	defer t.mu.Unlock()
	t.forgetLocked(e)
	return nil
}

// withSQLTx runs fn in a database transaction that is rolled back unless fn commits it.
func (t *Transactions) withSQLTx(ctx context.Context, fn func(*sql.Tx) error) error {
	select {
	case t.sqlTurn <- struct{}{}:
	case <-ctx.Done():
		return ctx.Err()
	}
	defer func() { <-t.sqlTurn }()
	tx, err := t.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin transaction: %w", err)
	}
	defer tx.Rollback() // after a commit, ErrTxDone: nothing to undo
	return fn(tx)
}

// replay runs writes, in order, through the engine on q, each with the caller's credentials.
// The first that does not succeed as it did when it was buffered is the error.
func (t *Transactions) replay(c *gin.Context, q Querier, writes []bufferedWrite) error {
	credentials := t.Credentials
	if credentials == nil {
		credentials = copyCredentials
	}
	for i, w := range writes {
		// A fresh context, as for a batch item: the replay authenticates on its own; it ends
		// when the caller's request does.
		ctx, _ := withCreatedIDs(context.WithValue(context.Background(), replayKey{}, q), w.created)
		ctx, cancel := context.WithCancel(ctx)
		stop := context.AfterFunc(c.Request.Context(), cancel)
		sub, err := http.NewRequestWithContext(ctx, w.method, w.target, bytes.NewReader(w.body))
		if err != nil {
			stop()
			cancel()
			return err
		}
		sub.Header.Set("Accept", "application/json")
		if w.contentType != "" {
			sub.Header.Set("Content-Type", w.contentType)
		}
		credentials(c, sub)
		rec := inprocess.NewRecorder()
		t.handler.ServeHTTP(rec, sub)
		stop()
		cancel()
		if err := replayFailure(i, len(writes), w, rec.Code, rec.Body.Bytes()); err != nil {
			return err
		}
	}
	return nil
}

// replayFailure is nil when a replayed write answered as it did when buffered (2xx and the
// same id); otherwise the error naming it: a 409 for a 4xx or a changed id (the data changed
// since), the write's own status for a 5xx.
func replayFailure(i, n int, w bufferedWrite, code int, body []byte) error {
	which := fmt.Sprintf("buffered write %d of %d (%s %s)", i+1, n, w.method, pathOf(w.target))
	if code >= 200 && code < 300 {
		if w.id == nil || bytes.Equal(w.id, idOf(body)) {
			return nil
		}
		return apierr.New(http.StatusConflict, "Transaction conflict: "+which+" now creates or changes another item",
			"Your changes could not be saved because the information changed meanwhile. Please try again.")
	}
	var answer apierr.Error
	_ = json.Unmarshal(body, &answer)
	api := fmt.Sprintf("%s now answers %d", which, code)
	if answer.APIMessage != "" {
		api += ": " + answer.APIMessage
	}
	user := answer.UserMessage
	if user == "" {
		user = "Your changes could not be saved because the information changed meanwhile. Please try again."
	}
	if code >= 500 {
		return apierr.New(code, "Transaction replay failed: "+api, user)
	}
	return apierr.New(http.StatusConflict, "Transaction conflict: "+api, user)
}

// pathOf is target without its query, which may carry personal data and says nothing about
// which write failed that the path and position do not.
func pathOf(target string) string {
	for i := 0; i < len(target); i++ {
		if target[i] == '?' {
			return target[:i]
		}
	}
	return target
}

// idOf is the "id" of a JSON object answer, nil when there is none.
func idOf(body []byte) json.RawMessage {
	var m map[string]json.RawMessage
	if json.Unmarshal(body, &m) != nil {
		return nil
	}
	return bytes.TrimSpace(m["id"])
}

func isWrite(method string) bool {
	switch method {
	case http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete:
		return true
	}
	return false
}

// reserve checks that a write of n body bytes fits e's bounds and the process's, and counts
// its bytes against the process's budget (unreserve gives them back if it is not buffered).
func (t *Transactions) reserve(e *openTx, n int) error {
	if len(e.writes) >= t.MaxWrites {
		return apierr.New(http.StatusRequestEntityTooLarge,
			fmt.Sprintf("Transaction too large: at most %d writes can wait for a commit", t.MaxWrites),
			"Too many changes to save at once. Please save what you have, then carry on.")
	}
	if e.size+n > t.MaxBytes {
		return apierr.New(http.StatusRequestEntityTooLarge,
			fmt.Sprintf("Transaction too large: at most %d bytes of request bodies can wait for a commit", t.MaxBytes),
			"Too many changes to save at once. Please save what you have, then carry on.")
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.buffered+n > t.MaxBufferedBytes {
		return ErrTooManyTransactions
	}
	t.buffered += n
	return nil
}

func (t *Transactions) unreserve(n int) {
	t.mu.Lock()
	t.buffered -= n
	t.mu.Unlock()
}

// readBody reads a transactional write's body (at most limit+1 bytes, so a larger one can be
// refused) and puts it back for the handler.
func readBody(r *http.Request, limit int) ([]byte, error) {
	if r.Body == nil {
		return nil, nil
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, int64(limit)+1))
	if err != nil {
		return nil, err
	}
	r.Body = io.NopCloser(bytes.NewReader(body))
	return body, nil
}

// answerCapture keeps the start of an answer's body, where a created item's id is.
type answerCapture struct {
	gin.ResponseWriter
	head []byte
}

const maxCapturedAnswer = 64 << 10

func (w *answerCapture) Write(b []byte) (int, error) {
	if room := maxCapturedAnswer - len(w.head); room > 0 {
		w.head = append(w.head, b[:min(room, len(b))]...)
	}
	return w.ResponseWriter.Write(b)
}

func (w *answerCapture) WriteString(s string) (int, error) { return w.Write([]byte(s)) }

// Middleware runs a request carrying _transaction (query, form or JSON body) in that
// transaction, as the type's comment says: replayed writes first, then the request, on one
// short database transaction that Q returns and that is rolled back at the end; a write
// answered 2xx joins the buffer. A replayed write itself just runs on the querier it carries.
func (t *Transactions) Middleware(c *gin.Context) {
	if q, ok := c.Request.Context().Value(replayKey{}).(Querier); ok {
		c.Set(querierKey, q)
		c.Next()
		return
	}
	p, err := ParamsOf(c)
	if err != nil {
		apierr.Write(c, err)
		return
	}
	id := p.String("_transaction")
	if id == "" {
		c.Next()
		return
	}
	ctx := c.Request.Context()
	e, err := t.acquire(ctx, id, t.ownerOf(c))
	if err != nil {
		apierr.Write(c, err)
		return
	}
	defer t.release(e)

	write := isWrite(c.Request.Method)
	if !write && len(e.writes) == 0 {
		c.Next() // nothing to read back: the committed data is the transaction's view
		return
	}
	var w bufferedWrite
	if write {
		body, err := readBody(c.Request, t.MaxBytes)
		if err != nil {
			apierr.Write(c, errUnreadableBody)
			return
		}
		if err := t.reserve(e, len(body)); err != nil {
			apierr.Write(c, err)
			return
		}
		w = bufferedWrite{method: c.Request.Method, target: c.Request.URL.RequestURI(),
			contentType: c.GetHeader("Content-Type"), body: body}
	}
	buffered := false
	defer func() {
		if write && !buffered {
			t.unreserve(len(w.body))
		}
	}()

	answer := &answerCapture{ResponseWriter: c.Writer}
	var made *createdIDs
	if write { // its creates' ids are kept, for its replays to take again
		var withIDs context.Context
		withIDs, made = withCreatedIDs(ctx, nil)
		c.Request = c.Request.WithContext(withIDs)
	}
	err = t.withSQLTx(ctx, func(tx *sql.Tx) error {
		if err := t.replay(c, tx, e.writes); err != nil {
			return err
		}
		c.Set(querierKey, Querier(tx))
		c.Writer = answer
		defer func() { c.Writer = answer.ResponseWriter }()
		c.Next()
		return nil // rolled back: only a commit lands anything
	})
	if err != nil {
		apierr.Write(c, err)
		return
	}
	if status := answer.Status(); write && status >= 200 && status < 300 {
		w.id, w.created = idOf(answer.head), made.made
		t.mu.Lock()
		if !e.done { // not ended by a logout meanwhile
			e.writes = append(e.writes, w)
			e.size += len(w.body)
			buffered = true
		}
		t.mu.Unlock()
	}
}

// Register adds the transaction calls to r, the authenticated group of the platform's root
// (outside Middleware: a commit takes the transaction's turn itself).
func (t *Transactions) Register(r gin.IRoutes) {
	r.POST("/session/transaction", apierr.Handler(t.BeginHandler))
	r.Handle(MethodCommit, "/session/transaction/:id", apierr.Handler(t.CommitHandler))
	r.POST("/session/transaction/:id", apierr.Handler(t.CommitHandler))
	r.PUT("/session/transaction/:id", apierr.Handler(t.CommitHandler))
	r.DELETE("/session/transaction/:id", apierr.Handler(t.RollbackHandler))
}

// BeginHandler is POST /resourceful/session/transaction: 201 and the id as a bare JSON string
// ("3f2a..."), as XPLAN answers it.
func (t *Transactions) BeginHandler(c *gin.Context) error {
	id, err := t.Begin(t.ownerOf(c))
	if err != nil {
		return err
	}
	JSON(c, http.StatusCreated, id)
	return nil
}

// CommitHandler is COMMIT /resourceful/session/transaction/:id, and POST (or PUT) with
// _method=commit for clients that cannot send COMMIT: 204. _method=rollback (or delete) rolls
// back instead, for clients that cannot send DELETE. _method is read in any case.
func (t *Transactions) CommitHandler(c *gin.Context) error {
	method := c.Request.Method
	if method != MethodCommit {
		p, err := ParamsOf(c)
		if err != nil {
			return err
		}
		method = strings.ToUpper(p.String("_method"))
	}
	var err error
	switch method {
	case MethodCommit:
		err = t.Commit(c, c.Param("id"))
	case "ROLLBACK", http.MethodDelete:
		err = t.Rollback(c.Request.Context(), c.Param("id"), t.ownerOf(c))
	default:
		return errUnsupportedMethod
	}
	if err != nil {
		return err
	}
	c.Status(http.StatusNoContent)
	return nil
}

// RollbackHandler is DELETE /resourceful/session/transaction/:id: 204.
func (t *Transactions) RollbackHandler(c *gin.Context) error {
	if err := t.Rollback(c.Request.Context(), c.Param("id"), t.ownerOf(c)); err != nil {
		return err
	}
	c.Status(http.StatusNoContent)
	return nil
}

// WithTx runs fn in the request's transaction when it has one (the middleware rolls it back or
// a commit lands it), otherwise in a transaction of its own committed when fn returns nil: for
// endpoints whose writes must land together. Like Q, the querier rebinds ? placeholders.
func WithTx(c *gin.Context, db *store.DB, fn func(Querier) error) error {
	if q, ok := c.Get(querierKey); ok {
		return fn(rebound{q: q.(Querier), db: db})
	}
	tx, err := db.BeginTx(c.Request.Context(), nil)
	if err != nil {
		return err
	}
	if err := fn(rebound{q: tx, db: db}); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

// EndSessionOf forgets every transaction the request's session owns: called when the session
// ends (logout). A request still running in one finishes, but its write is not kept.
func (t *Transactions) EndSessionOf(c *gin.Context) { t.EndOwner(t.ownerOf(c)) }

// EndOwner forgets the open transactions of a session, named as OwnerOf names it (the
// embedded platform's EndSession, which has no request).
func (t *Transactions) EndOwner(owner string) {
	if owner == "" {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, e := range t.open {
		if e.owner == owner {
			t.forgetLocked(e)
		}
	}
}

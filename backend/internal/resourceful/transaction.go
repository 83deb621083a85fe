package resourceful

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/access"
	"wealthportal/backend/internal/apierr"
)

// TransactionIdleTimeout is how long an open write transaction may sit unused before it is
// rolled back.
const TransactionIdleTimeout = 60 * time.Second

// DefaultTransactionLimit is how many write transactions may be open at once. SQLite allows a
// single writer and the store begins transactions IMMEDIATE, so an open transaction holds the
// write lock: a second one would only queue behind it, and every other write of the platform
// waits (up to the store's busy timeout) until it commits, rolls back or expires. One keeps
// that visible as a clear refusal instead of a hidden queue. Raise Limit on PostgreSQL.
const DefaultTransactionLimit = 1

// Errors of the transaction calls.
var (
	// ErrTooManyTransactions answers a begin while Limit transactions are open.
	ErrTooManyTransactions = apierr.New(http.StatusServiceUnavailable,
		"Too many open transactions", "The system is busy. Please try again in a minute.")
	errUnsupportedMethod = apierr.BadRequest("Invalid _method: a transaction supports commit (or DELETE to roll back)")
)

// Transactions is the registry of open write transactions (POST session/transaction): a
// request carrying _transaction=<id> runs its SQL inside that transaction, through Q.
// A transaction belongs to the session that opened it, runs one request at a time, and rolls
// back after TransactionIdleTimeout without use. It lives in this process's memory, like the
// database connection that holds it.
type Transactions struct {
	// Limit is how many may be open at once (DefaultTransactionLimit).
	Limit int
	// IdleTimeout is how long an unused transaction lives (TransactionIdleTimeout).
	IdleTimeout time.Duration
	// OwnerOf names the session of a request; a transaction answers only to its owner. The
	// default is the caller's user id (access.From).
	OwnerOf func(c *gin.Context) string

	db  *sql.DB
	now func() time.Time

	mu   sync.Mutex
	open map[string]*openTx
}

// openTx is one open transaction. turn is a one-slot semaphore: whoever holds it (a request,
// a commit, the janitor) has the transaction to itself.
type openTx struct {
	id       string
	owner    string
	tx       *sql.Tx
	turn     chan struct{}
	lastUsed time.Time // guarded by Transactions.mu
	done     bool      // guarded by Transactions.mu
	timer    *time.Timer
}

// NewTransactions builds an empty registry over db; now is the clock idle time is read from.
func NewTransactions(db *sql.DB, now func() time.Time) *Transactions {
	return &Transactions{
		Limit: DefaultTransactionLimit, IdleTimeout: TransactionIdleTimeout,
		db: db, now: now, open: map[string]*openTx{},
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
	t.Sweep()
	t.mu.Lock()
	full := len(t.open) >= t.Limit
	t.mu.Unlock()
	if full {
		return "", ErrTooManyTransactions
	}
	buf := make([]byte, 16)
	if _, err := rand.Read(buf); err != nil {
		return "", err
	}
	id := hex.EncodeToString(buf)
	// Not the request's context: the transaction outlives the request that opens it.
	tx, err := t.db.BeginTx(context.Background(), nil)
	if err != nil {
		return "", fmt.Errorf("begin transaction: %w", err)
	}
	e := &openTx{id: id, owner: owner, tx: tx, turn: make(chan struct{}, 1), lastUsed: t.now()}
	t.mu.Lock()
	defer t.mu.Unlock()
	if len(t.open) >= t.Limit { // another begin won the race
		tx.Rollback()
		return "", ErrTooManyTransactions
	}
	t.open[id] = e
	e.timer = time.AfterFunc(t.IdleTimeout, func() { t.expire(e) })
	return id, nil
}

// acquire waits for the transaction's turn. Unknown, foreign, finished or expired ids are all
// apierr.ErrNotFound, so a transaction id of another session cannot be probed.
func (t *Transactions) acquire(ctx context.Context, id, owner string) (*openTx, error) {
	t.mu.Lock()
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
	expired := t.idle(e)
	done := e.done
	t.mu.Unlock()
	if done {
		<-e.turn
		return nil, apierr.ErrNotFound
	}
	if expired {
		t.finish(e, false)
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

// finish commits or rolls back e and forgets it; the caller holds e's turn.
func (t *Transactions) finish(e *openTx, commit bool) error {
	t.mu.Lock()
	if e.done {
		t.mu.Unlock()
		return apierr.ErrNotFound
	}
	e.done = true
	delete(t.open, e.id)
	t.mu.Unlock()
	e.timer.Stop()
	if commit {
		return e.tx.Commit()
	}
	if err := e.tx.Rollback(); err != nil && !errors.Is(err, sql.ErrTxDone) {
		return err
	}
	return nil
}

// Commit commits owner's transaction id.
func (t *Transactions) Commit(ctx context.Context, id, owner string) error {
	e, err := t.acquire(ctx, id, owner)
	if err != nil {
		return err
	}
	defer func() { <-e.turn }()
	return t.finish(e, true)
}

// Rollback rolls back owner's transaction id.
func (t *Transactions) Rollback(ctx context.Context, id, owner string) error {
	e, err := t.acquire(ctx, id, owner)
	if err != nil {
		return err
	}
	defer func() { <-e.turn }()
	return t.finish(e, false)
}

// Sweep rolls back every transaction idle for IdleTimeout that no request is using, and
// reports how many. The idle timers call it on their own; tests call it after moving the clock.
func (t *Transactions) Sweep() int {
	t.mu.Lock()
	var candidates []*openTx
	for _, e := range t.open {
		if t.idle(e) {
			candidates = append(candidates, e)
		}
	}
	t.mu.Unlock()
	n := 0
	for _, e := range candidates {
		if t.rollbackIfIdle(e) {
			n++
		}
	}
	return n
}

// rollbackIfIdle rolls e back when it is still idle and nobody holds its turn.
func (t *Transactions) rollbackIfIdle(e *openTx) bool {
	select {
	case e.turn <- struct{}{}:
	default:
		return false // in use: not idle
	}
	defer func() { <-e.turn }()
	t.mu.Lock()
	stillIdle := !e.done && t.idle(e)
	t.mu.Unlock()
	return stillIdle && t.finish(e, false) == nil
}

// expire is e's idle timer: roll back if idle, else look again when it could be.
func (t *Transactions) expire(e *openTx) {
	if t.rollbackIfIdle(e) {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if e.done {
		return
	}
	wait := e.lastUsed.Add(t.IdleTimeout).Sub(t.now())
	if wait <= 0 || wait > t.IdleTimeout {
		wait = t.IdleTimeout // busy now, or a clock that moves oddly: look again later
	}
	e.timer.Reset(wait)
}

// Close rolls back every open transaction (at shutdown).
func (t *Transactions) Close() {
	t.mu.Lock()
	all := make([]*openTx, 0, len(t.open))
	for _, e := range t.open {
		all = append(all, e)
	}
	t.mu.Unlock()
	for _, e := range all {
		e.turn <- struct{}{}
		t.finish(e, false)
		<-e.turn
	}
}

// Middleware puts the transaction named by the request's _transaction parameter (query, form
// or JSON body) on the context, so Q returns it, and holds its turn until the request ends.
func (t *Transactions) Middleware(c *gin.Context) {
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
	e, err := t.acquire(c.Request.Context(), id, t.ownerOf(c))
	if err != nil {
		apierr.Write(c, err)
		return
	}
	defer t.release(e)
	c.Set(querierKey, e.tx)
	c.Next()
}

// BeginHandler is POST /resourceful/session/transaction: 201 {"id": "..."}.
func (t *Transactions) BeginHandler(c *gin.Context) error {
	id, err := t.Begin(t.ownerOf(c))
	if err != nil {
		return err
	}
	JSON(c, http.StatusCreated, gin.H{"id": id})
	return nil
}

// CommitHandler is POST (or PUT) /resourceful/session/transaction/:id?_method=commit: 204.
// _method=rollback rolls back instead, for clients that cannot send DELETE.
func (t *Transactions) CommitHandler(c *gin.Context) error {
	p, err := ParamsOf(c)
	if err != nil {
		return err
	}
	var finish func(context.Context, string, string) error
	switch p.String("_method") {
	case "commit":
		finish = t.Commit
	case "rollback", "delete", "DELETE":
		finish = t.Rollback
	default:
		return errUnsupportedMethod
	}
	if err := finish(c.Request.Context(), c.Param("id"), t.ownerOf(c)); err != nil {
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

// WithTx runs fn in the request's open transaction when it has one (whose owner commits it
// later), otherwise in a transaction of its own committed when fn returns nil: for endpoints
// whose writes must land together.
func WithTx(c *gin.Context, db *sql.DB, fn func(Querier) error) error {
	if q, ok := c.Get(querierKey); ok {
		return fn(q.(Querier))
	}
	tx, err := db.BeginTx(c.Request.Context(), nil)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

// EndSessionOf rolls back every transaction the request's session owns, waiting for a request
// still using one: called when the session ends (logout), so a logged-out session cannot keep
// the write lock until its transactions expire.
func (t *Transactions) EndSessionOf(c *gin.Context) {
	owner := t.ownerOf(c)
	if owner == "" {
		return
	}
	t.mu.Lock()
	var mine []*openTx
	for _, e := range t.open {
		if e.owner == owner && !e.done {
			mine = append(mine, e)
		}
	}
	t.mu.Unlock()
	for _, e := range mine {
		e.turn <- struct{}{}
		t.finish(e, false)
		<-e.turn
	}
}

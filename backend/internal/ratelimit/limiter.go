package ratelimit

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/store"
)

// Options configure a Limiter.
type Options struct {
	// Secret keys the hashes of identifiers; at least 16 bytes. Every process sharing the
	// database must use the same secret, or their counters do not meet (the portal derives it
	// from its session cookie hash key, which those processes share already).
	Secret []byte
	// Now is the clock. Default time.Now.
	Now func() time.Time
	// Policies per scope. Default DefaultPolicies().
	Policies map[Scope]Policy
	// CleanupEvery runs Cleanup after every so many admitted checks of this process. Default
	// 500; negative turns it off (the caller then runs Cleanup on a ticker).
	CleanupEvery int
	// Log receives janitor failures. Default slog.Default().
	Log *slog.Logger
}

// Limiter counts attempts in the shared store.
type Limiter struct {
	db       *store.DB
	secret   []byte
	now      func() time.Time
	policies map[Scope]Policy
	every    int64
	log      *slog.Logger
	checks   atomic.Int64
}

// New builds a Limiter over an open, migrated store.
func New(db *store.DB, o Options) (*Limiter, error) {
	if db == nil {
		return nil, errors.New("ratelimit: no database")
	}
	if len(o.Secret) < 16 {
		return nil, errors.New("ratelimit: secret must be at least 16 bytes")
	}
	l := &Limiter{db: db, secret: deriveSecret(o.Secret), now: o.Now, policies: map[Scope]Policy{}, every: int64(o.CleanupEvery), log: o.Log}
	if l.now == nil {
		l.now = time.Now
	}
	if o.Policies == nil {
		o.Policies = DefaultPolicies()
	}
	for s, p := range o.Policies {
		if err := p.validate(s); err != nil {
			return nil, err
		}
		l.policies[s] = p
	}
	if l.every == 0 {
		l.every = 500
	}
	if l.log == nil {
		l.log = slog.Default()
	}
	return l, nil
}

// Decision is the answer of Check.
type Decision struct {
	// Allowed is true when the attempt may go ahead.
	Allowed bool
	// Scope is the scope that refused (the first refusing key in argument order); empty when allowed.
	Scope Scope
	// RetryAfter is how long until every refusing key is free again; 0 when allowed.
	RetryAfter time.Duration
	// Message is the text of the refusal; empty when allowed.
	Message string

	ticket *ticket // the admitted keys not yet settled; nil when refused
}

// ticket remembers which admitted keys still await Succeed, Fail or Release, so a key is
// settled once at most and a refused attempt can never be taken back (which would lift a lock).
type ticket struct {
	mu   sync.Mutex
	open map[string]entry
}

// take removes and returns the open entries among keys (all open entries when keys is empty).
func (t *ticket) take(keys []Key) []entry {
	if t == nil {
		return nil
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	var out []entry
	for h, e := range t.open {
		if len(keys) == 0 || containsKey(keys, e.key) {
			out = append(out, e)
			delete(t.open, h)
		}
	}
	return out
}

func containsKey(keys []Key, k Key) bool {
	for _, x := range keys {
		if x == k {
			return true
		}
	}
	return false
}

// Err is the 429 answer of a refusal, nil when the attempt is allowed.
func (d Decision) Err() error {
	if d.Allowed {
		return nil
	}
	return apierr.New(http.StatusTooManyRequests, d.Message, d.Message)
}

// RetryAfterSeconds is RetryAfter for a Retry-After header: whole seconds, rounded up, at least 1.
func (d Decision) RetryAfterSeconds() int {
	s := int((d.RetryAfter + time.Second - 1) / time.Second)
	return max(s, 1)
}

type entry struct {
	key    Key
	hash   []byte
	policy Policy
}

// entries resolves keys to hashes and policies; a key given twice counts once.
func (l *Limiter) entries(keys []Key) ([]entry, error) {
	es := make([]entry, 0, len(keys))
	for i, k := range keys {
		p, ok := l.policies[k.scope]
		if !ok {
			return nil, fmt.Errorf("ratelimit: no policy for scope %q", k.scope)
		}
		if containsKey(keys[:i], k) {
			continue
		}
		es = append(es, entry{key: k, hash: hashKey(l.secret, k), policy: p})
	}
	return es, nil
}

// errRefused rolls back the counting of an attempt that turned out to be over a limit.
var errRefused = errors.New("refused")

// Check admits or refuses one attempt on all keys at once and, when it admits it, counts it as
// a failure of every key straight away. Afterwards, settle the admitted keys with Succeed, Fail
// or Release; a key never settled stays a failure. A refused attempt counts nowhere, so a locked
// account does not also run up its address's counter, nor the reverse.
func (l *Limiter) Check(ctx context.Context, keys ...Key) (Decision, error) {
	if len(keys) == 0 {
		return Decision{Allowed: true}, nil
	}
	es, err := l.entries(keys)
	if err != nil {
		return Decision{}, err
	}
	now := l.now()
	// A locked key is refused by a read: a flood against a locked account or address takes no
	// write lock, so it does not hold up everyone else's logins.
	if d, err := l.lockedNow(ctx, es, now); err != nil || !d.Allowed {
		return d, err
	}
	d := Decision{Allowed: true}
	err = l.db.InTx(ctx, func(tx *sql.Tx) error {
		for _, e := range es {
			failures, lockedUntil, err := l.count(ctx, tx, e, now)
			if err != nil {
				return err
			}
			if failures > e.policy.MaxFailures {
				d.refuse(e, lockedUntil.Sub(now))
			}
		}
		if !d.Allowed {
			return errRefused
		}
		return nil
	})
	if errors.Is(err, errRefused) {
		return d, nil
	}
	if err != nil {
		return Decision{}, fmt.Errorf("ratelimit check: %w", err)
	}
	d.ticket = &ticket{open: make(map[string]entry, len(es))}
	for _, e := range es {
		d.ticket.open[string(e.hash)] = e
	}
	if l.every > 0 && l.checks.Add(1)%l.every == 0 {
		if _, err := l.Cleanup(ctx); err != nil {
			l.log.WarnContext(ctx, "rate limit cleanup failed", "err", err)
		}
	}
	return d, nil
}

// Take counts one attempt on keys whatever comes of it (a request for a code or a reminder: it
// costs the same sent or not), and answers the 429 error when the keys are over their limit.
func (l *Limiter) Take(ctx context.Context, keys ...Key) error {
	d, err := l.Check(ctx, keys...)
	if err != nil {
		return err
	}
	if !d.Allowed {
		return d.Err()
	}
	l.Fail(d)
	return nil
}

func (d *Decision) refuse(e entry, wait time.Duration) {
	if d.Allowed {
		d.Allowed, d.Scope, d.Message = false, e.key.scope, e.policy.Message
	}
	d.RetryAfter = max(d.RetryAfter, wait, time.Second)
}

// lockedNow refuses when any key is locked at now.
func (l *Limiter) lockedNow(ctx context.Context, es []entry, now time.Time) (Decision, error) {
	args := make([]any, 0, len(es)+1)
	args = append(args, store.FormatTime(now))
	for _, e := range es {
		args = append(args, e.hash)
	}
	q := `SELECT key_hash, locked_until FROM rate_limit WHERE locked_until > ? AND key_hash IN (?` +
		strings.Repeat(", ?", len(es)-1) + `)`
	rows, err := l.db.QueryContext(ctx, l.db.Rebind(q), args...)
	if err != nil {
		return Decision{}, fmt.Errorf("ratelimit check: %w", err)
	}
	defer rows.Close()
	locked := map[string]time.Time{}
	for rows.Next() {
		var h []byte
		var until string
		if err := rows.Scan(&h, &until); err != nil {
			return Decision{}, err
		}
		t, err := store.ParseTime(until)
		if err != nil {
			return Decision{}, fmt.Errorf("ratelimit: bad locked_until: %w", err)
		}
		locked[string(h)] = t
	}
	if err := rows.Err(); err != nil {
		return Decision{}, err
	}
	d := Decision{Allowed: true}
	for _, e := range es {
		if t, ok := locked[string(e.hash)]; ok {
			d.refuse(e, t.Sub(now))
		}
	}
	return d, nil
}

// fresh is true when the row's window or its lock-out is over, so counting starts again.
const fresh = `(rate_limit.locked_until <= excluded.updated_at AND
	(rate_limit.window_end <= excluded.updated_at OR rate_limit.locked_until <> ''))`

// countSQL records one failure in a single statement, atomic in SQLite and PostgreSQL alike.
// In the update, columns of rate_limit are the old values and excluded holds the new attempt:
// excluded.updated_at is now, excluded.window_end now + Window.
const countSQL = `INSERT INTO rate_limit (key_hash, scope, failures, window_end, locked_until, updated_at, expires_at)
VALUES (?, ?, 1, ?, ?, ?, ?)
ON CONFLICT (key_hash) DO UPDATE SET
	failures = CASE WHEN ` + fresh + ` THEN 1 ELSE rate_limit.failures + 1 END,
	window_end = CASE WHEN ` + fresh + ` THEN excluded.window_end ELSE rate_limit.window_end END,
	locked_until = CASE
		WHEN rate_limit.locked_until > excluded.updated_at THEN rate_limit.locked_until
		WHEN (CASE WHEN ` + fresh + ` THEN 1 ELSE rate_limit.failures + 1 END) >= ? THEN ?
		ELSE '' END,
	updated_at = excluded.updated_at,
	expires_at = CASE WHEN rate_limit.expires_at > excluded.expires_at THEN rate_limit.expires_at ELSE excluded.expires_at END
RETURNING failures, locked_until`

// count records a failure of e at now and returns the failures of its window and its lock-out
// end (zero when not locked).
func (l *Limiter) count(ctx context.Context, tx *sql.Tx, e entry, now time.Time) (int, time.Time, error) {
	p := e.policy
	lockUntil := store.FormatTime(now.Add(p.LockFor))
	firstLock := ""
	if p.MaxFailures <= 1 {
		firstLock = lockUntil
	}
	var failures int
	var until string
	err := tx.QueryRowContext(ctx, l.db.Rebind(countSQL),
		e.hash, string(e.key.scope), store.FormatTime(now.Add(p.Window)), firstLock,
		store.FormatTime(now), store.FormatTime(now.Add(p.lifetime())),
		p.MaxFailures, lockUntil,
	).Scan(&failures, &until)
	if err != nil {
		return 0, time.Time{}, err
	}
	if until == "" {
		return failures, time.Time{}, nil
	}
	t, err := store.ParseTime(until)
	return failures, t, err
}

// refundSQL takes one admitted attempt back. It lifts a lock-out only when the attempts left
// are below the limit again, which means the lock was reached by this very attempt.
const refundSQL = `UPDATE rate_limit SET
	failures = CASE WHEN failures > 0 THEN failures - 1 ELSE 0 END,
	locked_until = CASE WHEN locked_until > ? AND failures - 1 < ? THEN '' ELSE locked_until END
WHERE key_hash = ?`

// Succeed records that the attempt d admitted was right, for keys (all of d's keys when none
// are given): scopes that reset on success (account, code) forget their failures and any lock;
// the others (address, code sends) take back only this attempt. Keys d did not admit, or that
// are settled already, are left alone; so is everything when d refused the attempt.
func (l *Limiter) Succeed(ctx context.Context, d Decision, keys ...Key) error {
	return l.settle(ctx, d.ticket.take(keys), true)
}

// Fail records that the attempt d admitted was wrong, for keys (all when none are given). The
// failure was counted by Check already, so this only closes the keys so that a later Release
// (for instance a deferred one) cannot take the failure back.
func (l *Limiter) Fail(d Decision, keys ...Key) {
	d.ticket.take(keys)
}

// Release takes back the attempt d admitted without judging it, for keys (all when none are
// given): the credential was never tested (the platform was unreachable, the request was
// malformed, sending a code failed). Safe to defer: it does nothing for keys already settled.
func (l *Limiter) Release(ctx context.Context, d Decision, keys ...Key) error {
	return l.settle(ctx, d.ticket.take(keys), false)
}

func (l *Limiter) settle(ctx context.Context, es []entry, success bool) error {
	if len(es) == 0 {
		return nil
	}
	// A client that hangs up must not decide whether its attempt is taken back.
	ctx = context.WithoutCancel(ctx)
	now := store.FormatTime(l.now())
	err := l.db.InTx(ctx, func(tx *sql.Tx) error {
		for _, e := range es {
			var err error
			if success && e.policy.ResetOnSuccess {
				_, err = tx.ExecContext(ctx, l.db.Rebind(`DELETE FROM rate_limit WHERE key_hash = ?`), e.hash)
			} else {
				_, err = tx.ExecContext(ctx, l.db.Rebind(refundSQL), now, e.policy.MaxFailures, e.hash)
			}
			if err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("ratelimit settle: %w", err)
	}
	return nil
}

// Reset forgets keys entirely: their failures and any lock. Call it with CodeKey when a new code
// is issued (the voided code's counter starts again with the new code), or to unlock by hand.
func (l *Limiter) Reset(ctx context.Context, keys ...Key) error {
	for _, k := range keys {
		if _, err := l.db.ExecContext(ctx, l.db.Rebind(`DELETE FROM rate_limit WHERE key_hash = ?`), hashKey(l.secret, k)); err != nil {
			return fmt.Errorf("ratelimit reset: %w", err)
		}
	}
	return nil
}

// Cleanup deletes rows whose window and lock-out have both ended, and says how many. Check runs
// it every Options.CleanupEvery admitted checks; a caller may also run it on a ticker. Instances
// sharing a PostgreSQL database sweep one at a time: when another holds the sweep's advisory
// lock this one skips (0 rows), since that sweep removes the same rows.
func (l *Limiter) Cleanup(ctx context.Context) (int64, error) {
	var n int64
	_, err := l.db.TryInTx(ctx, store.LockRateLimitCleanup, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, l.db.Rebind(`DELETE FROM rate_limit WHERE expires_at <= ?`), store.FormatTime(l.now()))
		if err != nil {
			return err
		}
		n, err = res.RowsAffected()
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("ratelimit cleanup: %w", err)
	}
	return n, nil
}

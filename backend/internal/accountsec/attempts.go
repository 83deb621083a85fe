package accountsec

import (
	"context"
	"crypto/sha256"
	"net/http"
	"strings"
	"time"

	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/store"
)

// TooManyAttempts is the 429 of a limited call (a sentence the browser shows as it is).
const TooManyAttempts = "Too many attempts. Please wait a few minutes and try again."

// ErrTooManyAttempts answers a call over its limit.
var ErrTooManyAttempts = apierr.New(http.StatusTooManyRequests, TooManyAttempts, TooManyAttempts)

// pruneAfter is longer than any window a limit uses; older attempts are deleted.
const pruneAfter = time.Hour

// Limit is how many attempts of a kind one key may make within a window.
type Limit struct {
	Kind   string
	Max    int
	Window time.Duration
}

// Attempts counts limited attempts in the store, so every portal process shares the count.
type Attempts struct {
	DB  *store.DB
	Now func() time.Time
}

// keyHash keeps what an attempt was about (a username, an email address) out of the store in
// clear; keys are compared ignoring case and surrounding spaces.
func keyHash(kind, key string) []byte {
	h := sha256.Sum256([]byte(kind + "\x00" + strings.ToLower(strings.TrimSpace(key))))
	return h[:]
}

// Count is the number of attempts of l.Kind for key within l.Window.
func (a Attempts) Count(ctx context.Context, l Limit, key string) (int, error) {
	var n int
	err := a.DB.QueryRowContext(ctx, a.DB.Rebind(`SELECT COUNT(*) FROM auth_attempt WHERE kind = ? AND key_hash = ? AND created_at > ?`),
		l.Kind, keyHash(l.Kind, key), store.FormatTime(a.Now().Add(-l.Window))).Scan(&n)
	return n, err
}

// Record counts one attempt of l.Kind for key, and forgets attempts too old to matter.
func (a Attempts) Record(ctx context.Context, l Limit, key string) error {
	now := a.Now()
	if _, err := a.DB.ExecContext(ctx, a.DB.Rebind(`DELETE FROM auth_attempt WHERE created_at < ?`), store.FormatTime(now.Add(-pruneAfter))); err != nil {
		return err
	}
	_, err := a.DB.ExecContext(ctx, a.DB.Rebind(`INSERT INTO auth_attempt (kind, key_hash, created_at) VALUES (?, ?, ?)`),
		l.Kind, keyHash(l.Kind, key), store.FormatTime(now))
	return err
}

// Take records an attempt when key is under its limit, and answers ErrTooManyAttempts when it
// is not (a refused attempt is not counted, so the limit lifts when the window has passed).
func (a Attempts) Take(ctx context.Context, l Limit, key string) error {
	n, err := a.Count(ctx, l, key)
	if err != nil {
		return err
	}
	if n >= l.Max {
		return ErrTooManyAttempts
	}
	return a.Record(ctx, l, key)
}

package signatures_test

import (
	"crypto/rand"
	"log/slog"
	"strings"
	"testing"
	"time"

	"wealthportal/backend/internal/notify"
	"wealthportal/backend/internal/ratelimit"
	"wealthportal/backend/internal/signatures"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// Without a server secret of at least 16 bytes the module is not built, so the platform does
// not start: codes are never kept under a guessable key.
func TestNewRefusesAMissingOrShortSecret(t *testing.T) {
	db := testdb.Open(t, store.SQLite) // never queried
	lim, err := ratelimit.New(db, ratelimit.Options{Secret: []byte("0123456789abcdef"), CleanupEvery: -1})
	if err != nil {
		t.Fatal(err)
	}
	for _, secret := range [][]byte{nil, []byte("fifteen-bytes!!")} {
		_, err := signatures.New(db, notify.Unconfigured{}, lim, secret, time.Now, rand.Reader, slog.New(slog.DiscardHandler))
		if err == nil || !strings.Contains(err.Error(), "secret") {
			t.Errorf("secret of %d bytes: %v, want a refusal", len(secret), err)
		}
	}
	if _, err := signatures.New(db, notify.Unconfigured{}, lim, []byte("sixteen-bytes!!!"), time.Now, rand.Reader, slog.New(slog.DiscardHandler)); err != nil {
		t.Errorf("secret of 16 bytes: %v", err)
	}
}

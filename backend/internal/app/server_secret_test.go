package app

import (
	"crypto/rand"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"wealthportal/backend/internal/notify"
	"wealthportal/backend/internal/ratelimit"
	"wealthportal/backend/internal/session"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// Without the server secret the platform is not built: signing codes are never stored under a
// missing key.
func TestPlatformNeedsTheServerSecret(t *testing.T) {
	t.Parallel()
	db := testdb.Open(t, store.SQLite) // never queried: the module is refused before
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	lim, err := ratelimit.New(db, ratelimit.Options{Secret: []byte("0123456789abcdef"), CleanupEvery: -1})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := NewPlatformEngine(db, notify.Unconfigured{}, time.Now, rand.Reader, 4, "app", lim, nil, log); err == nil || !strings.Contains(err.Error(), "secret") {
		t.Fatalf("platform engine built without a secret: %v", err)
	}
	if _, err := serverSecret(nil); err == nil {
		t.Error("a server secret without session keys")
	}
	if _, err := serverSecret([]session.KeyPair{{Hash: "not base64!"}}); err == nil {
		t.Error("a server secret from a key that is not base64")
	}
}

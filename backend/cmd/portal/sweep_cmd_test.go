package main

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"wealthportal/backend/internal/config"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// `portal maintenance sweep` deletes, on each dialect, the rows dead past their grace (a BFF
// session revoked two days ago) and keeps the rest (one revoked an hour ago), printing the
// counts per table.
func TestMaintenanceSweepCommand(t *testing.T) {
	eachCommandStore(t, func(t *testing.T, db *store.DB, dir, url string) {
		now := time.Now()
		for label, revoked := range map[string]time.Time{"old": now.Add(-48 * time.Hour), "new": now.Add(-time.Hour)} {
			testdb.MustExec(t, db, `INSERT INTO bff_session (id_hash, user_id, role_name, platform_session, created_at, last_seen_at, idle_expires_at, expires_at, revoked_at)
				VALUES (?, 1, 'ClientUser', 'p', ?, ?, ?, ?, ?)`, []byte(label), store.FormatTime(revoked), store.FormatTime(revoked),
				store.FormatTime(now.Add(time.Hour)), store.FormatTime(now.Add(time.Hour)), store.FormatTime(revoked))
		}
		var out bytes.Buffer
		if err := dispatch([]string{"maintenance", "sweep", "--data-dir", dir, "--database-url", url}, env(nil), &out, io.Discard); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(out.String(), "Expiry sweep: 1 expired rows deleted.") || !strings.Contains(out.String(), "  bff_session       1\n") {
			t.Errorf("output:\n%s", out.String())
		}
		var left []byte
		if err := db.QueryRow(`SELECT id_hash FROM bff_session`).Scan(&left); err != nil || string(left) != "new" {
			t.Errorf("left %q %v", left, err)
		}
	})
}

// The sweep started with the server stops when asked, without its context ending first: the
// server's deferred stop waits for it before the store is closed.
func TestStartSweepStops(t *testing.T) {
	db := testdb.Open(t, store.SQLite)
	stop, err := startSweep(context.Background(), config.Config{SweepInterval: time.Hour}, slog.New(slog.NewTextHandler(io.Discard, nil)), db)
	if err != nil {
		t.Fatal(err)
	}
	stop() // returns only once the sweep's goroutine has
}

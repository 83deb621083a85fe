package auth

import (
	"context"
	"database/sql"
	"errors"
	"testing"
	"time"

	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/session"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// On SQLite the embedded mode keeps a session it read between requests, and whatever could
// change it ends that at once: a name edited, a platform session ended (logout, password reset
// elsewhere), a login disabled, a revocation, by this process or by another one on the same
// file. Only an edit that bypasses the store (the sqlite3 shell) waits for session.CacheTTL. On
// PostgreSQL nothing is kept: every request reads the store, so every instance sees every
// change at its next request.
func TestCachedBFFSessionsEndAtEveryChange(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, d store.Dialect) {
		f := newFixture(t, d)
		ctx := context.Background()
		sessions := CachedBFFSessions(f.db)
		if d == store.Postgres {
			if _, plain := sessions.(BFFSessions); !plain {
				t.Fatalf("PostgreSQL: sessions kept between requests (%T)", sessions)
			}
			return
		}
		if _, cached := sessions.(*session.Cache); !cached {
			t.Fatalf("SQLite: %T, want a session.Cache", sessions)
		}
		var file string
		if err := f.db.QueryRow(`SELECT file FROM pragma_database_list WHERE name = 'main'`).Scan(&file); err != nil {
			t.Fatal(err)
		}
		// A second handle on the file: another portal process, as far as SQLite knows.
		other, err := store.OpenSQLite(file)
		if err != nil {
			t.Fatal(err)
		}
		defer other.Close()
		otherSessions := CachedBFFSessions(other)
		// A hand edit outside the store's code (no counter).
		shell, err := sql.Open("sqlite", "file:"+file+"?_pragma=busy_timeout(10000)")
		if err != nil {
			t.Fatal(err)
		}
		defer shell.Close()

		open := func(id string) {
			t.Helper()
			if err := sessions.Create(ctx, []byte(id), bffRow(f, startPlatformSession(t, f, 1))); err != nil {
				t.Fatal(err)
			}
		}
		firstName := func(id string, at time.Time) string {
			t.Helper()
			row, err := sessions.Get(ctx, []byte(id), at)
			if err != nil {
				t.Fatalf("%s: %v", id, err)
			}
			l, ok := row.Platform.(*sessionLogin)
			if !ok {
				t.Fatalf("%s: read without its platform login", id)
			}
			return l.entity.FirstName
		}

		open("s")
		firstName("s", f.now)
		if _, err := shell.Exec(`UPDATE entity SET first_name = 'Augusta' WHERE id = 10`); err != nil {
			t.Fatal(err)
		}
		if got := firstName("s", f.now.Add(time.Second)); got != "Ada" {
			t.Fatalf("the session was read again (%q): it is not kept", got)
		}
		if got := firstName("s", f.now.Add(session.CacheTTL)); got != "Augusta" {
			t.Fatalf("a hand edit still unseen after the TTL: %q", got)
		}
		testdb.MustExec(t, f.db, `UPDATE entity SET first_name = 'Ada' WHERE id = 10`)
		if got := firstName("s", f.now.Add(session.CacheTTL)); got != "Ada" {
			t.Fatalf("a name edited through the store is not seen at once: %q", got)
		}
		testdb.MustExec(t, other, `UPDATE entity SET first_name = 'Ada B.' WHERE id = 10`)
		if got := firstName("s", f.now.Add(session.CacheTTL)); got != "Ada B." {
			t.Fatalf("a name edited by another process is not seen at once: %q", got)
		}

		// A platform session ended (the platform's logout; accountsec deletes them too).
		open("ended")
		firstName("ended", f.now)
		row, _ := sessions.Get(ctx, []byte("ended"), f.now)
		if err := f.svc.EndSession(ctx, row.PlatformSession); err != nil {
			t.Fatal(err)
		}
		if row, err := sessions.Get(ctx, []byte("ended"), f.now); err != nil || row.Platform != nil {
			t.Fatalf("a session whose platform session ended is still served with it: %v", err)
		}

		// A login disabled since.
		open("off")
		firstName("off", f.now)
		testdb.MustExec(t, other, `UPDATE app_user SET disabled = 1 WHERE id = 1`)
		row, err = sessions.Get(ctx, []byte("off"), f.now)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.svc.UserForToken(session.NewContext(ctx, &session.Session{Row: row}), row.PlatformSession); !errors.Is(err, apierr.ErrNoSession) {
			t.Fatalf("a disabled login's kept session: %v", err)
		}
		testdb.MustExec(t, f.db, `UPDATE app_user SET disabled = 0 WHERE id = 1`)

		// Revoked here, and revoked by the other process (its logout).
		for _, by := range []struct {
			name string
			s    session.Store
		}{{"this process", sessions}, {"another process", otherSessions}} {
			open("r")
			firstName("r", f.now)
			if _, err := otherSessions.Get(ctx, []byte("r"), f.now); err != nil {
				t.Fatal(err)
			}
			if err := by.s.Revoke(ctx, []byte("r"), f.now); err != nil {
				t.Fatal(err)
			}
			for name, s := range map[string]session.Store{"here": sessions, "there": otherSessions} {
				if _, err := s.Get(ctx, []byte("r"), f.now); !errors.Is(err, store.ErrNotFound) {
					t.Fatalf("revoked by %s, still served %s: %v", by.name, name, err)
				}
			}
			testdb.MustExec(t, f.db, `DELETE FROM bff_session WHERE id_hash = ?`, []byte("r"))
		}
	})
}

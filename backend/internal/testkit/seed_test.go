package testkit

import (
	"path/filepath"
	"testing"

	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

func TestMain(m *testing.M) { Main(m) }

// Each test gets its own copy of the seeded demo: what one writes, another does not see, and
// both hold the demo logins. SQLite only: SeededDB is the SQLite file at a path
// (TestEachDBSeedsEveryDialect covers SeededDBOn on every dialect).
func TestSeededDBCopiesAreIndependent(t *testing.T) {
	a := SeededDB(t, filepath.Join(t.TempDir(), "a.db"))
	b := SeededDB(t, filepath.Join(t.TempDir(), "b.db"))
	var users int
	if err := a.QueryRow(`SELECT COUNT(*) FROM app_user WHERE username = 'demo.client'`).Scan(&users); err != nil || users != 1 {
		t.Fatalf("demo.client in the copy: %d %v", users, err)
	}
	if _, err := a.Exec(`UPDATE app_user SET disabled = 1 WHERE username = 'demo.client'`); err != nil {
		t.Fatal(err)
	}
	var disabled bool
	if err := b.QueryRow(`SELECT disabled FROM app_user WHERE username = 'demo.client'`).Scan(&disabled); err != nil || disabled {
		t.Fatalf("a write to one copy reached another: %v %v", disabled, err)
	}
}

// EachDB gives every dialect of the run its own seeded copies: the demo logins are there, and a
// write to one copy does not reach another.
func TestEachDBSeedsEveryDialect(t *testing.T) {
	ran := map[string]bool{}
	EachDB(t, func(t *testing.T, a *store.DB) {
		ran[string(a.Dialect)] = true
		b := SeededDBOn(t, a.Dialect)
		if _, err := a.Exec(`UPDATE app_user SET disabled = 1 WHERE username = 'demo.client'`); err != nil {
			t.Fatal(err)
		}
		var disabled bool
		if err := b.QueryRow(`SELECT disabled FROM app_user WHERE username = 'demo.client'`).Scan(&disabled); err != nil || disabled {
			t.Fatalf("a write to one copy reached another: %v %v", disabled, err)
		}
	})
	if want := len(testdb.Dialects()); len(ran) != want {
		t.Fatalf("ran on %v, want %d dialects", ran, want)
	}
}

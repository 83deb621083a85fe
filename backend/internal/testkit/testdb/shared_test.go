package testdb

import (
	"context"
	"testing"

	"wealthportal/backend/internal/store"
)

func TestMain(m *testing.M) { Main(m) }

// Shared seeds once per key and hands every caller the same store, not a copy: what one handle
// sees, the next one sees, and the seed does not run again.
func TestSharedSeedsOnceAndIsNotCopied(t *testing.T) {
	EachDialect(t, func(t *testing.T, d store.Dialect) {
		ctx := context.Background()
		seeds := 0
		seed := func(ctx context.Context, db *store.DB) error {
			seeds++
			_, err := db.ExecContext(ctx, db.Rebind(`INSERT INTO meta (key, value) VALUES (?, ?)`), "shared_probe", "seeded")
			return err
		}
		first, err := Shared(ctx, d, "probe", seed)
		if err != nil {
			t.Fatal(err)
		}
		defer first.Close()
		MustExec(t, first, `UPDATE meta SET value = ? WHERE key = ?`, "written through the first handle", "shared_probe")
		second, err := Shared(ctx, d, "probe", seed)
		if err != nil {
			t.Fatal(err)
		}
		defer second.Close()
		var v string
		if err := second.QueryRowContext(ctx, second.Rebind(`SELECT value FROM meta WHERE key = ?`), "shared_probe").Scan(&v); err != nil {
			t.Fatal(err)
		}
		if seeds != 1 || v != "written through the first handle" {
			t.Fatalf("seeded %d times, second handle reads %q: want one seed and the first handle's write", seeds, v)
		}
	})
}

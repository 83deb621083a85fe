package store_test

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"

	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// The change counter of a SQLite store moves once for each statement or transaction that wrote a
// watched table, after it committed, whichever package's SQL wrote it; writes to other tables
// and reads leave it alone; and a second handle on the same file (another process, as far as
// SQLite knows) sees the first one's count. PostgreSQL has none: its instances share no memory.
func TestChangesCountCommittedWritesToWatchedTables(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, d store.Dialect) {
		if d == store.Postgres {
			if db := testdb.Open(t, d); db.Changes() != nil {
				t.Fatal("a PostgreSQL store offers a per-process change counter")
			}
			return
		}
		ctx := context.Background()
		file := filepath.Join(t.TempDir(), store.SQLiteFile)
		a, err := store.OpenSQLite(file)
		if err != nil {
			t.Fatal(err)
		}
		defer a.Close()
		if err := a.Migrate(ctx); err != nil {
			t.Fatal(err)
		}
		b, err := store.OpenSQLite(file)
		if err != nil {
			t.Fatal(err)
		}
		defer b.Close()
		ca, cb := a.Changes(), b.Changes()
		if ca == nil || cb == nil {
			t.Fatal("a SQLite store has no change counter")
		}
		ca.Watch("meta")
		cb.Watch("meta")
		start := ca.Count()
		step := func(what string, wantMoved bool, do func() error) {
			t.Helper()
			before := ca.Count()
			if err := do(); err != nil {
				t.Fatalf("%s: %v", what, err)
			}
			moved := ca.Count() != before
			if moved != wantMoved {
				t.Errorf("%s: counter moved %v, want %v", what, moved, wantMoved)
			}
			if cb.Count() != ca.Count() {
				t.Errorf("%s: the other handle counts %d, this one %d", what, cb.Count(), ca.Count())
			}
		}
		exec := func(db *store.DB, q string, args ...any) func() error {
			return func() error { _, err := db.ExecContext(ctx, q, args...); return err }
		}
		step("insert into a watched table", true, exec(a, `INSERT INTO meta (key, value) VALUES ('changes_probe', '1')`))
		step("a prepared update through the other handle", true, func() error {
			_, err := b.ExecPrepared(ctx, `UPDATE meta SET value = ? WHERE key = 'changes_probe'`, "2")
			return err
		})
		step("a read", false, func() error {
			var v string
			return a.QueryRowContext(ctx, `SELECT value FROM meta WHERE key = 'changes_probe'`).Scan(&v)
		})
		step("an update that matches no row", false, exec(a, `UPDATE meta SET value = '3' WHERE key = 'no_such_key'`))
		step("a table not watched", false, exec(a, `CREATE TABLE IF NOT EXISTS changes_other (x INTEGER)`))
		step("a write to a table not watched", false, exec(a, `INSERT INTO changes_other (x) VALUES (1)`))
		// In a transaction: nothing before the commit, once after it.
		var during uint64
		step("a transaction of two writes", true, func() error {
			return a.InTx(ctx, func(tx *sql.Tx) error {
				if _, err := tx.ExecContext(ctx, `UPDATE meta SET value = '4' WHERE key = 'changes_probe'`); err != nil {
					return err
				}
				if _, err := tx.ExecContext(ctx, `DELETE FROM meta WHERE key = 'changes_probe'`); err != nil {
					return err
				}
				during = ca.Count()
				return nil
			})
		})
		if during != ca.Count()-1 {
			t.Errorf("the counter moved before the transaction committed (%d during, %d after)", during, ca.Count())
		}
		if got := ca.Count() - start; got != 3 {
			t.Errorf("counted %d changes, want 3", got)
		}
	})
}

package store_test

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// Hot queries run through statements prepared once and kept (store.DB.QueryRowPrepared,
// ExecPrepared): from many goroutines at once, with ? rebound for the dialect, answering as the
// same text run directly would, errors included.
func TestPreparedStatementsEachDialect(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		const q = `SELECT CAST(? AS INTEGER) + CAST(? AS INTEGER)`
		var wg sync.WaitGroup
		for g := range 8 {
			wg.Go(func() {
				for i := range 25 {
					var got int64
					if err := db.QueryRowPrepared(ctx, q, g, i).Scan(&got); err != nil || got != int64(g+i) {
						t.Errorf("%d + %d = %d, %v", g, i, got, err)
					}
				}
			})
		}
		wg.Wait()
		if _, err := db.ExecPrepared(ctx, `INSERT INTO meta (key, value) VALUES (?, ?)`, "prepared_probe", "1"); err != nil {
			t.Fatal(err)
		}
		if _, err := db.ExecPrepared(ctx, `INSERT INTO meta (key, value) VALUES (?, ?)`, "prepared_probe", "2"); err == nil {
			t.Fatal("a duplicate key was inserted through the prepared statement")
		}
		var v string
		if err := db.QueryRowPrepared(ctx, `SELECT value FROM meta WHERE key = ?`, "prepared_probe").Scan(&v); err != nil || v != "1" {
			t.Fatalf("read back %q, %v", v, err)
		}
		// A query that cannot be prepared answers its error, as the text would.
		if err := db.QueryRowPrepared(ctx, `SELECT no_such_column FROM meta WHERE key = ?`, "x").Scan(&v); err == nil {
			t.Fatal("a bad query answered")
		}
		// More distinct texts than the cache keeps still run.
		for i := range 300 {
			var got int64
			if err := db.QueryRowPrepared(ctx, fmt.Sprintf(`SELECT CAST(? AS INTEGER) + %d`, i), 1).Scan(&got); err != nil || got != int64(i+1) {
				t.Fatalf("text %d: %d, %v", i, got, err)
			}
		}
	})
}

// The SQLite pool keeps every connection it opened (database/sql keeps two by default): a
// connection closed after a burst would lose its prepared statements and page cache.
func TestSQLitePoolKeepsItsConnections(t *testing.T) {
	db := testdb.Open(t, store.SQLite)
	ctx := context.Background()
	max := db.Stats().MaxOpenConnections
	if max < 2 {
		t.Fatalf("pool of %d", max)
	}
	var held []interface{ Close() error }
	for range max {
		c, err := db.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		held = append(held, c)
	}
	for _, c := range held {
		c.Close()
	}
	if idle := db.Stats().Idle; idle != max {
		t.Fatalf("%d of %d connections kept idle after a burst", idle, max)
	}
}

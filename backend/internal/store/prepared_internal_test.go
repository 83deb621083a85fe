package store

import (
	"context"
	"path/filepath"
	"strconv"
	"testing"
)

// A hot query is prepared once and its statement reused (database/sql then prepares it once per
// pool connection); the cache stops growing at maxPrepared.
func TestPreparedStatementIsKept(t *testing.T) {
	db, err := OpenSQLite(filepath.Join(t.TempDir(), SQLiteFile))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ctx := context.Background()
	first := db.prepared(ctx, `SELECT 1`)
	if first == nil || db.prepared(ctx, `SELECT 1`) != first {
		t.Fatal("the statement was prepared again")
	}
	for i := len(db.statements.stmts); i < maxPrepared+10; i++ {
		db.prepared(ctx, `SELECT `+strconv.Itoa(i+2))
	}
	if n := len(db.statements.stmts); n != maxPrepared {
		t.Fatalf("%d statements kept, want at most %d", n, maxPrepared)
	}
}

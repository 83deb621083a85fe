package ratelimit

import (
	"context"
	"testing"
	"time"

	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// The sweep of ended counters runs on one instance at a time: while another instance holds
// its lock, Cleanup skips (on PostgreSQL) instead of running the same DELETE alongside it. On
// SQLite, one process per file, it always runs.
func TestCleanupRunsOnceAcrossInstances(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		ctx := context.Background()
		f := newFixture(t, dialect, nil)
		f.run([]op{fail(1)})
		f.clk.Advance(time.Hour)
		count := func() int {
			var n int
			if err := f.db.QueryRow(`SELECT COUNT(*) FROM rate_limit`).Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		if count() == 0 {
			t.Fatal("no counters to sweep")
		}
		other := testdb.Reopen(t, f.db) // another instance, sweeping right now
		var n int64
		var err error
		if lockErr := other.WithLock(ctx, store.LockRateLimitCleanup, func() error {
			n, err = f.lim.Cleanup(ctx)
			return nil
		}); lockErr != nil {
			t.Fatal(lockErr)
		}
		if err != nil {
			t.Fatal(err)
		}
		if dialect == store.Postgres && (n != 0 || count() == 0) {
			t.Fatalf("swept %d rows while another instance held the sweep's lock", n)
		}
		if dialect == store.SQLite && count() != 0 {
			t.Fatalf("SQLite left %d expired rows", count())
		}
		if n, err := f.lim.Cleanup(ctx); err != nil || count() != 0 {
			t.Fatalf("after the other instance finished: swept %d (%v), %d rows left", n, err, count())
		}
	})
}

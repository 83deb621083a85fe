package demo

import (
	"context"
	"testing"
	"time"

	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// Two portal instances starting together on one empty store seed the demo firm once: both
// start (neither fails on the other's half-loaded firm), exactly one reports the seeding, and
// the store holds one demo firm.
func TestSeedOnceAcrossInstances(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		instances := []*store.DB{db, testdb.Reopen(t, db)}
		now := time.Date(2026, 11, 1, 9, 0, 0, 0, time.UTC)
		type result struct {
			seeded bool
			err    error
		}
		start := make(chan struct{})
		results := make(chan result, len(instances))
		for _, inst := range instances {
			go func() {
				<-start
				seeded, err := Seed(context.Background(), inst, 4, now)
				results <- result{seeded, err}
			}()
		}
		close(start)
		seeded := 0
		for range instances {
			r := <-results
			if r.err != nil {
				t.Errorf("an instance failed to start: %v", r.err)
			}
			if r.seeded {
				seeded++
			}
		}
		if seeded != 1 {
			t.Errorf("%d instances seeded the demo firm, want 1", seeded)
		}
		var firms, marks int
		if err := db.QueryRow(db.Rebind(`SELECT COUNT(*) FROM firm WHERE name = ?`), FirmName).Scan(&firms); err != nil {
			t.Fatal(err)
		}
		if err := db.QueryRow(`SELECT COUNT(*) FROM meta WHERE key = 'demo_seeded'`).Scan(&marks); err != nil {
			t.Fatal(err)
		}
		if firms != 1 || marks != 1 {
			t.Errorf("%d demo firms and %d seeded marks, want 1 and 1", firms, marks)
		}
	})
}

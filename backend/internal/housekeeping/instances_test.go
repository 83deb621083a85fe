package housekeeping

import (
	"context"
	"testing"
	"time"

	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// Two instances sweep at the same moment: the first to take the lock sweeps, and on PostgreSQL
// the other, finding the lock held, skips its round (Ran false, nothing deleted) instead of
// running the same deletes alongside. The first instance is held inside its round (its clock,
// read under the lock, waits for the test) while the second tries. On SQLite, one process per
// file, both run.
func TestSweepRunsOnceAcrossInstances(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		withUser(t, db)
		otpCode(t, db, "gone", ago(2*day), nil)
		inRound, release := make(chan struct{}), make(chan struct{})
		first := newSweeper(t, db, Options{Now: func() time.Time {
			close(inRound)
			<-release
			return now
		}})
		second := newSweeper(t, testdb.Reopen(t, db), Options{})

		type outcome struct {
			res Result
			err error
		}
		done := make(chan outcome, 1)
		go func() {
			res, err := first.Sweep(context.Background())
			done <- outcome{res, err}
		}()
		<-inRound
		res2, err2 := second.Sweep(context.Background())
		close(release)
		res1 := <-done
		if res1.err != nil || err2 != nil {
			t.Fatal(res1.err, err2)
		}
		if !res1.res.Ran {
			t.Fatal("the instance holding the lock did not sweep")
		}
		if db.Dialect == store.Postgres {
			if res2.Ran || res2.Total() != 0 || res1.res.Total() != 1 {
				t.Fatalf("the second instance swept while the first held the lock: first %+v, second %+v", res1.res, res2)
			}
		} else if !res2.Ran || res1.res.Total()+res2.Total() != 1 {
			t.Fatalf("SQLite: first %+v, second %+v", res1.res, res2)
		}
		if got := labels(t, db, "otp_code"); len(got) != 0 {
			t.Fatalf("left %v", got)
		}
		// Once the first has finished, the next round of the second runs.
		if res, err := second.Sweep(context.Background()); err != nil || !res.Ran {
			t.Fatalf("after the lock was released: %+v %v", res, err)
		}
	})
}

package housekeeping

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"testing"
	"time"

	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// fakeTimer is Options.After for tests: each wait Run asks for is reported on asked, and ends
// when the test sends on fire.
type fakeTimer struct {
	asked chan time.Duration
	fire  chan time.Time
}

func newFakeTimer() *fakeTimer {
	return &fakeTimer{asked: make(chan time.Duration), fire: make(chan time.Time)}
}

func (f *fakeTimer) after(d time.Duration) <-chan time.Time {
	f.asked <- d
	return f.fire
}

// Run sweeps first after FirstDelay, then every Interval; it logs the counts per table and
// nothing of the rows; and when its context ends it returns (the goroutine is gone).
func TestRunSweepsOnItsScheduleAndStopsWithItsContext(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		withUser(t, db)
		otpCode(t, db, "gone-first", ago(2*day), nil)
		var logs bytes.Buffer
		timer := newFakeTimer()
		s := newSweeper(t, db, Options{Interval: 10 * time.Minute, FirstDelay: 30 * time.Second, After: timer.after,
			Log: slog.New(slog.NewTextHandler(&logs, nil))})
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		done := make(chan struct{})
		go func() {
			s.Run(ctx)
			close(done)
		}()

		if d := <-timer.asked; d != 30*time.Second {
			t.Fatalf("first wait %s, want the first delay 30s", d)
		}
		if got := labels(t, db, "otp_code"); len(got) != 1 {
			t.Fatalf("swept before the first delay ended: %v", got)
		}
		timer.fire <- now
		// Run asks for its next wait only once the round is over.
		if d := <-timer.asked; d != 10*time.Minute {
			t.Fatalf("next wait %s, want the interval 10m", d)
		}
		if got := labels(t, db, "otp_code"); len(got) != 0 {
			t.Fatalf("the first round left %v", got)
		}
		otpCode(t, db, "gone-second", ago(2*day), nil)
		timer.fire <- now
		if d := <-timer.asked; d != 10*time.Minute {
			t.Fatalf("next wait %s, want the interval 10m", d)
		}
		if got := labels(t, db, "otp_code"); len(got) != 0 {
			t.Fatalf("the second round left %v", got)
		}

		cancel()
		<-done // Run returned: no goroutine is left behind
		out := logs.String()
		if strings.Count(out, `msg="expiry sweep"`) != 2 || !strings.Contains(out, "tables.otp_code=1") || !strings.Contains(out, "tables.bff_session=0") {
			t.Errorf("log:\n%s", out)
		}
		if strings.Contains(out, "gone-") {
			t.Errorf("the log shows a row's content:\n%s", out)
		}
	})
}

// A context that ends while Run waits (with the real timer and a long interval) ends Run.
func TestRunStopsWhileWaiting(t *testing.T) {
	s := newSweeper(t, testdb.Open(t, store.SQLite), Options{Interval: time.Hour})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		s.Run(ctx)
		close(done)
	}()
	cancel()
	<-done
}

// With no interval Run returns at once: the instance does not sweep.
func TestRunWithoutIntervalReturns(t *testing.T) {
	timer := newFakeTimer()
	s := newSweeper(t, testdb.Open(t, store.SQLite), Options{After: timer.after})
	s.Run(context.Background()) // would block on timer.asked if it waited
}

// The first round comes no later than the interval, and New refuses negative settings.
func TestNewSettings(t *testing.T) {
	db := testdb.Open(t, store.SQLite)
	s := newSweeper(t, db, Options{Interval: 20 * time.Second})
	if s.first != 20*time.Second || s.batch != 500 {
		t.Errorf("first delay %s, batch %d", s.first, s.batch)
	}
	if s := newSweeper(t, db, Options{Interval: time.Hour}); s.first != time.Minute {
		t.Errorf("default first delay %s, want 1m", s.first)
	}
	for _, o := range []Options{{BatchSize: -1}, {Interval: -time.Second}, {FirstDelay: -time.Second}} {
		if _, err := New(db, o); err == nil {
			t.Errorf("%+v accepted", o)
		}
	}
	if _, err := New(nil, Options{}); err == nil {
		t.Error("a sweeper without a database")
	}
}

package housekeeping

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"wealthportal/backend/internal/store"
)

// Options configure a Sweeper. Every field has a default.
type Options struct {
	// Now is the clock. Default time.Now.
	Now func() time.Time
	// Log receives the counts of each round and its failures. Default slog.Default().
	Log *slog.Logger
	// BatchSize bounds the rows one statement deletes. Default 500: a few milliseconds of
	// SQLite's one writer, and few enough row locks on PostgreSQL.
	BatchSize int
	// Interval is the time between the rounds of Run; 0 means Run returns at once (the
	// instance does not sweep). Default 0.
	Interval time.Duration
	// FirstDelay is how long after its start Run sweeps first, at most Interval. Default 1m:
	// after start-up's own work (migrations, the demo seed), not long after a restart.
	FirstDelay time.Duration
	// After waits between rounds. Default time.After.
	After func(time.Duration) <-chan time.Time
	// Rules are the rules swept. Default Rules().
	Rules []Rule
}

// Sweeper deletes expired rows (doc.go has the rules).
type Sweeper struct {
	db    *store.DB
	now   func() time.Time
	log   *slog.Logger
	batch int
	every time.Duration
	first time.Duration
	after func(time.Duration) <-chan time.Time
	rules []Rule
}

// New builds a Sweeper over an open, migrated store.
func New(db *store.DB, o Options) (*Sweeper, error) {
	if db == nil {
		return nil, errors.New("housekeeping: no database")
	}
	if o.BatchSize < 0 || o.Interval < 0 || o.FirstDelay < 0 {
		return nil, errors.New("housekeeping: negative batch size, interval or first delay")
	}
	s := &Sweeper{db: db, now: o.Now, log: o.Log, batch: o.BatchSize, every: o.Interval, first: o.FirstDelay, after: o.After, rules: o.Rules}
	if s.now == nil {
		s.now = time.Now
	}
	if s.log == nil {
		s.log = slog.Default()
	}
	if s.batch == 0 {
		s.batch = 500
	}
	if s.first == 0 {
		s.first = time.Minute
	}
	if s.first > s.every && s.every > 0 {
		s.first = s.every
	}
	if s.after == nil {
		s.after = time.After
	}
	if s.rules == nil {
		s.rules = Rules()
	}
	return s, nil
}

// Count is how many rows one round deleted from one table.
type Count struct {
	Table   string
	Deleted int64
}

// Result is what one round did.
type Result struct {
	// Ran is false when another instance was sweeping (it held store.LockExpirySweep).
	Ran bool
	// Counts has one entry per table, in the order of the rules, zeros included.
	Counts []Count
}

// Total is the number of rows the round deleted.
func (r Result) Total() int64 {
	var n int64
	for _, c := range r.Counts {
		n += c.Deleted
	}
	return n
}

// Sweep runs one round: every rule, batch after batch, until no dead row past its grace is
// left. When another instance holds the sweep's lock it skips (Ran false), since that round
// removes the same rows. An error stops the round; what was deleted stays deleted.
func (s *Sweeper) Sweep(ctx context.Context) (Result, error) {
	res := Result{}
	at := map[string]int{}
	for _, r := range s.rules {
		if _, seen := at[r.Table]; !seen {
			at[r.Table] = len(res.Counts)
			res.Counts = append(res.Counts, Count{Table: r.Table})
		}
	}
	ran, err := s.db.TryWithLock(ctx, store.LockExpirySweep, func() error {
		// The clock is read under the lock: the round's cutoffs are those of the instance that runs it.
		now := s.now()
		for _, r := range s.rules {
			n, err := s.sweepRule(ctx, r, now.Add(-r.Grace))
			res.Counts[at[r.Table]].Deleted += n
			if err != nil {
				return fmt.Errorf("expiry sweep of %s: %w", r.Table, err)
			}
		}
		return nil
	})
	res.Ran = ran
	return res, err
}

// sweepRule deletes the rule's rows dead at cutoff, one batch per statement (each its own
// transaction), until a batch comes back short.
func (s *Sweeper) sweepRule(ctx context.Context, r Rule, cutoff time.Time) (int64, error) {
	q := s.db.Rebind(r.deleteSQL())
	c := store.FormatTime(cutoff)
	var total int64
	for {
		if err := ctx.Err(); err != nil {
			return total, err
		}
		res, err := s.db.ExecContext(ctx, q, c, c, s.batch)
		if err != nil {
			return total, err
		}
		n, err := res.RowsAffected()
		if err != nil {
			return total, err
		}
		total += n
		if n < int64(s.batch) {
			return total, nil
		}
	}
}

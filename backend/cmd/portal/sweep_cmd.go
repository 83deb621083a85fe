package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"

	"wealthportal/backend/internal/config"
	"wealthportal/backend/internal/housekeeping"
	"wealthportal/backend/internal/store"
)

// startSweep runs the expiry sweep in the background every cfg.SweepInterval (not at all when
// it is 0) until ctx ends, and returns what stops it: stop ends the sweep and waits for it to
// return, so the store is never closed under a running round. Defer it right after the store
// is opened.
func startSweep(ctx context.Context, cfg config.Config, log *slog.Logger, db *store.DB) (stop func(), err error) {
	s, err := housekeeping.New(db, housekeeping.Options{Log: log, Interval: cfg.SweepInterval})
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		s.Run(ctx)
	}()
	return func() {
		cancel()
		<-done
	}, nil
}

// sweepOnce is `portal maintenance sweep`: one round of the expiry sweep, its counts printed.
func sweepOnce(ctx context.Context, db *store.DB, stdout io.Writer) error {
	s, err := housekeeping.New(db, housekeeping.Options{})
	if err != nil {
		return err
	}
	res, err := s.Sweep(ctx)
	if err != nil {
		return err
	}
	if !res.Ran {
		fmt.Fprintln(stdout, "Another instance is sweeping right now; nothing was deleted.")
		return nil
	}
	fmt.Fprintf(stdout, "Expiry sweep: %d expired rows deleted.\n", res.Total())
	for _, c := range res.Counts {
		fmt.Fprintf(stdout, "  %-17s %d\n", c.Table, c.Deleted)
	}
	return nil
}

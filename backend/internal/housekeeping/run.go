package housekeeping

import (
	"context"
	"log/slog"
)

// Run sweeps FirstDelay after it starts and then every Interval, until ctx ends; it returns at
// once when Interval is 0. A failed round is logged and the next one tried as usual.
func (s *Sweeper) Run(ctx context.Context) {
	if s.every <= 0 {
		return
	}
	wait := s.first
	for {
		select {
		case <-ctx.Done():
			return
		case <-s.after(wait):
		}
		s.round(ctx)
		wait = s.every
	}
}

// round runs one Sweep and logs its counts per table (never a row's content).
func (s *Sweeper) round(ctx context.Context) {
	res, err := s.Sweep(ctx)
	switch {
	case err != nil && ctx.Err() != nil:
		return // shutting down
	case err != nil:
		s.log.WarnContext(ctx, "expiry sweep failed", "err", err, countAttrs(res))
	case !res.Ran:
		s.log.DebugContext(ctx, "expiry sweep skipped: another instance is sweeping")
	case res.Total() == 0:
		s.log.DebugContext(ctx, "expiry sweep: nothing to delete")
	default:
		s.log.InfoContext(ctx, "expiry sweep", "deleted", res.Total(), countAttrs(res))
	}
}

// countAttrs groups the counts per table for the log.
func countAttrs(res Result) slog.Attr {
	attrs := make([]any, 0, len(res.Counts))
	for _, c := range res.Counts {
		attrs = append(attrs, slog.Int64(c.Table, c.Deleted))
	}
	return slog.Group("tables", attrs...)
}

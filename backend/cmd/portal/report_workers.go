package main

import (
	"context"
	"log/slog"
	"time"

	"wealthportal/backend/internal/config"
	"wealthportal/backend/internal/reports"
	"wealthportal/backend/internal/store"
	"wealthportal/web"
)

// startReportWorkers works valuation report jobs (issue 17) in the process that holds the
// platform's store: `portal` in embedded mode and `portal platform`. stop lets a running report
// finish within the shutdown limit.
func startReportWorkers(ctx context.Context, cfg config.Config, log *slog.Logger, db *store.DB) (stop func(), err error) {
	w, err := reports.StartWorkers(context.WithoutCancel(ctx), db, reports.WorkerOptions{
		Log: log, Now: time.Now, Branding: reports.SiteConfigBranding(web.Dist(), cfg.DataDir),
	})
	if err != nil {
		return nil, err
	}
	return func() {
		stopCtx, cancel := context.WithTimeout(context.Background(), cfg.ShutdownTimeout)
		defer cancel()
		if err := w.Stop(stopCtx); err != nil {
			log.Warn("report workers stopped", "err", err)
		}
	}, nil
}

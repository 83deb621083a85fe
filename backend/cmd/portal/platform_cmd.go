package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"wealthportal/backend/internal/app"
	"wealthportal/backend/internal/config"
)

// runPlatform serves the planning platform API on its own (`portal platform`), over the store in
// the data directory, at PORTAL_PLATFORM_ADDR. A portal started with PORTAL_PLATFORM_URL
// pointing here reaches it over HTTP: the remote mode.
func runPlatform(args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	cfg, err := config.Load(args, getenv, stderr)
	if err != nil {
		return err
	}
	log := newLogger(cfg, stderr).With("process", "platform")
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	db, err := openStore(ctx, cfg, log, cfg.Demo)
	if err != nil {
		return err
	}
	defer db.Close()
	h, err := app.NewPlatformServer(app.Options{Config: cfg, Log: log, DB: db})
	if err != nil {
		return err
	}
	stopSweep, err := startSweep(ctx, cfg, log, db)
	if err != nil {
		return err
	}
	defer stopSweep()
	stopReports, err := startReportWorkers(ctx, cfg, log, db)
	if err != nil {
		return err
	}
	defer stopReports()
	return serve(ctx, cfg, log, cfg.PlatformAddr, h, func(url string) {
		fmt.Fprintf(stdout, "Planning platform listening on %s/resourceful\n", url)
	})
}

// Command portal serves the wealth portal: the embedded web app, the BFF and the embedded
// planning platform, over one SQLite file or a PostgreSQL database (see README.md for
// configuration).
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"wealthportal/backend/internal/app"
	"wealthportal/backend/internal/config"
	"wealthportal/backend/internal/demo"
	"wealthportal/backend/internal/reports"
	"wealthportal/backend/internal/store"
	"wealthportal/web"
)

func main() {
	if err := dispatch(os.Args[1:], os.Getenv, os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "portal:", err)
		os.Exit(1)
	}
}

// dispatch picks the subcommand: serve (the default), platform, import, seed, maintenance, audit or message.
func dispatch(args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		switch args[0] {
		case "serve":
			return run(args[1:], getenv, stdout, stderr)
		case "platform":
			return runPlatform(args[1:], getenv, stdout, stderr)
		case "maintenance":
			return runMaintenance(args[1:], getenv, stdout, stderr)
		case "import", "seed":
			return runDataCommand(args[0], args[1:], getenv, stdout, stderr)
		case "audit":
			return runAudit(args[1:], getenv, stdout, stderr)
		case "message":
			return runMessage(args[1:], getenv, stdout, stderr)
		default:
			return fmt.Errorf("unknown command %q (commands: serve, platform, import, seed, maintenance, audit, message)", args[0])
		}
	}
	return run(args, getenv, stdout, stderr)
}

func newLogger(cfg config.Config, w io.Writer) *slog.Logger {
	level := slog.LevelInfo
	_ = level.UnmarshalText([]byte(cfg.LogLevel))
	opts := &slog.HandlerOptions{Level: level}
	if cfg.LogFormat == "json" {
		return slog.New(slog.NewJSONHandler(w, opts))
	}
	return slog.New(slog.NewTextHandler(w, opts))
}

func run(args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	cfg, err := config.Load(args, getenv, stderr)
	if err != nil {
		return err
	}
	log := newLogger(cfg, stderr)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	// In remote mode the firm's data lives in the platform; this store keeps BFF sessions only.
	seedDemo := cfg.Demo && cfg.PlatformURL == ""
	db, err := openStore(ctx, cfg, log, seedDemo)
	if err != nil {
		return err
	}
	defer db.Close()
	a, err := app.New(app.Options{Config: cfg, Log: log, DB: db, WebFiles: web.Dist()})
	if err != nil {
		return err
	}
	stopSweep, err := startSweep(ctx, cfg, log, db)
	if err != nil {
		return err
	}
	defer stopSweep()
	if cfg.PlatformURL == "" {
		stopReports, err := startReportWorkers(ctx, cfg, log, db)
		if err != nil {
			return err
		}
		defer stopReports()
	}
	return serve(ctx, cfg, log, cfg.Addr, a.Handler(), func(url string) {
		fmt.Fprintf(stdout, "Wealth portal listening on %s\n", url)
		if cfg.PlatformURL != "" {
			fmt.Fprintf(stdout, "Planning platform: %s (remote)\n", cfg.PlatformURL)
		}
		if cfg.Demo {
			printLogins(stdout)
		}
	})
}

// openStore opens the configured store (PostgreSQL when PORTAL_DATABASE_URL names one, else the
// SQLite file in the data directory), migrates it, and seeds the demo firm once when asked. An
// unreachable database, or one whose schema is newer than this binary, stops start-up here.
func openStore(ctx context.Context, cfg config.Config, log *slog.Logger, seedDemo bool) (*store.DB, error) {
	db, err := store.Open(ctx, cfg.DatabaseURL, cfg.DataDir)
	if err != nil {
		return nil, fmt.Errorf("cannot open the database: %w", err)
	}
	if err := db.Migrate(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("cannot migrate the database: %w", err)
	}
	if err := reports.MigrateQueue(ctx, db); err != nil {
		db.Close()
		return nil, fmt.Errorf("cannot migrate the database: %w", err)
	}
	log.Info("store open", "database", string(db.Dialect))
	if seedDemo {
		seeded, err := demo.Seed(ctx, db, cfg.PasswordHashCost, time.Now())
		if err != nil {
			db.Close()
			return nil, err
		}
		if seeded {
			log.Info("demo firm seeded")
		}
	}
	return db, nil
}

// serve listens on addr, announces the address, and serves h until ctx ends, then shuts down
// gracefully.
func serve(ctx context.Context, cfg config.Config, log *slog.Logger, addr string, h http.Handler, announce func(url string)) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	srv := &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      config.WriteTimeout, // longer than any platform call (cfg.PlatformTimeout)
		IdleTimeout:       120 * time.Second,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
	announce("http://" + ln.Addr().String())
	log.Info("listening", "addr", ln.Addr().String())

	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down")
	shutdownCtx, cancel := context.WithTimeout(context.Background(), cfg.ShutdownTimeout)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

func printLogins(w io.Writer) {
	var b strings.Builder
	b.WriteString("\nDemo logins (demo data only):\n")
	fmt.Fprintf(&b, "  %-8s %-15s %-20s %s\n", "Tab", "Username", "Password", "")
	for _, l := range demo.AllLogins() {
		fmt.Fprintf(&b, "  %-8s %-15s %-20s %s\n", l.Tab, l.Typed, l.Password, l.Note)
	}
	b.WriteString("\n")
	io.WriteString(w, b.String())
}

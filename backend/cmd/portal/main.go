// Command portal serves the wealth portal: the embedded web app, the BFF and the embedded
// planning platform, over one SQLite file (see README.md for configuration).
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
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"wealthportal/backend/internal/app"
	"wealthportal/backend/internal/config"
	"wealthportal/backend/internal/demo"
	"wealthportal/backend/internal/store"
	"wealthportal/web"
)

func main() {
	if err := dispatch(os.Args[1:], os.Getenv, os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "portal:", err)
		os.Exit(1)
	}
}

// dispatch picks the subcommand: serve (the default), platform, import or seed.
func dispatch(args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		switch args[0] {
		case "serve":
			return run(args[1:], getenv, stdout, stderr)
		case "platform":
			return runPlatform(args[1:], getenv, stdout, stderr)
		case "import", "seed":
			return runDataCommand(args[0], args[1:], getenv, stdout, stderr)
		default:
			return fmt.Errorf("unknown command %q (commands: serve, platform, import, seed)", args[0])
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

	if err := os.MkdirAll(cfg.DataDir, 0o700); err != nil {
		return fmt.Errorf("data dir: %w", err)
	}
	db, err := store.OpenSQLite(filepath.Join(cfg.DataDir, "portal.db"))
	if err != nil {
		return err
	}
	defer db.Close()
	if err := db.Migrate(ctx); err != nil {
		return err
	}
	if cfg.Demo {
		seeded, err := demo.Seed(ctx, db, cfg.PasswordHashCost, time.Now())
		if err != nil {
			return err
		}
		if seeded {
			log.Info("demo firm seeded")
		}
	}
	a, err := app.New(app.Options{Config: cfg, Log: log, DB: db, WebFiles: web.Dist()})
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return err
	}
	srv := &http.Server{
		Handler:           a.Handler(),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       120 * time.Second,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
	url := "http://" + ln.Addr().String()
	fmt.Fprintf(stdout, "Wealth portal listening on %s\n", url)
	if cfg.Demo {
		printLogins(stdout)
	}
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
	for _, l := range demo.Logins {
		fmt.Fprintf(&b, "  %-8s %-15s %-20s %s\n", l.Tab, l.Typed, l.Password, l.Note)
	}
	b.WriteString("\n")
	io.WriteString(w, b.String())
}

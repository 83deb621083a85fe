// Command loadrun is the load run (`make load`): a synthetic firm on a fresh database of a
// loopback PostgreSQL server, two `portal serve` processes on it, and concurrent sessions of
// mixed traffic over both for at most a minute (package loadrun). It prints requests, req/s,
// p50/p95/p99 per kind of call, errors and each instance's memory, and exits non-zero when any
// request failed. Run it under scripts/pg-test-cluster.sh, which provides the server:
//
//	bash scripts/pg-test-cluster.sh go run ./backend/cmd/loadrun --portal bin/portal
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"wealthportal/backend/internal/loadrun"
)

func main() {
	if err := run(os.Args[1:], os.Getenv, os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "loadrun:", err)
		os.Exit(1)
	}
}

func run(args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("loadrun", flag.ContinueOnError)
	fs.SetOutput(stderr)
	o := loadrun.Options{Progress: stderr}
	fs.StringVar(&o.Portal, "portal", "bin/portal", "the portal binary")
	fs.StringVar(&o.ServerURL, "server-url", getenv("PORTAL_TEST_DATABASE_URL"), "loopback PostgreSQL server to create the run's database on (default $PORTAL_TEST_DATABASE_URL)")
	fs.IntVar(&o.Clients, "clients", 10000, "clients in the synthetic firm")
	fs.IntVar(&o.Sessions, "sessions", 200, "concurrent sessions")
	fs.IntVar(&o.Instances, "instances", 2, "portal processes on the one database")
	fs.DurationVar(&o.Duration, "duration", 50*time.Second, "how long sessions keep starting requests (at most 50s; requests in flight get 10s more)")
	o.Shape = loadrun.DefaultShape()
	fs.DurationVar(&o.Shape.Ramp, "ramp", o.Shape.Ramp, "sessions start at times drawn uniformly from this first part of the run")
	fs.DurationVar(&o.Shape.ThinkMin, "think-min", o.Shape.ThinkMin, "shortest pause before a session's next request")
	fs.DurationVar(&o.Shape.ThinkMax, "think-max", o.Shape.ThinkMax, "longest pause before a session's next request")
	fs.Uint64Var(&o.Shape.Seed, "seed", o.Shape.Seed, "seed of the starts and pauses (the same seed, the same traffic)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if o.ServerURL == "" {
		return fmt.Errorf("no PostgreSQL server: run under scripts/pg-test-cluster.sh or pass --server-url")
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	r, err := loadrun.Run(ctx, o)
	if err != nil {
		return err
	}
	fmt.Fprint(stdout, r.Markdown())
	if n := r.ErrorCount(); n > 0 {
		return fmt.Errorf("%d of %d requests failed (target: 0)", n, r.Requests)
	}
	return nil
}

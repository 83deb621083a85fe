// Command coldstart measures the portal's cold start on an existing SQLite store: the time from
// starting `portal serve` to /readyz answering 200, median of several runs (bench.ColdStart).
//
//	go run ./backend/cmd/coldstart -binary bin/portal -runs 5
package main

import (
	"context"
	"flag"
	"fmt"
	"os"

	"wealthportal/backend/internal/bench"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "coldstart:", err)
		os.Exit(1)
	}
}

func run() error {
	binary := flag.String("binary", "bin/portal", "the portal binary")
	runs := flag.Int("runs", 5, "starts measured")
	dataDir := flag.String("data-dir", "", "data directory of the store (empty: a new temporary one, prepared by a first start)")
	flag.Parse()
	dir := *dataDir
	if dir == "" {
		tmp, err := os.MkdirTemp("", "portal-coldstart-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(tmp)
		dir = tmp
	}
	r, err := bench.ColdStart(context.Background(), bench.ColdStartOptions{Binary: *binary, Args: []string{"serve"}, DataDir: dir, Runs: *runs})
	if err != nil {
		return err
	}
	fmt.Println(r)
	return nil
}

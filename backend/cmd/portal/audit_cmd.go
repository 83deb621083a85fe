package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"time"

	"wealthportal/backend/internal/clientcontext"
)

// runAudit is `portal audit --since YYYY-MM-DD [--adviser USERNAME] [--client ENTITY_ID]`: the
// audit trail of advisers' actions in clients' contexts, as CSV on stdout for the firm's
// compliance team (clientcontext.ExportCSV), from the store the portal uses (PORTAL_DATA_DIR or
// PORTAL_DATABASE_URL; in remote mode, the portal's own store, not the platform's).
func runAudit(args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("portal audit", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: portal audit --since YYYY-MM-DD [--adviser USERNAME] [--client ENTITY_ID] [--data-dir DIR | --database-url URL]\n\nPrints the audit trail of advisers' actions in clients' contexts as CSV.")
		fs.PrintDefaults()
	}
	sf, err := addStoreFlags(fs, getenv)
	if err != nil {
		return err
	}
	since := fs.String("since", "", "first day to print, YYYY-MM-DD (UTC)")
	adviser := fs.String("adviser", "", "only this adviser's actions (username, e.g. jane.adviser@client)")
	client := fs.Int64("client", 0, "only actions in this client's context (the client's entity id)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		fs.Usage()
		return fmt.Errorf("audit: unexpected argument %q", fs.Arg(0))
	}
	day, err := time.Parse(time.DateOnly, *since)
	if err != nil {
		fs.Usage()
		return errors.New("audit: --since YYYY-MM-DD is required")
	}
	if *client < 0 {
		return errors.New("audit: --client must be a client's entity id")
	}
	if err := sf.validate(); err != nil {
		return err
	}
	ctx := context.Background()
	db, err := sf.open(ctx)
	if err != nil {
		return err
	}
	defer db.Close()
	_, err = clientcontext.ExportCSV(ctx, db, clientcontext.Filter{Since: day, Adviser: *adviser, ClientID: *client}, stdout)
	return err
}

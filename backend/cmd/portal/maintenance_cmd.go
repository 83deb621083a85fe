package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"

	"wealthportal/backend/internal/config"
	"wealthportal/backend/internal/health"
)

// runMaintenance turns the maintenance switch on or off (`portal maintenance on|off`) in the
// store of the data directory: the health check then answers BAD and the portal's anonymous
// pages show the maintenance page (when the site configuration enables it). `portal
// maintenance sweep` runs one round of the expiry sweep (sweep_cmd.go).
func runMaintenance(args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) == 0 || (args[0] != "on" && args[0] != "off" && args[0] != "sweep") {
		return fmt.Errorf("usage: portal maintenance on|off|sweep [--data-dir DIR | --database-url URL]")
	}
	cfg, err := config.Load(args[1:], getenv, stderr)
	if err != nil {
		return err
	}
	ctx := context.Background()
	db, err := openStore(ctx, cfg, slog.New(slog.NewTextHandler(io.Discard, nil)), false)
	if err != nil {
		return err
	}
	defer db.Close()
	if args[0] == "sweep" {
		return sweepOnce(ctx, db, stdout)
	}
	if err := health.SetMaintenance(ctx, db, args[0] == "on"); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "Maintenance is %s.\n", args[0])
	return nil
}

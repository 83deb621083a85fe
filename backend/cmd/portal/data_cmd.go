package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"wealthportal/backend/internal/config"
	"wealthportal/backend/internal/firmdata"
	"wealthportal/backend/internal/store"
)

// runDataCommand runs `portal import FILE` and `portal seed --clients N`.
func runDataCommand(name string, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	switch name {
	case "import":
		return runImport(args, getenv, stdout, stderr)
	case "seed":
		return runSeed(args, getenv, stdout, stderr)
	}
	return fmt.Errorf("unknown data command %q", name)
}

// storeFlags are the settings both data commands share, mirrored by the same PORTAL_*
// variables as the server's.
type storeFlags struct {
	dataDir     string
	databaseURL string
	hashCost    int
}

func addStoreFlags(fs *flag.FlagSet, getenv func(string) string) (*storeFlags, error) {
	d := config.Defaults()
	s := &storeFlags{dataDir: d.DataDir, hashCost: d.PasswordHashCost}
	if v := getenv("PORTAL_DATA_DIR"); v != "" {
		s.dataDir = v
	}
	s.databaseURL = getenv("PORTAL_DATABASE_URL")
	if v := getenv("PORTAL_PASSWORD_HASH_COST"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil {
			return nil, fmt.Errorf("PORTAL_PASSWORD_HASH_COST: %w", err)
		}
		s.hashCost = n
	}
	fs.StringVar(&s.dataDir, "data-dir", s.dataDir, "data directory holding portal.db (PORTAL_DATA_DIR)")
	fs.StringVar(&s.databaseURL, "database-url", s.databaseURL, "PostgreSQL URL postgres://… instead of portal.db (PORTAL_DATABASE_URL)")
	fs.IntVar(&s.hashCost, "password-hash-cost", s.hashCost, "bcrypt cost of passwords given in clear (PORTAL_PASSWORD_HASH_COST)")
	return s, nil
}

func (s *storeFlags) validate() error {
	if s.dataDir == "" && !store.IsPostgresURL(s.databaseURL) {
		return errors.New("data dir must not be empty")
	}
	if s.hashCost < 4 || s.hashCost > 31 {
		return fmt.Errorf("password hash cost %d: want 4..31", s.hashCost)
	}
	return nil
}

// open opens the store (PostgreSQL when a database URL is given, else portal.db in the data
// directory, created if needed) and migrates it.
func (s *storeFlags) open(ctx context.Context) (*store.DB, error) {
	db, err := store.Open(ctx, s.databaseURL, s.dataDir)
	if err != nil {
		return nil, fmt.Errorf("cannot open the database: %w", err)
	}
	if err := db.Migrate(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("cannot migrate the database: %w", err)
	}
	return db, nil
}

// parseInterspersed lets flags come before or after the positional arguments
// (`portal import firm.json --data-dir ./data`).
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		if fs.NArg() == 0 {
			return positional, nil
		}
		positional = append(positional, fs.Arg(0))
		args = fs.Args()[1:]
	}
}

// runImport is `portal import FILE`: validate the file and load it, or list every problem
// and change nothing.
func runImport(args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("portal import", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: portal import [--data-dir DIR | --database-url URL] [--password-hash-cost N] FILE\n\nLoads a firm from a JSON file (docs/import-format.md).")
		fs.PrintDefaults()
	}
	sf, err := addStoreFlags(fs, getenv)
	if err != nil {
		return err
	}
	files, err := parseInterspersed(fs, args)
	if err != nil {
		return err
	}
	if len(files) != 1 {
		fs.Usage()
		return errors.New("import: name exactly one file")
	}
	if err := sf.validate(); err != nil {
		return err
	}
	ctx := context.Background()
	// Check the file before touching the store, so a bad file leaves no trace at all.
	f, err := firmdata.ParseFile(files[0])
	if err == nil {
		if problems := firmdata.Validate(f); len(problems) > 0 {
			err = &firmdata.InvalidError{Problems: problems}
		}
	}
	if err != nil {
		return reportInvalid(files[0], err, stderr)
	}
	db, err := sf.open(ctx)
	if err != nil {
		return err
	}
	defer db.Close()
	sum, err := firmdata.Load(ctx, db, f, firmdata.LoadOptions{HashCost: sf.hashCost})
	if err != nil {
		return reportInvalid(files[0], err, stderr)
	}
	fmt.Fprint(stdout, sum.String())
	return nil
}

// reportInvalid prints every problem of a refused firm as "path: message".
func reportInvalid(file string, err error, stderr io.Writer) error {
	var invalid *firmdata.InvalidError
	if !errors.As(err, &invalid) {
		return err
	}
	for _, p := range invalid.Problems {
		fmt.Fprintln(stderr, p.String())
	}
	return fmt.Errorf("import %s: %d problem(s); nothing was imported", file, len(invalid.Problems))
}

// runSeed is `portal seed`: generate a synthetic firm and load it.
func runSeed(args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("portal seed", flag.ContinueOnError)
	fs.SetOutput(stderr)
	sf, err := addStoreFlags(fs, getenv)
	if err != nil {
		return err
	}
	clients := fs.Int("clients", 10000, "number of clients")
	seed := fs.Uint64("seed", 1, "random seed: the same seed, clients and date give the same firm")
	todayFlag := fs.String("today", "", "last day of the history, YYYY-MM-DD (default today)")
	rest, err := parseInterspersed(fs, args)
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		return fmt.Errorf("seed: unexpected argument %q", rest[0])
	}
	if err := sf.validate(); err != nil {
		return err
	}
	if *clients < 1 {
		return fmt.Errorf("seed: --clients %d: want at least 1", *clients)
	}
	today := time.Now()
	if *todayFlag != "" {
		if today, err = time.Parse("2006-01-02", *todayFlag); err != nil {
			return fmt.Errorf("seed: --today: want YYYY-MM-DD: %w", err)
		}
	}
	ctx := context.Background()
	db, err := sf.open(ctx)
	if err != nil {
		return err
	}
	defer db.Close()
	began := time.Now()
	fmt.Fprintf(stdout, "Generating %d clients (seed %d)...\n", *clients, *seed)
	f := firmdata.Synthetic(*clients, *seed, today)
	generated := time.Now()
	sum, err := firmdata.Load(ctx, db, f, firmdata.LoadOptions{HashCost: sf.hashCost, Progress: func(s string) {
		fmt.Fprintf(stdout, "  %6.1fs  %s\n", time.Since(generated).Seconds(), s)
	}})
	if err != nil {
		return reportInvalid("synthetic firm", err, stderr)
	}
	fmt.Fprint(stdout, sum.String())
	fmt.Fprintf(stdout, "Generated in %.1fs, loaded in %.1fs.\n", generated.Sub(began).Seconds(), time.Since(generated).Seconds())
	if store.IsPostgresURL(sf.databaseURL) {
		fmt.Fprintln(stdout, "Database: PostgreSQL")
	} else if size, err := fileSize(filepath.Join(sf.dataDir, "portal.db")); err == nil {
		fmt.Fprintf(stdout, "Database %s: %.1f MB\n", filepath.Join(sf.dataDir, "portal.db"), float64(size)/1e6)
	}
	fmt.Fprintf(stdout, "Logins: client1 ... client%d and adviser1@client ... adviser%d@client (type adviser1 on the Adviser tab), password %s\n",
		*clients, len(f.Advisers), firmdata.SyntheticPassword)
	return nil
}

func fileSize(path string) (int64, error) {
	st, err := os.Stat(path)
	if err != nil {
		return 0, err
	}
	return st.Size(), nil
}

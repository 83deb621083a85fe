package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

func env(vars map[string]string) func(string) string {
	return func(k string) string { return vars[k] }
}

func TestImportCommand(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, d store.Dialect) {
		dir, url := t.TempDir(), databaseURLFor(t, d)
		var out, errs bytes.Buffer
		// Flags may follow the file; the data dir comes from the environment.
		err := runDataCommand("import", []string{"../../internal/firmdata/testdata/small-firm.json", "--password-hash-cost", "4", "--database-url", url},
			env(map[string]string{"PORTAL_DATA_DIR": dir}), &out, &errs)
		if err != nil {
			t.Fatalf("import: %v\n%s", err, errs.String())
		}
		for _, want := range []string{`Loaded firm "Tamar Estuary Financial Planning" (id 1)`, "clients           3", "transactions      13"} {
			if !strings.Contains(out.String(), want) {
				t.Errorf("output lacks %q:\n%s", want, out.String())
			}
		}
		db, err := store.Open(context.Background(), url, dir)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		var n int
		db.QueryRowContext(context.Background(), `SELECT COUNT(*) FROM txn`).Scan(&n)
		if n != 13 {
			t.Errorf("%d transactions stored, want 13", n)
		}
		// Rows the platform adds later get ids after the imported ones (the load assigns ids
		// itself; PostgreSQL's identity sequences must follow).
		for _, q := range []string{
			`INSERT INTO entity (firm_id, entity_kind, entity_name) SELECT id, 'client', 'Later' FROM firm`,
			`INSERT INTO portfolio (firm_id, entity_id, portfolio_name, ptype) SELECT firm_id, id, 'Later', 'PT_SINGLE' FROM entity WHERE entity_name = 'Later'`,
			`INSERT INTO login_profile (firm_id, name) SELECT id, 'later' FROM firm`,
		} {
			if _, err := db.Exec(q); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
		}

		// The same file again is refused, by name, and changes nothing.
		out.Reset()
		errs.Reset()
		err = runDataCommand("import", []string{"--data-dir", dir, "--database-url", url, "../../internal/firmdata/testdata/small-firm.json"}, env(nil), &out, &errs)
		if err == nil || !strings.Contains(err.Error(), "1 problem(s); nothing was imported") {
			t.Errorf("second import: %v", err)
		}
		if want := `firm.name: a firm named "Tamar Estuary Financial Planning" already exists in this store; nothing was imported` + "\n"; errs.String() != want {
			t.Errorf("stderr %q, want %q", errs.String(), want)
		}
	})
}

// databaseURLFor is what --database-url says for a store of the test's own on dialect d: empty
// (the SQLite file in the data directory) or a new PostgreSQL database.
func databaseURLFor(t *testing.T, d store.Dialect) string {
	t.Helper()
	if d == store.Postgres {
		return testdb.PostgresURL(t)
	}
	return ""
}

// An invalid file is refused before any store is opened: SQLite alone, the dialect plays no part.
func TestImportCommandListsEveryProblemAndTouchesNothing(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "data")
	var out, errs bytes.Buffer
	err := runDataCommand("import", []string{"--data-dir", dir, "../../internal/firmdata/testdata/invalid-firm.json"}, env(nil), &out, &errs)
	if err == nil || !strings.Contains(err.Error(), "21 problem(s); nothing was imported") {
		t.Fatalf("import of an invalid file: %v", err)
	}
	got := strings.Split(strings.TrimSpace(errs.String()), "\n")
	if len(got) != 21 || got[0] != `firm.region: want GB, AU, CA, NZ, ZA, NA, AA, HK, SG, TH, MY, TW or ID, got "UK"` ||
		got[20] != "prices[1].points[1]: 2025-01-06 is not after the point before (2025-01-06): points go in date order, one per date" {
		t.Errorf("problems printed:\n%s", errs.String())
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Error("a refused import created the data directory")
	}
	if out.Len() != 0 {
		t.Errorf("stdout %q", out.String())
	}
}

func TestImportCommandUsage(t *testing.T) {
	for _, args := range [][]string{nil, {"a.json", "b.json"}} {
		var out, errs bytes.Buffer
		if err := runDataCommand("import", args, env(nil), &out, &errs); err == nil || !strings.Contains(err.Error(), "exactly one file") {
			t.Errorf("import %v: %v", args, err)
		}
	}
	var out, errs bytes.Buffer
	err := runDataCommand("import", []string{filepath.Join(t.TempDir(), "missing.json")}, env(nil), &out, &errs)
	if err == nil || !os.IsNotExist(unwrapAll(err)) {
		t.Errorf("missing file: %v", err)
	}
}

func unwrapAll(err error) error {
	for {
		u, ok := err.(interface{ Unwrap() error })
		if !ok || u.Unwrap() == nil {
			return err
		}
		err = u.Unwrap()
	}
}

func TestSeedCommand(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, d store.Dialect) {
		dir := t.TempDir()
		var out, errs bytes.Buffer
		args := []string{"--clients", "12", "--seed", "3", "--today", "2026-11-20", "--data-dir", dir, "--database-url", databaseURLFor(t, d)}
		if err := runDataCommand("seed", args, env(nil), &out, &errs); err != nil {
			t.Fatalf("seed: %v\n%s", err, errs.String())
		}
		for _, want := range []string{"clients           12", "advisers          1", "client1 ... client12", "adviser1@client", "Synthetic#2026"} {
			if !strings.Contains(out.String(), want) {
				t.Errorf("output lacks %q:\n%s", want, out.String())
			}
		}
		out.Reset()
		errs.Reset()
		if err := runDataCommand("seed", args, env(nil), &out, &errs); err == nil || !strings.Contains(errs.String(), "already exists") {
			t.Errorf("second seed: %v %s", err, errs.String())
		}
		for _, bad := range [][]string{{"--clients", "0"}, {"--today", "20/11/2026"}, {"extra"}} {
			if err := runDataCommand("seed", append(bad, "--data-dir", dir), env(nil), &out, &errs); err == nil {
				t.Errorf("seed %v was accepted", bad)
			}
		}
	})
}

package siteaccess

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
	"testing/fstest"
	"time"
)

var lists = Lists{Portfolio: []string{"Client Portfolio"}, Assets: []string{"Client Assets", "Assets only"}, Messages: []string{"Client Messages"}}

func TestDerive(t *testing.T) {
	for description, want := range map[string]Level{
		"Client Portfolio": Portfolio, "  client portfolio ": Portfolio, "Client Assets": Assets, "ASSETS ONLY": Assets,
		"Client Messages": Messages, "Not Assigned": NotAssigned, "": NotAssigned, "Client": NotAssigned,
	} {
		if got := Derive(description, lists); got != want {
			t.Errorf("%q: %s, want %s", description, got, want)
		}
	}
	for level, sees := range map[Level]bool{Portfolio: true, Assets: true, Messages: false, NotAssigned: false} {
		if level.SeesPortfolioData() != sees {
			t.Errorf("%s sees portfolio data: %v", level, !sees)
		}
	}
}

func TestSourcePrefersTheDataDirectoryAndRereadsIt(t *testing.T) {
	built := fstest.MapFS{"site-config.json": {Data: []byte(`{"settings":{"portfolioSiteAccess":["Built"]}}`)}}
	dir := t.TempDir()
	s := &Source{Files: built, DataDir: dir}
	if l, err := s.Lists(); err != nil || l.Portfolio[0] != "Built" {
		t.Fatalf("built-in: %+v %v", l, err)
	}
	path := filepath.Join(dir, "site-config.json")
	write := func(body string, at time.Time) {
		if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(path, at, at); err != nil {
			t.Fatal(err)
		}
	}
	write(`{"settings":{"portfolioSiteAccess":["Override"]}}`, time.Unix(1000, 0))
	if l, _ := s.Lists(); l.Portfolio[0] != "Override" {
		t.Fatalf("override: %+v", l)
	}
	write(`{"settings":{"portfolioSiteAccess":["Edited"]}}`, time.Unix(2000, 0))
	if l, _ := s.Lists(); l.Portfolio[0] != "Edited" {
		t.Fatalf("edited override: %+v", l)
	}
	// A broken override falls back to the built configuration.
	write(`{not json`, time.Unix(3000, 0))
	if l, _ := s.Lists(); l.Portfolio[0] != "Built" {
		t.Fatalf("broken override: %+v", l)
	}
}

func TestSourceWithoutConfiguration(t *testing.T) {
	s := &Source{Files: fstest.MapFS{}}
	if _, err := s.Lists(); !errors.Is(err, ErrNoConfiguration) {
		t.Fatalf("want ErrNoConfiguration, got %v", err)
	}
}

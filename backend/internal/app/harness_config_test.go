package app

import (
	"crypto/rand"
	"io"
	"log/slog"
	"path/filepath"
	"testing"
	"time"

	"wealthportal/backend/internal/config"
	"wealthportal/backend/internal/testkit"
)

// newConfiguredHarness is newHarness with the configuration edited before the portal is built
// (trusted proxies, a remote platform, its time-out).
func newConfiguredHarness(t *testing.T, edit func(*config.Config)) *harness {
	t.Helper()
	dir := t.TempDir()
	db := testkit.SeededDB(t, filepath.Join(dir, "portal.db"))
	var err error
	cfg := config.Defaults()
	cfg.DataDir = dir
	cfg.PasswordHashCost = 4
	edit(&cfg)
	h := &harness{t: t, now: time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)}
	h.app, err = New(Options{
		Config: cfg, Log: slog.New(slog.NewTextHandler(io.Discard, nil)), DB: db,
		WebFiles: testWebFiles(t),
		Now:      func() time.Time { return h.now }, Rand: rand.Reader,
	})
	if err != nil {
		t.Fatal(err)
	}
	h.h = h.app.Handler()
	return h
}

package app

import (
	"crypto/rand"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"testing"
	"time"

	"wealthportal/backend/internal/config"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit"
	"wealthportal/backend/internal/testkit/testdb"
)

// harness is the whole portal (app.New, the real routes) over the seeded demo firm, on a clock
// the test moves.
type harness struct {
	t   *testing.T
	app *App
	h   http.Handler
	now time.Time
	// platformDB is the platform's store: the portal's own when the platform is embedded, the
	// platform server's when it is remote.
	platformDB *store.DB
}

// harnessSpec is how a test's portal differs from the default one: SQLite, the embedded
// platform, the default configuration, no log kept.
type harnessSpec struct {
	dialect store.Dialect
	remote  bool
	wrap    func(http.Handler) http.Handler
	edit    func(*config.Config)
	log     io.Writer
}

// harnessOption is one difference from the default portal.
type harnessOption func(*harnessSpec)

// on puts the portal's stores on dialect d (the tests that run on both call it from
// testdb.EachDialect).
func on(d store.Dialect) harnessOption { return func(s *harnessSpec) { s.dialect = d } }

// remotePlatform is the remote mode: the platform is a real HTTP server over its own seeded
// store (what `portal platform` serves), and the portal's own store is freshly migrated, with
// no users.
func remotePlatform() harnessOption { return func(s *harnessSpec) { s.remote = true } }

// remotePlatformBehind is remotePlatform with the platform server's handler wrapped by wrap, to
// play a firm's own platform that answers differently.
func remotePlatformBehind(wrap func(http.Handler) http.Handler) harnessOption {
	return func(s *harnessSpec) { s.remote, s.wrap = true, wrap }
}

// configured edits the portal's configuration before the portal is built (trusted proxies, a
// platform URL and its time-out, rate limits).
func configured(edit func(*config.Config)) harnessOption {
	return func(s *harnessSpec) { s.edit = edit }
}

// loggedTo keeps the portal's log, as JSON lines, in w.
func loggedTo(w io.Writer) harnessOption { return func(s *harnessSpec) { s.log = w } }

// testConfig is the configuration of a test's portal: the defaults, a data directory of the
// test's own and a cheap bcrypt cost.
func testConfig(t *testing.T) config.Config {
	t.Helper()
	cfg := config.Defaults()
	cfg.DataDir = t.TempDir()
	cfg.PasswordHashCost = 4
	return cfg
}

// newHarness builds the portal the options describe.
func newHarness(t *testing.T, opts ...harnessOption) *harness {
	t.Helper()
	spec := harnessSpec{dialect: store.SQLite}
	for _, o := range opts {
		o(&spec)
	}
	cfg := testConfig(t)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	if spec.log != nil {
		log = slog.New(slog.NewJSONHandler(spec.log, nil))
	}
	h := &harness{t: t, now: time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)}
	now := func() time.Time { return h.now }

	var portalDB *store.DB
	switch {
	case spec.remote:
		h.platformDB, portalDB = testkit.SeededDBOn(t, spec.dialect), testdb.Open(t, spec.dialect)
		platform, err := NewPlatformServer(Options{Config: cfg, Log: log, DB: h.platformDB, Now: now, Rand: rand.Reader})
		if err != nil {
			t.Fatal(err)
		}
		if spec.wrap != nil {
			platform = spec.wrap(platform)
		}
		srv := httptest.NewServer(platform)
		t.Cleanup(srv.Close)
		cfg.PlatformURL = srv.URL
	case spec.dialect == store.SQLite:
		// The store is the file in the data directory, which some tests look at.
		portalDB = testkit.SeededDB(t, filepath.Join(cfg.DataDir, "portal.db"))
		h.platformDB = portalDB
	default:
		portalDB = testkit.SeededDBOn(t, spec.dialect)
		h.platformDB = portalDB
	}
	if spec.edit != nil {
		spec.edit(&cfg)
	}
	var err error
	h.app, err = New(Options{Config: cfg, Log: log, DB: portalDB, WebFiles: testWebFiles(t), Now: now, Rand: rand.Reader})
	if err != nil {
		t.Fatal(err)
	}
	h.h = h.app.Handler()
	return h
}

// eachPlatformMode runs fn as the subtests "embedded" and "remote", each with a portal of its
// own on dialect d.
func eachPlatformMode(t *testing.T, d store.Dialect, fn func(t *testing.T, h *harness)) {
	t.Helper()
	t.Run("embedded", func(t *testing.T) { fn(t, newHarness(t, on(d))) })
	t.Run("remote", func(t *testing.T) { fn(t, newHarness(t, on(d), remotePlatform())) })
}

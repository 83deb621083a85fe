package reports_test

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"wealthportal/backend/internal/access"
	"wealthportal/backend/internal/ratelimit"
	"wealthportal/backend/internal/reports"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit"
)

// now is the fixture clock: the demo's seeding day (testkit.DemoSeededAt), mid-morning.
var now = testkit.DemoSeededAt.Add(10 * time.Hour)

// instance is one portal process's view of the report API over a store: the module behind a
// gin engine that takes the caller from the test (no login round trip).
type instance struct {
	db     *store.DB
	module *reports.Module
	engine *gin.Engine
	caller access.Principal
}

func newInstance(t *testing.T, db *store.DB) *instance {
	t.Helper()
	gin.SetMode(gin.TestMode)
	lim, err := ratelimit.New(db, ratelimit.Options{Secret: []byte("0123456789abcdef0123456789abcdef"), Now: func() time.Time { return now }, CleanupEvery: -1})
	if err != nil {
		t.Fatal(err)
	}
	m, err := reports.New(db, func() time.Time { return now }, lim)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close() })
	in := &instance{db: db, module: m, engine: gin.New()}
	g := in.engine.Group("/resourceful", func(c *gin.Context) {
		c.Request = c.Request.WithContext(access.WithPrincipal(c.Request.Context(), in.caller))
	})
	m.Register(g)
	return in
}

// as sets the caller of the next calls.
func (in *instance) as(p access.Principal) *instance { in.caller = p; return in }

// call makes one request and decodes the JSON answer.
func (in *instance) call(t *testing.T, method, path string, body any) (int, map[string]any) {
	t.Helper()
	var r io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		r = bytes.NewReader(b)
	}
	req := httptest.NewRequest(method, path, r)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	rec := httptest.NewRecorder()
	in.engine.ServeHTTP(rec, req)
	var out map[string]any
	if rec.Body.Len() > 0 && rec.Body.Bytes()[0] == '{' {
		if err := json.Unmarshal(rec.Body.Bytes(), &out); err != nil {
			t.Fatalf("%s %s: %v: %s", method, path, err, rec.Body.String())
		}
	}
	return rec.Code, out
}

// principal is the demo login username as the platform would resolve it.
func principal(t *testing.T, db *store.DB, username string) access.Principal {
	t.Helper()
	var p access.Principal
	err := db.QueryRowContext(context.Background(), db.Rebind(`SELECT u.id, u.entity_id, e.firm_id, u.role_name FROM app_user u
		JOIN entity e ON e.id = u.entity_id WHERE u.username = ?`), username).Scan(&p.UserID, &p.EntityID, &p.FirmID, &p.Role)
	if err != nil {
		t.Fatalf("%s: %v", username, err)
	}
	return p
}

// templateID is the demo template of that name.
func templateID(t *testing.T, db *store.DB, name string) int64 {
	t.Helper()
	var id int64
	if err := db.QueryRowContext(context.Background(), db.Rebind(`SELECT id FROM report_template WHERE name = ?`), name).Scan(&id); err != nil {
		t.Fatalf("template %s: %v", name, err)
	}
	return id
}

// migrated is a seeded demo store with River's tables.
func migrated(t *testing.T, db *store.DB) *store.DB {
	t.Helper()
	if err := reports.MigrateQueue(context.Background(), db); err != nil {
		t.Fatal(err)
	}
	return db
}

// runPath is the run call of a template.
func runPath(id int64) string {
	return "/resourceful/xmerge/template-v2/" + strconv.FormatInt(id, 10) + "?_method=runasync"
}

func jobPath(id int64) string {
	return "/resourceful/job_queue/completed_job/" + strconv.FormatInt(id, 10)
}

// lastYear is the Portfolio valuation request for the year to the fixture's today.
func lastYear() map[string]any {
	return map[string]any{"variables": map[string]any{"from_date": "2025-01-01", "to_date": "2026-01-01"}}
}

// enqueue runs the template as the instance's caller and returns the job id.
func (in *instance) enqueue(t *testing.T, template int64, body map[string]any) int64 {
	t.Helper()
	code, out := in.call(t, http.MethodPost, runPath(template), body)
	if code != 200 {
		t.Fatalf("run: %d %v", code, out)
	}
	id, ok := out["job_id"].(float64)
	if !ok {
		t.Fatalf("run answered %v", out)
	}
	return int64(id)
}

// status is the job's state as the instance's caller sees it.
func (in *instance) status(t *testing.T, job int64) map[string]any {
	t.Helper()
	code, out := in.call(t, http.MethodGet, jobPath(job), nil)
	if code != 200 {
		t.Fatalf("job %d: %d %v", job, code, out)
	}
	return out
}

// scriptedRender renders as told, one attempt at a time: each attempt announces itself on
// started and waits for its outcome on outcome (nil error: the real PDF).
type scriptedRender struct {
	started chan int
	outcome chan error
	attempt int
}

func newScriptedRender() *scriptedRender {
	return &scriptedRender{started: make(chan int), outcome: make(chan error)}
}

func (s *scriptedRender) render(r reports.Report) ([]byte, error) {
	s.attempt++
	s.started <- s.attempt
	if err := <-s.outcome; err != nil {
		return nil, err
	}
	return reports.RenderPDF(r)
}

// laterRetry schedules the retry an hour away, so a test sees the job wait between its
// attempts and then lets it go on (Client.JobRetry) when it chooses.
type laterRetry struct{}

func (laterRetry) NextRetry(*rivertype.JobRow) time.Time { return time.Now().Add(time.Hour) }

// startWorkers works db's report queue until the test ends.
func startWorkers(t *testing.T, db *store.DB, render func(reports.Report) ([]byte, error)) *reports.Workers {
	t.Helper()
	w, err := reports.StartWorkers(context.Background(), db, reports.WorkerOptions{
		Log: slog.New(slog.DiscardHandler), Now: func() time.Time { return now },
		Branding: func() reports.SiteBranding { return reports.SiteBranding{Colour: "#0b3954"} },
		Render:   render, RetryPolicy: laterRetry{}, PollInterval: 20 * time.Millisecond,
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		w.Stop(ctx)
	})
	return w
}

// waitFor waits for River's event of kind about job (the test's only clock is this guard
// against a hang).
func waitFor(t *testing.T, events <-chan *river.Event, kind river.EventKind, job int64) *river.Event {
	t.Helper()
	guard := time.After(60 * time.Second)
	for {
		select {
		case e := <-events:
			if e.Kind == kind && e.Job.ID == job {
				return e
			}
		case <-guard:
			t.Fatalf("no %s event for job %d", kind, job)
		}
	}
}

// reportDocuments counts the valuation reports filed in the store.
func reportDocuments(t *testing.T, db *store.DB) int {
	t.Helper()
	var n int
	if err := db.QueryRowContext(context.Background(), db.Rebind(`SELECT COUNT(*) FROM docnote WHERE docsubtype = ?`), "Valuation Report").Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

var errBoom = errors.New("render failed")

var _ = sql.ErrNoRows

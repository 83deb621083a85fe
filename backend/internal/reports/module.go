package reports

import (
	"database/sql"
	"encoding/json"
	"errors"
	"strconv"
	"sync"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/riverqueue/river"

	"wealthportal/backend/internal/access"
	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/calc"
	"wealthportal/backend/internal/ratelimit"
	"wealthportal/backend/internal/resourceful"
	"wealthportal/backend/internal/store"
)

// FailedMessage is what the user reads when a report job failed twice (the spec has no text).
const FailedMessage = "Sorry, your valuation report could not be produced. Please try again later. If the problem persists please contact your adviser."

// Job states as job_queue/completed_job answers them.
const (
	StatusQueued  = "queued"
	StatusRunning = "running"
	StatusDone    = "done"
	StatusFailed  = "failed"
)

// Module is the platform's valuation report API. It enqueues jobs through a River client of
// its own that only inserts and reads (no workers: those run in StartWorkers), opened on first
// use so that a platform that never runs a report opens no pool.
type Module struct {
	db      *store.DB
	now     func() time.Time
	limiter *ratelimit.Limiter

	mu     sync.Mutex
	client *river.Client[*sql.Tx]
	pool   *sql.DB // River's own pool when the module opened one (PostgreSQL)
}

// New builds the module over the platform's store; now is the clock and limiter (required)
// limits how often a user runs reports.
func New(db *store.DB, now func() time.Time, limiter *ratelimit.Limiter) (*Module, error) {
	if db == nil || now == nil {
		return nil, errors.New("reports: a store and a clock are required")
	}
	if limiter == nil {
		return nil, errors.New("reports: a rate limiter is required")
	}
	return &Module{db: db, now: now, limiter: limiter}, nil
}

// Register adds the report routes to the authenticated /resourceful group (spec 2 §7).
func (m *Module) Register(r *gin.RouterGroup) {
	r.GET("/xmerge/template-v2", m.handle(m.listTemplates))
	r.POST("/xmerge/template-v2/:id", m.handle(m.run))
	r.GET("/job_queue/completed_job/:id", m.handle(m.job))
}

// Close releases the module's River pool, if it opened one.
func (m *Module) Close() error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.client = nil
	if m.pool != nil {
		err := m.pool.Close()
		m.pool = nil
		return err
	}
	return nil
}

// queue is the module's insert-and-read River client, made on first use.
func (m *Module) queue() (*river.Client[*sql.Tx], error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.client != nil {
		return m.client, nil
	}
	pool, owned, err := queueDB(m.db)
	if err != nil {
		return nil, err
	}
	client, err := newClient(m.db, pool, &river.Config{SkipUnknownJobCheck: true, MaxAttempts: MaxAttempts})
	if err != nil {
		if owned {
			pool.Close()
		}
		return nil, err
	}
	if owned {
		m.pool = pool
	}
	m.client = client
	return client, nil
}

// handle serves an endpoint with its caller and querier (resourceful.Handle).
func (m *Module) handle(fn resourceful.Endpoint) gin.HandlerFunc { return resourceful.Handle(m.db, fn) }

// pathID reads a numeric path parameter; a malformed id answers like a missing one.
func pathID(c *gin.Context) (int64, error) {
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	if err != nil || id <= 0 {
		return 0, apierr.ErrNotFound
	}
	return id, nil
}

// POST /resourceful/xmerge/template-v2/:id?_method=runasync {entityid, group_code, variables}:
// checks the request and enqueues the report; answers {job_id}.
func (m *Module) run(c *gin.Context, q resourceful.Querier, p access.Principal) error {
	ctx := c.Request.Context()
	t := DefaultTemplate(p)
	if c.Param("id") != DefaultTemplateID {
		id, err := pathID(c)
		if err != nil {
			return err
		}
		if t, err = templateFor(ctx, q, p, id); err != nil {
			return err
		}
	}
	params, err := resourceful.ParamsOf(c)
	if err != nil {
		return err
	}
	today, err := m.today(c, q, p)
	if err != nil {
		return err
	}
	args, err := resolve(ctx, q, p, t, params, today)
	if err != nil {
		return err
	}
	// Only runs that will be worked count against the user's write limit.
	if err := m.limiter.Spend(c, ratelimit.WriteKey(p.UserID)); err != nil {
		return err
	}
	client, err := m.queue()
	if err != nil {
		return err
	}
	res, err := client.Insert(ctx, args, &river.InsertOpts{MaxAttempts: MaxAttempts, Queue: queueName})
	if err != nil {
		return err
	}
	resourceful.JSON(c, 200, map[string]any{"job_id": res.Job.ID})
	return nil
}

// DefaultTemplateID names the report behind 'Generate report' (spec 2 §2.6: a client with no
// templates sees that one button): POST xmerge/template-v2/default?_method=runasync.
const DefaultTemplateID = "default"

// DefaultTemplate is the report 'Generate report' runs: the client's whole portfolio since
// its opening, holdings at today.
func DefaultTemplate(p access.Principal) Template {
	return Template{Name: "Valuation report", DateParameters: DateNone, UserType: userTypeOf(p), RequiredSelector: SelectCurrentClient}
}

// today is the caller's civil date in their entity's time zone (UTC when unknown), as the
// performance calls count it.
func (m *Module) today(c *gin.Context, q resourceful.Querier, p access.Principal) (time.Time, error) {
	var zone string
	if err := q.QueryRowContext(c.Request.Context(), `SELECT user_timezone FROM entity WHERE id = ?`, p.EntityID).Scan(&zone); err != nil && !errors.Is(err, sql.ErrNoRows) {
		return time.Time{}, err
	}
	loc, err := time.LoadLocation(zone)
	if err != nil || zone == "" {
		loc = time.UTC
	}
	y, mo, d := m.now().In(loc).Date()
	return calc.Date(y, mo, d), nil
}

// GET /resourceful/job_queue/completed_job/:id: the state of a report job, to the user who ran
// it only (anyone else, and any other kind of job, is answered like a missing one); when done,
// the document and its attachment; when failed, FailedMessage.
func (m *Module) job(c *gin.Context, q resourceful.Querier, p access.Principal) error {
	ctx := c.Request.Context()
	id, err := pathID(c)
	if err != nil {
		return err
	}
	client, err := m.queue()
	if err != nil {
		return err
	}
	row, err := client.JobGet(ctx, id)
	if errors.Is(err, river.ErrNotFound) {
		return apierr.ErrNotFound
	}
	if err != nil {
		return err
	}
	var a Args
	if row.Kind != a.Kind() || json.Unmarshal(row.EncodedArgs, &a) != nil || a.UserID != p.UserID || a.FirmID != p.FirmID {
		return apierr.ErrNotFound
	}
	out := map[string]any{"job_id": row.ID, "status": StatusOf(row.State), "attempt": row.Attempt, "max_attempts": row.MaxAttempts}
	switch out["status"] {
	case StatusDone:
		var docID, partID int64
		var name string
		err := q.QueryRowContext(ctx, `SELECT j.document_id, a.id, a.filename FROM report_job_document j
			JOIN docnote_attachment a ON a.docnote_id = j.document_id WHERE j.job_id = ? AND j.firm_id = ?`, row.ID, p.FirmID).Scan(&docID, &partID, &name)
		if errors.Is(err, sql.ErrNoRows) {
			return apierr.ErrNotFound // the document was deleted since
		}
		if err != nil {
			return err
		}
		out["document_id"], out["attachment_id"], out["file_name"] = docID, partID, name
	case StatusFailed:
		out["message"] = FailedMessage
	}
	resourceful.JSON(c, 200, out)
	return nil
}

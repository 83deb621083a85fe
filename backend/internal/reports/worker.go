package reports

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"regexp"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"wealthportal/backend/internal/messages"
	"wealthportal/backend/internal/resourceful"
	"wealthportal/backend/internal/store"
)

// StatusOf is how job_queue/completed_job names a River state: waiting (also between the
// two attempts) is queued, then running, done or failed.
func StatusOf(s rivertype.JobState) string {
	switch s {
	case rivertype.JobStateRunning:
		return StatusRunning
	case rivertype.JobStateCompleted:
		return StatusDone
	case rivertype.JobStateDiscarded, rivertype.JobStateCancelled:
		return StatusFailed
	}
	return StatusQueued
}

// SiteBranding is what the report takes from the site configuration.
type SiteBranding struct {
	// Colour is branding.colors.primary, #rrggbb.
	Colour string
}

// defaultColour is the report's colour when the site configuration names none.
const defaultColour = "#0b3954"

var hexColour = regexp.MustCompile(`^#[0-9a-fA-F]{6}$`)

// SiteConfigBranding reads the branding from site-config.json: the data directory's when there
// is one (edited without a rebuild), else the web build's (files), as the portal serves it.
// It is read for every report, so an edited configuration applies to the next one.
func SiteConfigBranding(files fs.FS, dataDir string) func() SiteBranding {
	return func() SiteBranding {
		var raw []byte
		if dataDir != "" {
			raw, _ = os.ReadFile(filepath.Join(dataDir, "site-config.json"))
		}
		if raw == nil && files != nil {
			raw, _ = fs.ReadFile(files, "site-config.json")
		}
		var cfg struct {
			Branding struct {
				Colors struct {
					Primary string `json:"primary"`
				} `json:"colors"`
			} `json:"branding"`
		}
		_ = json.Unmarshal(raw, &cfg)
		if c := cfg.Branding.Colors.Primary; hexColour.MatchString(c) {
			return SiteBranding{Colour: c}
		}
		return SiteBranding{Colour: defaultColour}
	}
}

// WorkerOptions are StartWorkers' dependencies and settings.
type WorkerOptions struct {
	Log      *slog.Logger        // required
	Now      func() time.Time    // required: the report's "generated" time and the document's date
	Branding func() SiteBranding // required
	// Render draws the report; nil is RenderPDF.
	Render func(Report) ([]byte, error)
	// Workers is how many reports this process builds at once; 0 is 1 (a report takes a core).
	Workers int
	// RetryPolicy decides when the retry runs; nil is River's back-off (about a second after the
	// first failure).
	RetryPolicy river.ClientRetryPolicy
	// PollInterval is how often idle workers look for jobs; 0 is a second (River's default).
	PollInterval time.Duration
}

// Workers are a process's report workers: a River client working the reports queue.
type Workers struct {
	client *river.Client[*sql.Tx]
	pool   *sql.DB
}

// StartWorkers starts working report jobs in db's queue until Stop. Every portal process that
// holds the platform's store runs them (`portal` embedded, `portal platform`); River hands each
// job to one of them.
func StartWorkers(ctx context.Context, db *store.DB, o WorkerOptions) (*Workers, error) {
	if o.Log == nil || o.Now == nil || o.Branding == nil {
		return nil, errors.New("reports: workers need a logger, a clock and the branding")
	}
	if o.Render == nil {
		o.Render = RenderPDF
	}
	workers := river.NewWorkers()
	if err := river.AddWorkerSafely(workers, &reportWorker{db: db, now: o.Now, branding: o.Branding, render: o.Render, log: o.Log}); err != nil {
		return nil, err
	}
	pool, owned, err := queueDB(db)
	if err != nil {
		return nil, err
	}
	client, err := newClient(db, pool, &river.Config{
		Queues:     map[string]river.QueueConfig{queueName: {MaxWorkers: max(o.Workers, 1)}},
		Workers:    workers,
		JobTimeout: JobTimeout,
		// A job left running by an instance that died is tried again after this long.
		RescueStuckJobsAfter: 2 * JobTimeout,
		MaxAttempts:          MaxAttempts,
		RetryPolicy:          o.RetryPolicy,
		FetchPollInterval:    o.PollInterval,
		FetchCooldown:        min(o.PollInterval, river.FetchCooldownDefault),
		PollOnly:             true,
		// River's own lines carry job ids and errors, never a client's data; warnings and
		// worse are enough in the portal's log.
		Logger: slog.New(leveled{o.Log.Handler(), slog.LevelWarn}),
	})
	if err == nil {
		err = client.Start(ctx)
	}
	if err != nil {
		if owned {
			pool.Close()
		}
		return nil, err
	}
	w := &Workers{client: client}
	if owned {
		w.pool = pool
	}
	return w, nil
}

// Client is the workers' River client (tests subscribe to its events).
func (w *Workers) Client() *river.Client[*sql.Tx] { return w.client }

// Stop lets running reports finish (until ctx ends) and stops working the queue.
func (w *Workers) Stop(ctx context.Context) error {
	err := w.client.Stop(ctx)
	if w.pool != nil {
		err = errors.Join(err, w.pool.Close())
	}
	return err
}

// reportWorker builds one valuation report.
type reportWorker struct {
	river.WorkerDefaults[Args]
	db       *store.DB
	now      func() time.Time
	branding func() SiteBranding
	render   func(Report) ([]byte, error)
	log      *slog.Logger
}

// Timeout bounds one attempt.
func (w *reportWorker) Timeout(*river.Job[Args]) time.Duration { return JobTimeout }

// Work gathers, draws and files the report. The document, its record against the job and the
// job's completion are one transaction: a failure anywhere leaves nothing behind, and River
// retries or fails the job.
func (w *reportWorker) Work(ctx context.Context, job *river.Job[Args]) error {
	err := w.work(ctx, job)
	if err != nil {
		w.log.Warn("valuation report failed", "job_id", job.ID, "attempt", job.Attempt, "err", err)
	}
	return err
}

func (w *reportWorker) work(ctx context.Context, job *river.Job[Args]) error {
	now := w.now()
	r, err := Gather(ctx, w.db, job.Args, now)
	if err != nil {
		return fmt.Errorf("gather: %w", err)
	}
	r.Colour = w.branding().Colour
	pdf, err := w.render(r)
	if err != nil {
		return fmt.Errorf("render: %w", err)
	}
	return w.db.InTx(ctx, func(tx *sql.Tx) error {
		q := resourceful.OnTx(w.db, tx)
		docID, err := messages.StoreSystemDocument(ctx, q, messages.SystemDocument{
			FirmID: job.Args.FirmID, EntityID: job.Args.DocumentEntityID,
			Subject:  DocumentSubject(r),
			Subtype:  messages.SubtypeValuationReport,
			DocType:  "VALUATION",
			Category: "General",
			FileName: "valuation-report-" + job.Args.AsAt + ".pdf", ContentType: "application/pdf", Content: pdf,
		}, now)
		if err != nil {
			return fmt.Errorf("store the document: %w", err)
		}
		if _, err := resourceful.Insert(ctx, q, "report_job_document", []string{"job_id", "firm_id", "document_id", "created_at"},
			job.ID, job.Args.FirmID, docID, store.FormatTime(now)); err != nil {
			return fmt.Errorf("record the document: %w", err)
		}
		return completeTx(ctx, w.db, tx, job)
	})
}

// DocumentSubject is the report's subject in Messages and documents.
func DocumentSubject(r Report) string {
	if r.From.Equal(r.To) || r.From.IsZero() {
		return fmt.Sprintf("%s, %s at %s", r.Title, r.ClientName, longDate(r.AsAt))
	}
	return fmt.Sprintf("%s, %s, %s to %s", r.Title, r.ClientName, longDate(r.From), longDate(r.To))
}

func longDate(t time.Time) string { return t.Format("2 January 2006") }

// leveled drops records below its level.
type leveled struct {
	slog.Handler
	level slog.Level
}

// Enabled reports whether a record of level l is kept.
func (h leveled) Enabled(ctx context.Context, l slog.Level) bool {
	return l >= h.level && h.Handler.Enabled(ctx, l)
}

// WithAttrs keeps the level on derived handlers.
func (h leveled) WithAttrs(attrs []slog.Attr) slog.Handler {
	return leveled{h.Handler.WithAttrs(attrs), h.level}
}

// WithGroup keeps the level on derived handlers.
func (h leveled) WithGroup(name string) slog.Handler {
	return leveled{h.Handler.WithGroup(name), h.level}
}

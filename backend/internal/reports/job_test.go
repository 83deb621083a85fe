package reports_test

import (
	"bytes"
	"context"
	"net/http"
	"testing"

	"github.com/riverqueue/river"

	"wealthportal/backend/internal/reports"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit"
	"wealthportal/backend/internal/testkit/testdb"
)

// A report job is queued until a worker takes it, running while it renders, then done with
// the document it filed in the client's documents: a real PDF, found by its id.
func TestJobQueuedRunningDone(t *testing.T) {
	testkit.EachDB(t, func(t *testing.T, db *store.DB) {
		in := newInstance(t, migrated(t, db))
		eleanor := principal(t, db, "demo.client")
		in.as(eleanor)
		job := in.enqueue(t, templateID(t, db, "Portfolio valuation"), lastYear())
		if s := in.status(t, job); s["status"] != reports.StatusQueued {
			t.Fatalf("before any worker: %v", s)
		}
		render := newScriptedRender()
		w := startWorkers(t, db, render.render)
		events, cancel := w.Client().Subscribe(river.EventKindJobCompleted, river.EventKindJobFailed)
		defer cancel()
		<-render.started
		if s := in.status(t, job); s["status"] != reports.StatusRunning {
			t.Fatalf("while rendering: %v", s)
		}
		render.outcome <- nil
		waitFor(t, events, river.EventKindJobCompleted, job)
		s := in.status(t, job)
		if s["status"] != reports.StatusDone || s["document_id"] == nil || s["attachment_id"] == nil {
			t.Fatalf("after the work: %v", s)
		}
		var entity int64
		var subtype string
		var content []byte
		err := db.QueryRowContext(context.Background(), db.Rebind(`SELECT d.entity_id, d.docsubtype, f.content FROM docnote d
			JOIN docnote_attachment a ON a.docnote_id = d.id JOIN docnote_file f ON f.attachment_id = a.id WHERE d.id = ?`),
			int64(s["document_id"].(float64))).Scan(&entity, &subtype, &content)
		if err != nil {
			t.Fatal(err)
		}
		if entity != eleanor.EntityID || subtype != "Valuation Report" || !bytes.HasPrefix(content, []byte("%PDF")) {
			t.Fatalf("document: entity %d subtype %q starts %q", entity, subtype, content[:min(8, len(content))])
		}
	})
}

// A failed attempt is retried once: between the attempts the job is queued again, and the
// second attempt's document is the only one.
func TestJobRetriedOnce(t *testing.T) {
	testkit.EachDB(t, func(t *testing.T, db *store.DB) {
		in := newInstance(t, migrated(t, db)).as(principal(t, db, "demo.client"))
		render := newScriptedRender()
		w := startWorkers(t, db, render.render)
		events, cancel := w.Client().Subscribe(river.EventKindJobCompleted, river.EventKindJobFailed)
		defer cancel()
		job := in.enqueue(t, templateID(t, db, "Portfolio valuation"), lastYear())
		<-render.started
		render.outcome <- errBoom
		waitFor(t, events, river.EventKindJobFailed, job)
		if s := in.status(t, job); s["status"] != reports.StatusQueued || s["attempt"] != 1.0 {
			t.Fatalf("after the first failure: %v", s)
		}
		if n := reportDocuments(t, db); n != 0 {
			t.Fatalf("%d documents after a failed attempt", n)
		}
		if _, err := w.Client().JobRetry(context.Background(), job); err != nil {
			t.Fatal(err)
		}
		if a := <-render.started; a != 2 {
			t.Fatalf("attempt %d", a)
		}
		render.outcome <- nil
		waitFor(t, events, river.EventKindJobCompleted, job)
		if s := in.status(t, job); s["status"] != reports.StatusDone || s["attempt"] != 2.0 {
			t.Fatalf("after the retry: %v", s)
		}
		if n := reportDocuments(t, db); n != 1 {
			t.Fatalf("%d documents", n)
		}
	})
}

// A job that fails twice is failed, says so in words the user reads, is not tried a third
// time, and leaves no document.
func TestJobFailedAfterTwoAttempts(t *testing.T) {
	testkit.EachDB(t, func(t *testing.T, db *store.DB) {
		in := newInstance(t, migrated(t, db)).as(principal(t, db, "demo.client"))
		render := newScriptedRender()
		w := startWorkers(t, db, render.render)
		events, cancel := w.Client().Subscribe(river.EventKindJobFailed)
		defer cancel()
		job := in.enqueue(t, templateID(t, db, "Portfolio valuation"), lastYear())
		<-render.started
		render.outcome <- errBoom
		waitFor(t, events, river.EventKindJobFailed, job)
		if _, err := w.Client().JobRetry(context.Background(), job); err != nil {
			t.Fatal(err)
		}
		<-render.started
		render.outcome <- errBoom
		e := waitFor(t, events, river.EventKindJobFailed, job)
		if e.Job.State != "discarded" {
			t.Fatalf("after two failures River has it %s", e.Job.State)
		}
		s := in.status(t, job)
		if s["status"] != reports.StatusFailed || s["message"] != reports.FailedMessage || s["attempt"] != 2.0 || s["max_attempts"] != 2.0 {
			t.Fatalf("status %v", s)
		}
		if n := reportDocuments(t, db); n != 0 {
			t.Fatalf("%d documents", n)
		}
	})
}

// The document and the job's completion are one transaction: when recording the document
// fails after it was written, nothing of it stays and the job is not done.
func TestJobLeavesNoHalfWrittenDocument(t *testing.T) {
	testkit.EachDB(t, func(t *testing.T, db *store.DB) {
		in := newInstance(t, migrated(t, db)).as(principal(t, db, "demo.client"))
		testdb.MustExec(t, db, `DROP TABLE report_job_document`)
		render := newScriptedRender()
		w := startWorkers(t, db, render.render)
		events, cancel := w.Client().Subscribe(river.EventKindJobFailed, river.EventKindJobCompleted)
		defer cancel()
		job := in.enqueue(t, templateID(t, db, "Portfolio valuation"), lastYear())
		<-render.started
		render.outcome <- nil
		e := waitFor(t, events, river.EventKindJobFailed, job)
		if e.Job.State == "completed" {
			t.Fatal("completed without its record")
		}
		if n := reportDocuments(t, db); n != 0 {
			t.Fatalf("%d documents after a failed completion", n)
		}
		var files int
		if err := db.QueryRowContext(context.Background(), `SELECT COUNT(*) FROM docnote_file`).Scan(&files); err != nil {
			t.Fatal(err)
		}
		var seeded int
		if err := testkit.SeededDBOn(t, db.Dialect).QueryRowContext(context.Background(), `SELECT COUNT(*) FROM docnote_file`).Scan(&seeded); err != nil {
			t.Fatal(err)
		}
		if files != seeded {
			t.Fatalf("%d attachment files, the demo has %d", files, seeded)
		}
	})
}

// Two processes on one store: a job enqueued through the first is worked by the second's
// workers, and both answer its state and document (on PostgreSQL the scale-out of
// docs/deploy.md; on SQLite two handles on one file).
func TestJobVisibleFromSecondInstance(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, d store.Dialect) {
		first := migrated(t, testkit.SeededDBOn(t, d))
		second := testdb.Reopen(t, first)
		eleanor := principal(t, first, "demo.client")
		a := newInstance(t, first).as(eleanor)
		b := newInstance(t, second).as(eleanor)
		render := newScriptedRender()
		w := startWorkers(t, second, render.render)
		events, cancel := w.Client().Subscribe(river.EventKindJobCompleted)
		defer cancel()
		job := a.enqueue(t, templateID(t, first, "Portfolio valuation"), lastYear())
		<-render.started
		if s := a.status(t, job); s["status"] != reports.StatusRunning {
			t.Fatalf("first instance while the second works: %v", s)
		}
		render.outcome <- nil
		waitFor(t, events, river.EventKindJobCompleted, job)
		sa, sb := a.status(t, job), b.status(t, job)
		if sa["status"] != reports.StatusDone || sa["document_id"] == nil || sa["document_id"] != sb["document_id"] {
			t.Fatalf("first %v, second %v", sa, sb)
		}
	})
}

// Only the user who ran a report sees its job; anyone else gets the answer of a missing job.
func TestJobSeenByItsOwnerOnly(t *testing.T) {
	testkit.EachDB(t, func(t *testing.T, db *store.DB) {
		in := newInstance(t, migrated(t, db))
		job := in.as(principal(t, db, "demo.client")).enqueue(t, templateID(t, db, "Portfolio valuation"), lastYear())
		for _, other := range []string{"demo.assets", "demo.adviser@client"} {
			code, out := in.as(principal(t, db, other)).call(t, http.MethodGet, jobPath(job), nil)
			if code != 404 || out["api_message"] != "Resource Not Found" {
				t.Errorf("%s: %d %v", other, code, out)
			}
		}
		if code, _ := in.as(principal(t, db, "demo.client")).call(t, http.MethodGet, jobPath(job+1000), nil); code != 404 {
			t.Errorf("missing job: %d", code)
		}
	})
}

// Package reports owns the valuation report (spec 2 §2.6, §3 "Valuation report template" and
// "Valuation request", §4, §6, §7, §9; issue 17), both sides of it: the platform's calls under
// /resourceful and the background job that builds the PDF and files it in the client's
// documents (docs/api-contract.md, "Valuation reports (issue 17)").
//
// # Routes (relative to /resourceful, behind the platform's authentication)
//
//	GET  xmerge/template-v2                          the firm's templates for the caller's user type
//	POST xmerge/template-v2/:id?_method=runasync     validates a request, enqueues a job: {job_id}
//	GET  job_queue/completed_job/:id                 the job's state, to the user who ran it only
//
// # Who may run what
//
// A client gets the firm's Client templates, an adviser the Adviser ones (spec 2 §6); a
// template of the other user type or of another firm answers 404 like a missing one. A client
// runs reports on itself and on the related entities it reaches (access.CanReachEntity); an
// adviser only with a client in context, on that client and what it reaches (403 "I am not a
// clientUser and no client in context" without one). An account or account group is checked
// with the portfolio calls' own rules (access.CanReachAccount, portfolio.FindAccountGroup);
// whatever the caller cannot reach answers exactly like a missing id. Runs are limited per
// user (ratelimit.ScopeReport). The finished document goes to the documents of the client
// logged in, or of the adviser's client in context: the person who asked finds it in
// Messages and documents.
//
// # The job queue
//
// Jobs run on River (github.com/riverqueue/river) in the store's own database: riversqlite on
// the embedded SQLite file, riverdatabasesql over a small pgx pool of its own on PostgreSQL (a
// database/sql driver, because the job's completion must share a transaction with the document
// written through the store's database/sql handle; package store's pool turns Go booleans into
// integers, which River's tables do not take, hence the pool of its own). River's tables are
// created at start-up by MigrateQueue (rivermigrate, in a transaction that holds the store's
// migration lock, so instances starting together migrate once). Several instances share the
// queue on PostgreSQL: a job enqueued through one is worked by any and seen by all.
//
// A job is tried at most twice (MaxAttempts 2: one retry, River's back-off). The worker
// reads the selection through package ledger and performance (positions at the as-at date,
// daily values, TWR and IRR by the profit analysis's own rules, calc's allocation), renders the
// PDF (RenderPDF, go-pdf/fpdf) and, in one transaction, files the document
// (messages.StoreSystemDocument), records it against the job and marks the job completed
// (river.JobCompleteTx): a job that fails leaves no document, half-written or whole. A job
// that failed twice is "failed" with FailedMessage.
package reports

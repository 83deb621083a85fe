// Package resourceful holds the wire conventions of the planning platform's "resourceful" API
// (Iress XPLAN style), shared by every endpoint package: parameters flattened in the query or
// form body or sent as JSON, typed values, field selection, paging with bookmarks, JSON
// answers, batch and write transactions.
//
// Endpoint packages read parameters with ParamsOf and its accessors (whose errors are 400s
// naming the parameter; typed Dates may carry a time and a zone and are the date written,
// BigDecimal reads exactly, scientific notation included), page lists with ParsePage and
// Page.SQL (page_bookmark, and page_dir=prev for the page before it, put back in order by
// InPageOrder), trim answers with Select, answer with JSON (exactly "application/json", as
// XPLAN clients require), and run every statement through Q so that a request carrying
// _transaction runs on its transaction's view of the data.
//
// The platform mounts Batch at POST /resourceful (include_subtimings adds each item's time) and
// Transactions under session/transaction (Register): the begin answers the id as a bare JSON
// string, and COMMIT (an HTTP method, or a batch item's method) commits. The items of one
// batch share a Shared (SharedOf), where one item may keep what a later one needs again.
// A write transaction holds no database transaction, connection or lock between requests (an
// open one must never stop other users writing, logins included): it buffers its writes, in
// order, and each of its requests runs in a short database transaction that replays them first
// and is rolled back at the end, so the caller reads its own writes. Commit replays them once
// more and commits; a replayed write that no longer answers as it did (an error, or a created
// item with another id) is a 409 and nothing lands. Modules create rows with Insert, which
// keeps a create's id across the replays on PostgreSQL, whose sequences never hand an id out
// twice; on SQLite a rolled-back id goes to the next writer, so a changed id stays a 409. Transactions are bounded per transaction
// (writes, body bytes), per session and per process, and live five minutes after their last
// use (TransactionIdleTimeout).
package resourceful

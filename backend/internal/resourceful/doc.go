// Package resourceful holds the wire conventions of the planning platform's "resourceful" API
// (Iress XPLAN style), shared by every endpoint package: parameters flattened in the query or
// form body or sent as JSON, typed values, field selection, paging with bookmarks, JSON
// answers, batch and write transactions.
//
// Endpoint packages read parameters with ParamsOf and its accessors (whose errors are 400s
// naming the parameter), page lists with ParsePage and Page.SQL, trim answers with Select, and
// run every statement through Q so that a request carrying _transaction joins its transaction.
// The platform mounts Batch at POST /resourceful and Transactions under session/transaction.
package resourceful

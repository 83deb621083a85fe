// Package firmdata loads a whole firm into the store: its advisers, clients, groups, logins,
// capabilities, feature toggles, portfolios, accounts, securities, prices, FX rates,
// benchmarks and transactions, from one JSON document (docs/import-format.md).
//
// The flow is Parse (JSON with line and column for syntax errors, and every unknown field or
// wrong type by path), Validate (every problem, each with a JSON-path-like location) and Load
// (refuses an invalid firm without touching the store, otherwise writes it in one transaction
// with batched prepared statements). References inside a file are stable string keys; the
// loader assigns the database ids.
//
// Synthetic builds a large, plausible firm deterministically for `portal seed`, and the demo
// firm (package demo) is a Firm loaded through the same Load. Market data (securities, prices,
// FX rates, benchmarks) is shared by every firm in a store: a load adds what is new and
// replaces values for the same security, pair or benchmark and date.
package firmdata

// Package bench holds the platform's benchmarks on a synthetic firm (firmdata.Synthetic):
// profit analysis, the TWRR time series, the adviser's client-list search, a transactions
// page and the dashboard of a 20-account client (the web screen's two batches, as
// docs/api-contract.md lists them: TestDashboardBenchmarkSendsTheScreensCalls), each through the real /resourceful HTTP stack, on SQLite and (when
// PORTAL_TEST_DATABASE_URL names a server) on PostgreSQL, as sub-benchmarks named after the
// dialect. The firm's size comes from PORTAL_BENCH_CLIENTS (default 10,000); the SQLite store is
// cached in the temp directory so repeated runs skip the load, while PostgreSQL is loaded afresh
// into a database of the test binary's own (testdb.Shared), dropped at the end. `make
// bench-smoke` runs them briefly on a small firm; `make bench` (backend/cmd/benchreport) writes
// the figures for 10,000 clients into docs/performance.md.
package bench

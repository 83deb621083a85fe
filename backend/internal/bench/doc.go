// Package bench holds the platform's benchmarks on a synthetic firm (firmdata.Synthetic):
// profit analysis, the TWRR time series, the adviser's client-list search and a transactions
// page, each through the real /resourceful HTTP stack. The firm's size comes from
// PORTAL_BENCH_CLIENTS (default 10,000); the loaded store is cached in the temp directory so
// repeated runs skip the load. `make bench-smoke` runs them briefly on a small firm; the README's
// performance section has the figures for 10,000 clients.
package bench

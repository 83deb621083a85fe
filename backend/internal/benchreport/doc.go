// Package benchreport writes the measured-speed part of docs/performance.md (`make bench`):
// the platform benchmarks of package bench on SQLite and PostgreSQL side by side (parsed from
// `go test -bench` output, the benchfmt text format, custom metrics such as p95-ms included),
// min / median / max over the runs; issue 13's table (Issue13Rows), each row beside its
// reference and target (a row not measured says why); and the load run of package loadrun. The
// part sits between two markers (Begin, End) at the top of the page; the rest of the page (the
// return conventions) is left exactly as it is.
//
// It also runs what issue 13's table needs beside the benchmarks: an authenticated
// GET /xplanapi/session/user against a bare Gin hello-world in the same run (Ratio), the
// portal's cold start on an existing store (ColdStart, the one cold-start tool), and Lighthouse
// on /login, /clients/home and a plain-HTML reference page through web/scripts/lighthouse.mjs
// (RunLighthouse).
package benchreport

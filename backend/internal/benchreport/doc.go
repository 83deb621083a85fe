// Package benchreport writes the measured-speed part of docs/performance.md (`make bench`):
// the platform benchmarks of package bench on SQLite and PostgreSQL side by side (parsed from
// `go test -bench` output, the benchfmt text format), min / median / max over the runs; issue
// 13's table, each row beside its reference and target (a row not measured yet keeps its slot);
// and the load run of package loadrun. The part sits between two markers (Begin, End) at the
// top of the page; the rest of the page (the return conventions) is left exactly as it is.
//
// It also holds the two probes issue 13's table needs beside the benchmarks: an authenticated
// GET /xplanapi/session/user against a bare Gin hello-world in the same run (Ratio), and the
// portal's cold start on an existing store (ColdStart).
package benchreport

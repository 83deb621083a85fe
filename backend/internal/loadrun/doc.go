// Package loadrun is the load run of issue 12: a synthetic firm loaded into a fresh database on
// a loopback PostgreSQL server, two real `portal serve` processes on that one database, and many
// concurrent sessions of mixed traffic spread over both, each logging in through the real login
// API, making the calls a client's home and pages make (or an adviser's client-list search),
// and logging out. It reports requests, requests per second, p50/p95/p99 per kind of call and
// overall, errors by status, each instance's peak memory and CPU time, the PostgreSQL
// connections each instance held and what the server did.
//
// It refuses anything but loopback: the database server and the instances are on this machine,
// and the traffic phase is bounded (MaxDuration). `backend/cmd/loadrun` (`make load`) prints a
// run; `backend/cmd/benchreport` (`make bench`) writes it into docs/performance.md.
//
// Timings are reported, never judged: the only failure is an error (a status other than the
// expected one, a failed batch item, a network error or a request unfinished at the bound).
package loadrun

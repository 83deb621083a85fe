package benchreport

import (
	"fmt"
	"strings"
	"time"

	"wealthportal/backend/internal/loadrun"
)

// Machine is where and when the figures were measured.
type Machine struct {
	CPU        string
	Cores      int
	Go         string
	Date       time.Time
	LoadBefore string // /proc/loadavg when the run began and ended: how shared the machine was
	LoadAfter  string
}

// Row is one row of issue 13's table: what, the figure measured, what it was measured against,
// and the target. A row not measured yet says so in Measured and keeps its place.
type Row struct{ What, Measured, Reference, Target string }

// Page is everything the generated part shows.
type Page struct {
	Machine   Machine
	Clients   int
	Count     int    // runs of each benchmark
	Benchtime string // calls per run, as -benchtime gave it
	Bench     Results
	Issue13   []Row
	Load      *loadrun.Report // nil when the load run did not run
	LoadError string          // why the load run has no figures, or failed
}

// benchLabels describe the benchmarks of package bench, by name.
var benchLabels = map[string]string{
	"BenchmarkProfitAnalysis":        "Profit analysis, one year, TWRR and IRR, all of a client's accounts",
	"BenchmarkTimeSeries":            "TWRR time series of an account since inception (up to 5 years)",
	"BenchmarkClientListSearch":      "Client-list search by surname, first page of 20 (an adviser's book)",
	"BenchmarkTransactionsPage":      "Transactions page of 50, newest first",
	"BenchmarkDashboard20Accounts":   "A 20-account client's home: its two batch round trips (p95 in issue 13's table)",
	"BenchmarkClientListSearchTyped": "Client-list search as the adviser types: the searches of one typing, one after another",
	"BenchmarkMessagesFirstPage":     "Messages page of a client with 5,000 messages: folder counts and the Inbox's first 50, as the client (target ≤ 50 ms p95)",
	"BenchmarkValuationReport":       "Valuation report of 200 holdings and 2,000 transactions over a year, cold: gathered and drawn as a PDF (issue 17: under 5 s)",
}

// Duration formats a time per call: milliseconds, with more digits when small.
func Duration(d time.Duration) string {
	v := float64(d) / float64(time.Millisecond)
	switch {
	case v < 1:
		return fmt.Sprintf("%.2f", v)
	case v < 100:
		return fmt.Sprintf("%.1f", v)
	}
	return fmt.Sprintf("%.0f", v)
}

// spreadMS is "min / median / max ms" (one figure when there was one run).
func spreadMS(runs []time.Duration) string {
	s := SpreadOf(runs)
	switch s.N {
	case 0:
		return "not run"
	case 1:
		return Duration(s.Median) + " ms"
	}
	return fmt.Sprintf("%s / %s / %s ms", Duration(s.Min), Duration(s.Median), Duration(s.Max))
}

// benchTable is one row per benchmark, one column per store.
func (p Page) benchTable() string {
	var bases []string
	has := map[string]bool{}
	for _, name := range p.Bench.Names {
		base, _, _ := strings.Cut(name, "/")
		if !has[base] {
			has[base] = true
			bases = append(bases, base)
		}
	}
	var b strings.Builder
	b.WriteString("| call | SQLite | PostgreSQL |\n|---|---:|---:|\n")
	for _, base := range bases {
		label := benchLabels[base]
		if label == "" {
			label = base
		}
		fmt.Fprintf(&b, "| %s | %s | %s |\n", label, spreadMS(p.Bench.Runs[base+"/sqlite"]), spreadMS(p.Bench.Runs[base+"/postgres"]))
	}
	return b.String()
}

// Markdown is the generated part of docs/performance.md.
func (p Page) Markdown() string {
	var b strings.Builder
	m := p.Machine
	b.WriteString("# Measured speed\n\n")
	fmt.Fprintf(&b, "Written by `make bench` on %s: %s, %d cores, %s, Linux. Load average (1, 5, 15 min) %s when the run began and %s when it ended: ",
		m.Date.Format("2006-01-02"), m.CPU, m.Cores, m.Go, m.LoadBefore, m.LoadAfter)
	b.WriteString("the machine is shared with other work, so read ratios and orders of magnitude rather than the last digit. ")
	b.WriteString("The PostgreSQL figures are from a throwaway local cluster (`scripts/pg-test-cluster.sh`: fsync and synchronous commit off), not a tuned server.\n\n")

	b.WriteString("## Issue 13's table\n\n")
	b.WriteString("| what | measured (min / median / max) | reference, same run | target |\n|---|---|---|---|\n")
	for _, r := range p.Issue13 {
		fmt.Fprintf(&b, "| %s | %s | %s | %s |\n", r.What, r.Measured, r.Reference, r.Target)
	}

	fmt.Fprintf(&b, "\n## Platform calls on both stores\n\nThe benchmarks of `backend/internal/bench` on the synthetic firm of %d clients (`firmdata.Synthetic`), each call through the real `/resourceful` HTTP stack in process, as adviser1; time per call, min / median / max of %d runs of %s calls, the two stores alternating.\n\n",
		p.Clients, p.Count, strings.TrimSuffix(p.Benchtime, "x"))
	b.WriteString(p.benchTable())

	b.WriteString("\n## Load run: several instances on one PostgreSQL\n\n")
	switch {
	case p.Load != nil:
		b.WriteString("`make load` (`backend/cmd/loadrun`): a fresh database on the local cluster, the firm loaded through `firmdata.Load` (as `portal seed`), two `bin/portal serve` processes on it, each session a client (nine in ten: Portfolio access, no second factor) or an adviser. " +
			"A client's round: the home's two batches (client record, group, access choices, portfolios, accounts; then the year's profit analysis and the first portfolio's series), three account pages (transactions, positions, the TWRR series since opening, a year's profit analysis). An adviser's: two client-list searches by surnames of their book, a client's profit analysis. How sessions start, pause and log in is the report's first paragraph below. Latencies are measured by the driver, which runs on the same 2 cores.\n\n")
		b.WriteString(p.Load.Markdown())
		if p.LoadError != "" {
			b.WriteString("\n" + p.LoadError + "\n")
		}
	case p.LoadError != "":
		b.WriteString("Not measured: " + p.LoadError + "\n")
	default:
		b.WriteString("Not run.\n")
	}
	return b.String()
}

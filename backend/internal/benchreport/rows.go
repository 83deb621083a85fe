package benchreport

import (
	"fmt"
	"strings"
	"time"
)

// Probes are what a run measured besides the benchmarks and the load run; a nil figure with
// its error says why it is missing.
type Probes struct {
	Ratio         *RatioResult
	ColdStart     []time.Duration
	ProbeErr      error // why Ratio or ColdStart is missing
	Lighthouse    *Lighthouse
	LighthouseErr error // why Lighthouse is missing
}

// dashboardBench is the benchmark behind the dashboard row; its p95 is a custom metric.
const dashboardBench = "BenchmarkDashboard20Accounts"

// messagesBench is the benchmark behind issue 16's messages row (p95 a custom metric too).
const messagesBench = "BenchmarkMessagesFirstPage"

// Issue13Rows is issue 13's table as far as this run measured it, in the issue's order, with
// issue 16's messages row after the dashboard's; a row not measured says why in its Measured
// column, never a blank.
func Issue13Rows(p Page, m Probes) []Row {
	notMeasured := "not measured yet"
	if m.ProbeErr != nil {
		notMeasured = "not measured: " + m.ProbeErr.Error()
	}
	share := Row{What: "authenticated `GET /xplanapi/session/user`, req/s as a share of a bare Gin hello-world",
		Measured: notMeasured, Reference: "bare Gin `GET /hello`", Target: "≥ 50 %"}
	if r := m.Ratio; r != nil {
		s, pr, gr := SpreadOf(r.Shares), SpreadOf(r.Portal), SpreadOf(r.Gin)
		share.Measured = fmt.Sprintf("%.1f / %.1f / %.1f %% (%d alternating rounds; session/user %.0f / %.0f / %.0f req/s)", s.Min, s.Median, s.Max, s.N, pr.Min, pr.Median, pr.Max)
		share.Reference = fmt.Sprintf("bare Gin `GET /hello`: %.0f / %.0f / %.0f req/s; 16 keep-alive connections each, embedded mode on SQLite, demo.client", gr.Min, gr.Median, gr.Max)
	}
	dashboard := Row{What: "dashboard data of a 20-account client on the 10,000-client firm (2 batch round trips), server p95",
		Measured: "not run", Reference: "`" + dashboardBench + "`: the home's two batches in process, as adviser1 with the client in context", Target: "≤ 50 ms"}
	if sq, pg := p.Bench.Metric(dashboardBench+"/sqlite", "p95-ms"), p.Bench.Metric(dashboardBench+"/postgres", "p95-ms"); len(sq)+len(pg) > 0 {
		dashboard.Measured = spreadFloatMS(sq) + " SQLite; " + spreadFloatMS(pg) + " PostgreSQL (p95 of each run's calls)"
		dashboard.Reference += fmt.Sprintf("; mean of the pair %s SQLite, %s PostgreSQL", spreadMS(p.Bench.Runs[dashboardBench+"/sqlite"]), spreadMS(p.Bench.Runs[dashboardBench+"/postgres"]))
	}
	messages := Row{What: "messages page (issue 16): folder counts and the Inbox's first 50 of a client with 5,000 messages, on the 10,000-client firm, server p95",
		Measured: "not run", Reference: "`" + messagesBench + "`: the page's four list calls in process, as the client", Target: "≤ 50 ms"}
	if sq, pg := p.Bench.Metric(messagesBench+"/sqlite", "p95-ms"), p.Bench.Metric(messagesBench+"/postgres", "p95-ms"); len(sq)+len(pg) > 0 {
		messages.Measured = spreadFloatMS(sq) + " SQLite; " + spreadFloatMS(pg) + " PostgreSQL (p95 of each run's calls)"
		messages.Reference += fmt.Sprintf("; time per screen %s SQLite, %s PostgreSQL", spreadMS(p.Bench.Runs[messagesBench+"/sqlite"]), spreadMS(p.Bench.Runs[messagesBench+"/postgres"]))
	}
	series := Row{What: "5-year daily TWRR series of one account", Measured: "not run",
		Reference: "`BenchmarkTimeSeries`: adviser1's busiest account, since opening, at the API's default frequency", Target: "≤ 20 ms"}
	if runs := p.Bench.Runs["BenchmarkTimeSeries/sqlite"]; len(runs) > 0 {
		series.Measured = spreadMS(runs) + " SQLite; " + spreadMS(p.Bench.Runs["BenchmarkTimeSeries/postgres"]) + " PostgreSQL"
	}
	login, home := lighthouseRows(m)
	load := Row{What: fmt.Sprintf("%d concurrent sessions, mixed traffic, %d cores", 200, p.Machine.Cores),
		Measured: "not run", Reference: "the load run below", Target: "0 errors; p95 < 300 ms"}
	if p.Load != nil {
		load.What = fmt.Sprintf("%d concurrent sessions, mixed traffic, %d cores", p.Load.Sessions, p.Load.Cores)
		load.Measured = fmt.Sprintf("%d errors; p95 %s (one run)", p.Load.ErrorCount(), Duration(p.Load.Overall.P95)+" ms")
		load.Reference = fmt.Sprintf("two instances on one PostgreSQL; machine shared (load average %s before, %s after)", p.Machine.LoadBefore, p.Machine.LoadAfter)
	}
	start := Row{What: "cold start on an existing store", Measured: notMeasured,
		Reference: "`portal serve` started to the first 200 of `/readyz`, SQLite store with the demo firm", Target: "< 100 ms"}
	if len(m.ColdStart) > 0 {
		start.Measured = spreadMS(m.ColdStart) + fmt.Sprintf(" (%d starts)", len(m.ColdStart))
	}
	return []Row{share, dashboard, messages, series, login, home, load, start}
}

// lighthouseRows are the /login and /clients/home rows, each beside the reference page's
// figures of the same run.
func lighthouseRows(m Probes) (login, home Row) {
	login = Row{What: "Lighthouse mobile on /login (simulated throttling): performance / best practices",
		Reference: "a plain-HTML reference page", Target: "≥ 98 / 100"}
	home = Row{What: "Lighthouse mobile on /clients/home signed in", Reference: "a plain-HTML reference page", Target: "≥ 95"}
	why := "not measured: the Lighthouse script did not run"
	if m.LighthouseErr != nil {
		why = "not measured: " + m.LighthouseErr.Error()
	}
	l := m.Lighthouse
	runs := ""
	switch {
	case l != nil && l.Runs == 1:
		runs = " (one run)"
	case l != nil:
		runs = fmt.Sprintf(" (median of %d runs)", l.Runs)
	}
	if ref := l.Page("reference"); ref != nil {
		f := ref.Median
		refText := fmt.Sprintf("plain-HTML reference page: %s / %s; TBT %s ms, CLS %s", score(f.Performance), score(f.BestPractices), score(f.TBTMs), clsText(f.CLS))
		login.Reference, home.Reference = refText, refText
	}
	login.Measured, home.Measured = why, why
	if pg := l.Page("login"); pg != nil {
		f := pg.Median
		login.Measured = fmt.Sprintf("%s / %s%s; TBT %s ms, CLS %s%s", score(f.Performance), score(f.BestPractices), runs, score(f.TBTMs), clsText(f.CLS), failed(pg.FailedAudits))
	}
	if pg := l.Page("clients-home"); pg != nil {
		f := pg.Median
		home.Measured = fmt.Sprintf("%s%s; TBT %s ms, CLS %s; best practices %s%s", score(f.Performance), runs, score(f.TBTMs), clsText(f.CLS), score(f.BestPractices), failed(pg.FailedAudits))
	}
	return login, home
}

// score prints a median as an integer unless it fell between two.
func score(v float64) string {
	return strings.TrimSuffix(fmt.Sprintf("%.1f", v), ".0")
}

func clsText(v float64) string { return fmt.Sprintf("%.3f", v) }

// failed names the audits that failed in some run, so a best-practices score below 100 says why.
func failed(ids []string) string {
	if len(ids) == 0 {
		return ""
	}
	return "; failed: " + strings.Join(ids, ", ")
}

// spreadFloatMS is "min / median / max ms" of a metric already in milliseconds.
func spreadFloatMS(values []float64) string {
	s := SpreadOf(values)
	switch s.N {
	case 0:
		return "not run"
	case 1:
		return Duration(msDuration(s.Median)) + " ms"
	}
	return fmt.Sprintf("%s / %s / %s ms", Duration(msDuration(s.Min)), Duration(msDuration(s.Median)), Duration(msDuration(s.Max)))
}

func msDuration(ms float64) time.Duration { return time.Duration(ms * float64(time.Millisecond)) }

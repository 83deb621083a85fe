package benchreport

import (
	"errors"
	"strings"
	"testing"
)

// A report as web/scripts/lighthouse.mjs prints it, written by hand (medians of 3 runs).
const lighthouseSample = `{
  "tool": "lighthouse", "version": "12.8.2", "formFactor": "mobile", "throttling": "simulate", "runs": 3,
  "chromium": "Chromium 156.0.1",
  "pages": [
    {"name": "login", "path": "/login", "median": {"performance": 99, "bestPractices": 100, "accessibility": 100, "cls": 0, "tbtMs": 40, "fcpMs": 1200, "lcpMs": 1500},
     "runs": [], "failedAudits": []},
    {"name": "clients-home", "path": "/clients/home", "median": {"performance": 93.5, "bestPractices": 96, "accessibility": 98, "cls": 0.012, "tbtMs": 210, "fcpMs": 1800, "lcpMs": 2600},
     "runs": [], "failedAudits": ["errors-in-console"]},
    {"name": "reference", "path": "/", "median": {"performance": 100, "bestPractices": 100, "accessibility": 100, "cls": 0, "tbtMs": 0, "fcpMs": 800, "lcpMs": 800},
     "runs": [], "failedAudits": []}
  ]
}`

func rowOf(t *testing.T, rows []Row, prefix string) Row {
	t.Helper()
	for _, r := range rows {
		if strings.HasPrefix(r.What, prefix) {
			return r
		}
	}
	t.Fatalf("no row %q", prefix)
	return Row{}
}

// The dashboard row reads the p95-ms metric of both stores' runs, beside the mean per pair.
func TestIssue13DashboardRow(t *testing.T) {
	res, err := Parse(strings.NewReader(sampleWithMetrics))
	if err != nil {
		t.Fatal(err)
	}
	r := rowOf(t, Issue13Rows(Page{Bench: res}, Probes{}), "dashboard data")
	// sampleWithMetrics: SQLite p95 38.00 / 40.75 / 42.50, PostgreSQL 55.50 / 61.25 / 70.00;
	// means 29 / 30 / 31 ms and 45 / 46 / 47 ms. One decimal rounds an exact half to even:
	// 40.75 → 40.8, 61.25 → 61.2.
	if want := "38.0 / 40.8 / 42.5 ms SQLite; 55.5 / 61.2 / 70.0 ms PostgreSQL (p95 of each run's calls)"; r.Measured != want {
		t.Errorf("measured %q, want %q", r.Measured, want)
	}
	if !strings.Contains(r.Reference, "mean of the pair 29.0 / 30.0 / 31.0 ms SQLite, 45.0 / 46.0 / 47.0 ms PostgreSQL") {
		t.Errorf("reference %q", r.Reference)
	}
	// Without the benchmark in the output the row says so.
	if r := rowOf(t, Issue13Rows(Page{}, Probes{}), "dashboard data"); r.Measured != "not run" {
		t.Errorf("without the benchmark: %q", r.Measured)
	}
}

// Both Lighthouse rows carry the portal's medians and the reference page's beside them.
func TestIssue13LighthouseRows(t *testing.T) {
	l, err := ParseLighthouse(strings.NewReader(lighthouseSample))
	if err != nil {
		t.Fatal(err)
	}
	rows := Issue13Rows(Page{}, Probes{Lighthouse: l})
	login, home := rowOf(t, rows, "Lighthouse mobile on /login"), rowOf(t, rows, "Lighthouse mobile on /clients/home")
	if want := "99 / 100 (median of 3 runs); TBT 40 ms, CLS 0.000"; login.Measured != want {
		t.Errorf("login %q, want %q", login.Measured, want)
	}
	// A median between two integers keeps its half; failed audits are named.
	if want := "93.5 (median of 3 runs); TBT 210 ms, CLS 0.012; best practices 96; failed: errors-in-console"; home.Measured != want {
		t.Errorf("home %q, want %q", home.Measured, want)
	}
	ref := "plain-HTML reference page: 100 / 100; TBT 0 ms, CLS 0.000"
	if login.Reference != ref || home.Reference != ref {
		t.Errorf("references %q, %q", login.Reference, home.Reference)
	}
}

// When Lighthouse could not run, both rows say why; never a blank.
func TestIssue13LighthouseRowsSayWhyNot(t *testing.T) {
	rows := Issue13Rows(Page{}, Probes{LighthouseErr: errors.New("Lighthouse needs Chromium at /usr/bin/chromium, which is missing")})
	for _, prefix := range []string{"Lighthouse mobile on /login", "Lighthouse mobile on /clients/home"} {
		if r := rowOf(t, rows, prefix); r.Measured != "not measured: Lighthouse needs Chromium at /usr/bin/chromium, which is missing" {
			t.Errorf("%s: %q", prefix, r.Measured)
		}
	}
	for _, r := range Issue13Rows(Page{}, Probes{}) {
		if strings.TrimSpace(r.Measured) == "" || strings.TrimSpace(r.Reference) == "" {
			t.Errorf("a blank in %+v", r)
		}
	}
}

// Issue 16's messages row reads BenchmarkMessagesFirstPage's p95-ms on both stores, with the
// issue's target; without the benchmark it says "not run".
func TestIssue16MessagesRow(t *testing.T) {
	res, err := Parse(strings.NewReader(`BenchmarkMessagesFirstPage/sqlite-2     	      20	   5000000 ns/op	         3.80 p50-ms	        12.20 p95-ms
BenchmarkMessagesFirstPage/postgres-2   	      20	   9000000 ns/op	         8.00 p50-ms	        20.00 p95-ms
BenchmarkMessagesFirstPage/sqlite-2     	      20	   6000000 ns/op	         4.00 p50-ms	        10.40 p95-ms
BenchmarkMessagesFirstPage/postgres-2   	      20	   8000000 ns/op	         7.00 p50-ms	        18.60 p95-ms
BenchmarkMessagesFirstPage/sqlite-2     	      20	   7000000 ns/op	         4.10 p50-ms	        11.00 p95-ms
BenchmarkMessagesFirstPage/postgres-2   	      20	  10000000 ns/op	         7.50 p50-ms	        19.00 p95-ms
`))
	if err != nil {
		t.Fatal(err)
	}
	r := rowOf(t, Issue13Rows(Page{Bench: res}, Probes{}), "messages page (issue 16)")
	// Three runs each, sorted: SQLite p95 10.4 / 11.0 / 12.2, PostgreSQL 18.6 / 19.0 / 20.0;
	// time per screen 5 / 6 / 7 ms and 8 / 9 / 10 ms.
	if want := "10.4 / 11.0 / 12.2 ms SQLite; 18.6 / 19.0 / 20.0 ms PostgreSQL (p95 of each run's calls)"; r.Measured != want {
		t.Errorf("measured %q, want %q", r.Measured, want)
	}
	if r.Target != "≤ 50 ms" {
		t.Errorf("target %q", r.Target)
	}
	if !strings.Contains(r.Reference, "BenchmarkMessagesFirstPage") || !strings.Contains(r.Reference, "5.0 / 6.0 / 7.0 ms SQLite, 8.0 / 9.0 / 10.0 ms PostgreSQL") {
		t.Errorf("reference %q", r.Reference)
	}
	if r := rowOf(t, Issue13Rows(Page{}, Probes{}), "messages page (issue 16)"); r.Measured != "not run" {
		t.Errorf("without the benchmark: %q", r.Measured)
	}
}

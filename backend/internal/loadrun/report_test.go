package loadrun

import (
	"strings"
	"testing"
	"time"
)

// Worked by hand: 1,000 requests in 10 s are 100 req/s; the instances used 3 s + 2 s of CPU, so
// 1,000 / 5 = 200 requests per portal CPU-second, and with PostgreSQL's 5 s, 1,000 / 10 = 100.
// 2 + 1 errors are 3, listed most frequent first. Cost 10 against the portal's 12 is 2 steps of
// doubling: a firm's login does 2² = 4 times this run's work.
func TestReportFigures(t *testing.T) {
	r := &Report{Clients: 10000, Sessions: 200, Instances: 2, RateLimits: RateLimits, LoadTime: time.Minute,
		Elapsed: 10 * time.Second, Requests: 1000, PostgresCPU: 5 * time.Second, Commits: 2500,
		Shape:        Shape{Ramp: 12 * time.Second, ThinkMin: 500 * time.Millisecond, ThinkMax: 2 * time.Second, Seed: 1},
		PasswordCost: 10, PortalPasswordCost: 12,
		AllButLogins: Latencies{Kind: "all but logins", Requests: 900, P50: 4 * time.Millisecond, P95: 90 * time.Millisecond, P99: 200 * time.Millisecond, Max: time.Second},
		Overall:      Latencies{Kind: "all", Requests: 997, P50: 5 * time.Millisecond, P95: 120 * time.Millisecond, P99: 250 * time.Millisecond, Max: time.Second},
		Errors:       map[ErrorKey]int{{kindLogin, "429"}: 2, {kindHome1, "batch item 404"}: 1},
		PerInstance: []InstanceStats{
			{Name: "portal-a", PeakRSS: 64 << 20, CPU: 3 * time.Second, PeakConnections: 16, PeakActive: 9},
			{Name: "portal-b", PeakRSS: 80 << 20, CPU: 2 * time.Second, PeakConnections: 12, PeakActive: 7},
		}}
	if r.ErrorCount() != 3 || r.RequestsPerSecond() != 100 {
		t.Fatalf("errors %d, req/s %v", r.ErrorCount(), r.RequestsPerSecond())
	}
	if portal, both := r.PerCPUSecond(); portal != 200 || both != 100 {
		t.Fatalf("per CPU-second %v, %v", portal, both)
	}
	md := r.Markdown()
	for _, want := range []string{
		"**1000 requests, 100 req/s, 3 errors.**",
		"| **all but logins** | 900 | 4.0 ms | 90 ms | 200 ms | 1000 ms |\n| **all** | 997 | 5.0 ms | 120 ms | 250 ms | 1000 ms |",
		"drawn uniformly from the first 12s of the run, logs in once",
		"a pause drawn uniformly from 500ms–2s",
		"seed 1",
		"bcrypt hash of cost 10; the portal stores passwords at cost 12",
		"a firm's login costs 4× this run's",
		"| portal-a | 64 MiB | 3.0 s | 16 / 9 |",
		"2500 commits (250/s)",
		"200 of the portal processes, 100 of portal and PostgreSQL together",
		"- 2 × login: 429\n- 1 × home batch 1: batch item 404\n",
		"`PORTAL_RATE_LIMITS=address=1000000/15m/15m`",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("missing %q in\n%s", want, md)
		}
	}
}

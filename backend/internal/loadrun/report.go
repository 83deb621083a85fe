package loadrun

import (
	"fmt"
	"slices"
	"strings"
	"time"
)

// Report is what a run measured. Latencies are of the requests that got their expected
// answer; the failed ones are counted in Errors.
type Report struct {
	Clients, Sessions, Instances int
	Cores                        int
	RateLimits                   string
	LoadTime                     time.Duration // loading the firm into PostgreSQL
	Elapsed                      time.Duration // the traffic phase, until the last request ended
	Requests                     int
	Kinds                        []Latencies
	// AllButLogins are every request but the logins (whose bcrypt check dominates their time);
	// Overall is every request.
	AllButLogins Latencies
	Overall      Latencies
	// Shape is how the traffic arrived.
	Shape Shape
	// PasswordCost is the bcrypt cost of the synthetic logins' password; PortalPasswordCost the
	// portal's default for stored passwords (PasswordCosts).
	PasswordCost, PortalPasswordCost int
	Errors                           map[ErrorKey]int
	PerInstance                      []InstanceStats
	PostgresCPU                      time.Duration // zero when it could not be read
	Commits, Rollbacks               int64
}

// ErrorKey is one kind of failure: the kind of call and the status it got (or what went wrong).
type ErrorKey struct{ Kind, Status string }

// InstanceStats is one portal process during the traffic phase.
type InstanceStats struct {
	Name                        string
	PeakRSS                     int64         // bytes, VmHWM (since the process started)
	CPU                         time.Duration // user + system time used during the traffic
	PeakConnections, PeakActive int           // PostgreSQL connections held, and running a statement, at the busiest sample
}

// ErrorCount is the number of failed requests.
func (r *Report) ErrorCount() int {
	n := 0
	for _, c := range r.Errors {
		n += c
	}
	return n
}

// RequestsPerSecond is the run's throughput over the traffic phase.
func (r *Report) RequestsPerSecond() float64 {
	if r.Elapsed <= 0 {
		return 0
	}
	return float64(r.Requests) / r.Elapsed.Seconds()
}

// portalCPU is the CPU time the instances used together.
func (r *Report) portalCPU() time.Duration {
	var d time.Duration
	for _, in := range r.PerInstance {
		d += in.CPU
	}
	return d
}

// PerCPUSecond is requests per CPU-second of the portal processes alone, and of the portal and
// PostgreSQL together (zero when PostgreSQL's time could not be read): what one core carries
// when it does nothing else, which a machine shared with other work cannot show as req/s.
func (r *Report) PerCPUSecond() (portal, withPostgres float64) {
	if c := r.portalCPU(); c > 0 {
		portal = float64(r.Requests) / c.Seconds()
	}
	if r.PostgresCPU > 0 {
		withPostgres = float64(r.Requests) / (r.portalCPU() + r.PostgresCPU).Seconds()
	}
	return portal, withPostgres
}

// ms formats a duration in milliseconds, to one decimal under 10 ms.
func ms(d time.Duration) string {
	v := float64(d) / float64(time.Millisecond)
	if v < 10 {
		return fmt.Sprintf("%.1f ms", v)
	}
	return fmt.Sprintf("%.0f ms", v)
}

func mib(b int64) string { return fmt.Sprintf("%.0f MiB", float64(b)/(1<<20)) }

// errorLines lists the errors, most frequent first.
func (r *Report) errorLines() []string {
	var lines []string
	keys := make([]ErrorKey, 0, len(r.Errors))
	for k := range r.Errors {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b ErrorKey) int {
		if r.Errors[a] != r.Errors[b] {
			return r.Errors[b] - r.Errors[a]
		}
		return strings.Compare(a.Kind+a.Status, b.Kind+b.Status)
	})
	for _, k := range keys {
		lines = append(lines, fmt.Sprintf("%d × %s: %s", r.Errors[k], k.Kind, k.Status))
	}
	return lines
}

// Markdown is the run as tables, for docs/performance.md and the terminal alike.
func (r *Report) Markdown() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d sessions for %s against %d instances on one PostgreSQL, synthetic firm of %d clients (loaded in %s). "+
		"Instances run with `PORTAL_RATE_LIMITS=%s`: every login comes from one loopback address.\n\n",
		r.Sessions, r.Elapsed.Round(100*time.Millisecond), r.Instances, r.Clients, r.LoadTime.Round(time.Second), r.RateLimits)
	b.WriteString(r.ShapeText() + "\n\n")
	fmt.Fprintf(&b, "**%d requests, %.0f req/s, %d errors.**\n\n", r.Requests, r.RequestsPerSecond(), r.ErrorCount())
	b.WriteString("| call | requests | p50 | p95 | p99 | max |\n|---|---:|---:|---:|---:|---:|\n")
	for _, l := range append(slices.Clone(r.Kinds), r.AllButLogins, r.Overall) {
		name := l.Kind
		if name == "all" || name == "all but logins" {
			name = "**" + name + "**"
		}
		fmt.Fprintf(&b, "| %s | %d | %s | %s | %s | %s |\n", name, l.Requests, ms(l.P50), ms(l.P95), ms(l.P99), ms(l.Max))
	}
	b.WriteString("\n| instance | peak RSS | CPU during the run | PostgreSQL connections (peak / busy at once), pool 16 |\n|---|---:|---:|---:|\n")
	for _, in := range r.PerInstance {
		fmt.Fprintf(&b, "| %s | %s | %.1f s | %d / %d |\n", in.Name, mib(in.PeakRSS), in.CPU.Seconds(), in.PeakConnections, in.PeakActive)
	}
	portal, withPG := r.PerCPUSecond()
	pg := "not readable"
	if r.PostgresCPU > 0 {
		pg = fmt.Sprintf("%.1f s", r.PostgresCPU.Seconds())
	}
	fmt.Fprintf(&b, "\nPostgreSQL: %d commits (%.0f/s), %d rollbacks, CPU %s. Requests per CPU-second: %.0f of the portal processes",
		r.Commits, float64(r.Commits)/max(r.Elapsed.Seconds(), 1e-9), r.Rollbacks, pg, portal)
	if withPG > 0 {
		fmt.Fprintf(&b, ", %.0f of portal and PostgreSQL together", withPG)
	}
	b.WriteString(".\n")
	if lines := r.errorLines(); len(lines) > 0 {
		b.WriteString("\nErrors:\n")
		for _, l := range lines {
			b.WriteString("- " + l + "\n")
		}
	}
	return b.String()
}

// ShapeText says how the traffic arrived and what a login cost, in the report's words.
func (r *Report) ShapeText() string {
	sh := r.Shape
	text := fmt.Sprintf("Traffic: each session starts at a time drawn uniformly from the first %s of the run, logs in once, "+
		"asks for session/user, then makes rounds of its pages (a client: the home's two batches and three account pages; "+
		"an adviser: two client searches and a client's profit analysis), each request after a pause drawn uniformly from "+
		"%s–%s, until the run ends, then logs out after one more pause; the draws come from seed %d, so every run has the same "+
		"starts and pauses. Requests of a session alternate between the instances.",
		sh.Ramp, sh.ThinkMin, sh.ThinkMax, sh.Seed)
	if r.PasswordCost > 0 {
		text += fmt.Sprintf(" The synthetic logins' password is a bcrypt hash of cost %d; the portal stores passwords at cost %d "+
			"by default (PORTAL_PASSWORD_HASH_COST), each step of cost doubling the work, so a firm's login costs %d× this run's.",
			r.PasswordCost, r.PortalPasswordCost, 1<<max(0, r.PortalPasswordCost-r.PasswordCost))
	}
	return text
}

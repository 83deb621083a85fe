// Command benchreport is `make bench`: it runs the platform benchmarks (package bench) on
// SQLite and PostgreSQL, the session/user versus bare Gin probe, the cold-start probe,
// Lighthouse (web/scripts/lighthouse.mjs, in Debian's Chromium) and the load run (package
// loadrun), prints every row beside its reference and target, and writes them
// into docs/performance.md between its markers (package benchreport). Run it under
// scripts/pg-test-cluster.sh, which provides the PostgreSQL server:
//
//	bash scripts/pg-test-cluster.sh go run ./backend/cmd/benchreport
//
// `benchreport hello-gin` is the bare Gin hello-world the probe compares against.
package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"runtime"
	"strings"
	"syscall"
	"time"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/benchreport"
	"wealthportal/backend/internal/loadrun"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	var err error
	if len(os.Args) > 1 && os.Args[1] == "hello-gin" {
		err = helloGin(ctx, os.Stdout)
	} else {
		err = run(ctx, os.Args[1:], os.Getenv, os.Stdout, os.Stderr)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "benchreport:", err)
		os.Exit(1)
	}
}

// helloGin serves GET /hello with a bare Gin engine (no middleware) on a free loopback port.
func helloGin(ctx context.Context, stdout io.Writer) error {
	gin.SetMode(gin.ReleaseMode)
	e := gin.New()
	e.GET("/hello", func(c *gin.Context) { c.String(http.StatusOK, "hello") })
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: e, ReadHeaderTimeout: 10 * time.Second}
	fmt.Fprintf(stdout, "%shttp://%s\n", benchreport.HelloPrefix, ln.Addr())
	go func() { <-ctx.Done(); srv.Close() }()
	if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

type options struct {
	clients, count, sessions, loadClients, rounds, coldStarts, lighthouseRuns int
	benchtime, out, portal, serverURL, lighthouseScript, chromium             string
	duration, probeTime                                                       time.Duration
	skipLoad, skipLighthouse                                                  bool
}

func run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("benchreport", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var o options
	fs.IntVar(&o.clients, "clients", 10000, "clients in the benchmarks' synthetic firm (PORTAL_BENCH_CLIENTS)")
	fs.IntVar(&o.count, "count", 3, "runs of each benchmark (min / median / max)")
	fs.StringVar(&o.benchtime, "benchtime", "20x", "calls per benchmark run (go test -benchtime)")
	fs.StringVar(&o.out, "out", "docs/performance.md", "the page to write; empty prints only")
	fs.StringVar(&o.portal, "portal", "bin/portal", "the portal binary")
	fs.StringVar(&o.serverURL, "server-url", getenv("PORTAL_TEST_DATABASE_URL"), "loopback PostgreSQL server (default $PORTAL_TEST_DATABASE_URL)")
	fs.IntVar(&o.sessions, "sessions", 200, "load run: concurrent sessions")
	fs.IntVar(&o.loadClients, "load-clients", 10000, "load run: clients in the synthetic firm")
	fs.DurationVar(&o.duration, "duration", 50*time.Second, "load run: how long sessions keep starting requests (at most 50s)")
	fs.BoolVar(&o.skipLoad, "skip-load", false, "leave out the load run")
	fs.IntVar(&o.rounds, "rounds", 3, "session/user versus bare Gin: alternating rounds")
	fs.DurationVar(&o.probeTime, "probe-time", 3*time.Second, "session/user versus bare Gin: length of one round")
	fs.IntVar(&o.coldStarts, "cold-starts", 5, "cold start: starts measured")
	fs.StringVar(&o.lighthouseScript, "lighthouse-script", "web/scripts/lighthouse.mjs", "Lighthouse: the script (run with node)")
	fs.StringVar(&o.chromium, "chromium", "/usr/bin/chromium", "Lighthouse: Debian's Chromium")
	fs.IntVar(&o.lighthouseRuns, "lighthouse-runs", 3, "Lighthouse: runs per page (figures are medians)")
	fs.BoolVar(&o.skipLighthouse, "skip-lighthouse", false, "leave out Lighthouse")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if o.serverURL == "" {
		return errors.New("no PostgreSQL server: run under scripts/pg-test-cluster.sh or pass --server-url")
	}
	page := benchreport.Page{Clients: o.clients, Count: o.count, Benchtime: o.benchtime,
		Machine: benchreport.Machine{Cores: runtime.NumCPU(), CPU: cpuModel(), Go: runtime.Version(), Date: time.Now(), LoadBefore: loadAverage()}}

	fmt.Fprintf(stderr, "benchreport: platform benchmarks, %d clients, %d runs of %s...\n", o.clients, o.count, o.benchtime)
	var benchOut bytes.Buffer
	cmd := exec.CommandContext(ctx, "go", "test", "-run", "^$", "-bench", ".", "-benchtime", o.benchtime,
		"-count", fmt.Sprint(o.count), "-timeout", "60m", "./backend/internal/bench/", "./backend/internal/reports/")
	cmd.Env = append(os.Environ(), fmt.Sprintf("PORTAL_BENCH_CLIENTS=%d", o.clients))
	cmd.Stdout, cmd.Stderr = io.MultiWriter(&benchOut, stderr), stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("the benchmarks failed: %w", err)
	}
	results, err := benchreport.Parse(&benchOut)
	if err != nil {
		return err
	}
	page.Bench = results
	if results.CPU != "" {
		page.Machine.CPU = results.CPU
	}

	var measured benchreport.Probes
	ratio, cold, probeErr := probes(ctx, o, stderr)
	measured.Ratio, measured.ColdStart, measured.ProbeErr = ratio, cold, probeErr
	// Lighthouse before the load run: its simulated throttling still reads the trace's CPU time.
	if o.skipLighthouse {
		measured.LighthouseErr = errors.New("left out of this run (--skip-lighthouse)")
	} else {
		fmt.Fprintf(stderr, "benchreport: Lighthouse, %d runs of each page...\n", o.lighthouseRuns)
		measured.Lighthouse, measured.LighthouseErr = benchreport.RunLighthouse(ctx, benchreport.LighthouseOptions{
			Node: "node", Script: o.lighthouseScript, Portal: o.portal, Chromium: o.chromium, Runs: o.lighthouseRuns}, stderr)
	}

	var loadFailed error
	if !o.skipLoad {
		fmt.Fprintf(stderr, "benchreport: load run, %d sessions...\n", o.sessions)
		r, err := loadrun.Run(ctx, loadrun.Options{Portal: o.portal, ServerURL: o.serverURL, Clients: o.loadClients,
			Sessions: o.sessions, Instances: 2, Duration: o.duration, Progress: stderr})
		switch {
		case err != nil:
			page.LoadError = err.Error()
			loadFailed = err
		case r.ErrorCount() > 0:
			page.Load = r
			loadFailed = fmt.Errorf("load run: %d of %d requests failed (target: 0)", r.ErrorCount(), r.Requests)
		default:
			page.Load = r
		}
	} else {
		page.LoadError = "left out of this run (--skip-load)."
	}
	page.Machine.LoadAfter = loadAverage()
	page.Issue13 = benchreport.Issue13Rows(page, measured)

	part := page.Markdown()
	fmt.Fprintln(stdout, part)
	if o.out != "" {
		doc, err := os.ReadFile(o.out)
		if err != nil {
			return err
		}
		spliced, err := benchreport.Splice(string(doc), part)
		if err != nil {
			return err
		}
		if err := os.WriteFile(o.out, []byte(spliced), 0o644); err != nil {
			return err
		}
		fmt.Fprintf(stderr, "benchreport: wrote %s\n", o.out)
	}
	return errors.Join(loadFailed, probeErr)
}

// probes runs the session/user versus bare Gin rounds and the cold starts on one demo store.
func probes(ctx context.Context, o options, stderr io.Writer) (*benchreport.RatioResult, []time.Duration, error) {
	dir, err := os.MkdirTemp("", "portal-benchreport-")
	if err != nil {
		return nil, nil, err
	}
	defer os.RemoveAll(dir)
	fmt.Fprintf(stderr, "benchreport: cold start, %d starts...\n", o.coldStarts)
	cold, err := benchreport.ColdStart(ctx, o.portal, dir, o.coldStarts)
	if err != nil {
		return nil, nil, err
	}
	self, err := os.Executable()
	if err != nil {
		return nil, cold, err
	}
	fmt.Fprintf(stderr, "benchreport: session/user versus bare Gin, %d rounds of %s...\n", o.rounds, o.probeTime)
	r, err := benchreport.Ratio(ctx, o.portal, []string{self, "hello-gin"}, dir, o.rounds, 16, o.probeTime)
	if err != nil {
		return nil, cold, err
	}
	return &r, cold, nil
}

// cpuModel is the first "model name" of /proc/cpuinfo.
func cpuModel() string {
	raw, _ := os.ReadFile("/proc/cpuinfo")
	for _, line := range strings.Split(string(raw), "\n") {
		if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return "unknown CPU"
}

// loadAverage is the 1, 5 and 15 minute load averages of /proc/loadavg.
func loadAverage() string {
	raw, _ := os.ReadFile("/proc/loadavg")
	f := strings.Fields(string(raw))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], ", ")
}

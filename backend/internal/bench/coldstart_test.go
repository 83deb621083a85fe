package bench

import (
	"context"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestColdStartResultSummary(t *testing.T) {
	ms := func(n int) time.Duration { return time.Duration(n) * time.Millisecond }
	r := ColdStartResult{Runs: []time.Duration{ms(30), ms(10), ms(50), ms(20), ms(40)}}
	// Sorted: 10 20 30 40 50; the middle of five is the third.
	if r.Median() != ms(30) || r.Min() != ms(10) || r.Max() != ms(50) {
		t.Errorf("median %v min %v max %v, want 30ms 10ms 50ms", r.Median(), r.Min(), r.Max())
	}
	// Sorted: 10 20 30 40; the lower middle of four is the second.
	if even := (ColdStartResult{Runs: r.Runs[:4]}); even.Median() != ms(20) {
		t.Errorf("median of four %v, want the lower middle, 20ms", even.Median())
	}
	if got := r.String(); !strings.Contains(got, "median 30.0 ms (min 10.0 ms, max 50.0 ms, 5 runs)") {
		t.Errorf("summary %q", got)
	}
}

// fakePortalEnv makes this test binary act as a portal that only answers /readyz (see
// TestFakePortal), so ColdStart is tested without building the real one.
const fakePortalEnv = "PORTAL_BENCH_FAKE_PORTAL"

// TestFakePortal is the fake portal when fakePortalEnv is set, and does nothing otherwise.
func TestFakePortal(t *testing.T) {
	if os.Getenv(fakePortalEnv) == "" {
		return
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM)
	defer stop()
	srv := &http.Server{Addr: os.Getenv("PORTAL_ADDR"), Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/readyz" {
			http.NotFound(w, r)
		}
	})}
	go func() { <-ctx.Done(); srv.Close() }()
	_ = srv.ListenAndServe()
}

// ColdStart starts the binary once to prepare the store and then once per run, each time until
// /readyz answers, and leaves no process behind.
func TestColdStartMeasuresEachRun(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	r, err := ColdStart(context.Background(), ColdStartOptions{
		Binary: exe, Args: []string{"-test.run=^TestFakePortal$"}, DataDir: t.TempDir(),
		Env: []string{fakePortalEnv + "=1"}, Runs: 3,
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Runs) != 3 {
		t.Fatalf("%d runs measured, want 3", len(r.Runs))
	}
	for _, d := range r.Runs {
		if d <= 0 {
			t.Errorf("a run took %v", d)
		}
	}
}

// A binary that exits before it is ready is an error, not a hang.
func TestColdStartReportsAnEarlyExit(t *testing.T) {
	_, err := ColdStart(context.Background(), ColdStartOptions{Binary: "/bin/false", DataDir: t.TempDir(), Runs: 1})
	if err == nil || !strings.Contains(err.Error(), "exited before it was ready") {
		t.Errorf("got %v", err)
	}
}

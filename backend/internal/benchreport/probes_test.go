package benchreport

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"testing"
)

// TestMain lets this test binary stand in for the portal: run as `<binary> serve` (as ColdStart
// and Ratio start bin/portal) it listens on PORTAL_ADDR, prints the portal's listening line,
// answers /readyz and stops on SIGTERM. Starts are counted in PORTAL_DATA_DIR/starts.
func TestMain(m *testing.M) {
	if len(os.Args) == 2 && os.Args[1] == "serve" {
		os.Exit(fakePortal())
	}
	os.Exit(m.Run())
}

func fakePortal() int {
	f, err := os.OpenFile(os.Getenv("PORTAL_DATA_DIR")+"/starts", os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o600)
	if err != nil {
		return 2
	}
	f.WriteString("start\n")
	f.Close()
	if os.Getenv("PORTAL_DEMO") != "true" {
		return 3 // ColdStart's store is the demo firm's
	}
	ln, err := net.Listen("tcp", os.Getenv("PORTAL_ADDR"))
	if err != nil {
		return 4
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM)
	defer stop()
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/readyz" {
			http.NotFound(w, r)
		}
	})}
	go func() { <-ctx.Done(); srv.Close() }()
	fmt.Printf("%shttp://%s\n", listeningPrefix, ln.Addr())
	srv.Serve(ln)
	return 0
}

// ColdStart prepares the store with one start it does not count, then measures n starts, each
// until /readyz answered 200.
func TestColdStartMeasuresEachStart(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	runs, err := ColdStart(context.Background(), exe, dir, 3)
	if err != nil {
		t.Fatal(err)
	}
	if len(runs) != 3 {
		t.Fatalf("%d starts measured, want 3", len(runs))
	}
	for _, d := range runs {
		if d <= 0 {
			t.Errorf("a start took %v", d)
		}
	}
	starts, err := os.ReadFile(dir + "/starts")
	if err != nil {
		t.Fatal(err)
	}
	if got := string(starts); got != "start\nstart\nstart\nstart\n" {
		t.Errorf("starts %q, want 4 (one to prepare the store, three measured)", got)
	}
}

// A binary that exits before it listens is an error, not a hang.
func TestColdStartReportsAnEarlyExit(t *testing.T) {
	if _, err := ColdStart(context.Background(), "/bin/false", t.TempDir(), 1); err == nil {
		t.Fatal("no error")
	}
}

package bench

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"slices"
	"syscall"
	"time"
)

// ColdStartOptions say which binary to start on which store, and how often.
type ColdStartOptions struct {
	// Binary is the portal binary (bin/portal).
	Binary string
	// Args come before the flags ColdStart adds ("serve").
	Args []string
	// DataDir is the data directory of the SQLite store. ColdStart prepares it with one
	// unmeasured start, so the runs measured start on an existing, migrated, seeded store.
	DataDir string
	// Env is added to the process's environment (PORTAL_ADDR and PORTAL_DATA_DIR are set here).
	Env []string
	// Runs is how many starts are measured; 5 when zero.
	Runs int
	// Timeout bounds one start; 60 seconds when zero.
	Timeout time.Duration
}

// ColdStartResult is the time from starting the process to its /readyz answering 200, per run.
type ColdStartResult struct {
	Runs []time.Duration
}

// Median is the middle run (the lower middle of an even number).
func (r ColdStartResult) Median() time.Duration {
	if len(r.Runs) == 0 {
		return 0
	}
	s := slices.Clone(r.Runs)
	slices.Sort(s)
	return s[(len(s)-1)/2]
}

// Min is the fastest run.
func (r ColdStartResult) Min() time.Duration {
	if len(r.Runs) == 0 {
		return 0
	}
	return slices.Min(r.Runs)
}

// Max is the slowest run.
func (r ColdStartResult) Max() time.Duration {
	if len(r.Runs) == 0 {
		return 0
	}
	return slices.Max(r.Runs)
}

// String is the result as `make bench` prints it.
func (r ColdStartResult) String() string {
	ms := func(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d.Microseconds())/1000) }
	return fmt.Sprintf("cold start to /readyz 200: median %s (min %s, max %s, %d runs)", ms(r.Median()), ms(r.Min()), ms(r.Max()), len(r.Runs))
}

// ColdStart measures how long the portal takes to be ready on an existing store: each run starts
// the binary, polls /readyz until it answers 200, and stops the process (SIGTERM). One
// unmeasured start first creates, migrates and seeds the store.
func ColdStart(ctx context.Context, o ColdStartOptions) (ColdStartResult, error) {
	if o.Runs == 0 {
		o.Runs = 5
	}
	if o.Timeout == 0 {
		o.Timeout = 60 * time.Second
	}
	if _, err := startOnce(ctx, o); err != nil {
		return ColdStartResult{}, fmt.Errorf("preparing the store: %w", err)
	}
	var r ColdStartResult
	for range o.Runs {
		d, err := startOnce(ctx, o)
		if err != nil {
			return r, err
		}
		r.Runs = append(r.Runs, d)
	}
	return r, nil
}

// startOnce starts the binary once and answers how long it took to be ready.
func startOnce(ctx context.Context, o ColdStartOptions) (time.Duration, error) {
	addr, err := freeAddr()
	if err != nil {
		return 0, err
	}
	ctx, cancel := context.WithTimeout(ctx, o.Timeout)
	defer cancel()
	cmd := exec.Command(o.Binary, o.Args...)
	cmd.Env = append(append(os.Environ(), o.Env...), "PORTAL_ADDR="+addr, "PORTAL_DATA_DIR="+o.DataDir)
	client := &http.Client{Timeout: time.Second}
	url := "http://" + addr + "/readyz"

	start := time.Now()
	if err := cmd.Start(); err != nil {
		return 0, err
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	stopped := false
	defer func() {
		if !stopped {
			_ = cmd.Process.Signal(syscall.SIGTERM)
			<-exited
		}
	}()
	for {
		if resp, err := client.Get(url); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return time.Since(start), nil
			}
		}
		select {
		case err := <-exited:
			stopped = true
			return 0, fmt.Errorf("%s exited before it was ready: %v", o.Binary, err)
		case <-ctx.Done():
			return 0, errors.New("not ready in time")
		case <-time.After(time.Millisecond):
		}
	}
}

// freeAddr finds a loopback port nobody listens on (the process binds it a moment later).
func freeAddr() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer ln.Close()
	return ln.Addr().String(), nil
}

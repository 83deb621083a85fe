package loadrun

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

// RateLimits is the PORTAL_RATE_LIMITS the instances run with. Every login of the run comes
// from one loopback address, and the limiter counts each attempt against the address before
// it is judged, so the default of 20 per address would refuse most of 200 concurrent logins.
// Only the address scope is raised; the per-username and other limits keep their defaults.
const RateLimits = "address=1000000/15m/15m"

// instance is one running `portal serve`.
type instance struct {
	name string
	url  string
	pid  int
	log  string // its stderr, kept in the run's folder
	stop func() error
}

// sessionKeys is one PORTAL_SESSION_KEYS pair, shared by the instances so that either
// decodes the other's cookie (docs/deploy.md).
func sessionKeys() string {
	hash, block := make([]byte, 64), make([]byte, 32)
	rand.Read(hash)
	rand.Read(block)
	return base64.StdEncoding.EncodeToString(hash) + ":" + base64.StdEncoding.EncodeToString(block)
}

// startInstance runs portal serve on a free loopback port over databaseURL, with its own data
// folder under dir, and waits until it listens. Only PATH and HOME of this process's
// environment are passed on, so no PORTAL_* setting of the caller leaks in.
func startInstance(ctx context.Context, portal, name, dir, databaseURL, keys string) (*instance, error) {
	data := filepath.Join(dir, name)
	if err := os.MkdirAll(data, 0o700); err != nil {
		return nil, err
	}
	logPath := filepath.Join(dir, name+".log")
	logFile, err := os.Create(logPath)
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(portal, "serve")
	cmd.Env = []string{
		"PATH=" + os.Getenv("PATH"), "HOME=" + os.Getenv("HOME"),
		"PORTAL_ADDR=127.0.0.1:0", "PORTAL_DATA_DIR=" + data, "PORTAL_DATABASE_URL=" + databaseURL,
		"PORTAL_SESSION_KEYS=" + keys, "PORTAL_DEMO=false", "PORTAL_RATE_LIMITS=" + RateLimits,
		"PORTAL_LOG_LEVEL=info", // the access log a firm would keep, written to the run's folder
	}
	cmd.Stderr = logFile
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		logFile.Close()
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		logFile.Close()
		return nil, fmt.Errorf("loadrun: start %s: %w", portal, err)
	}
	listening := make(chan string, 1)
	exited := make(chan struct{})
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if u, ok := strings.CutPrefix(sc.Text(), "Wealth portal listening on "); ok {
				select {
				case listening <- u:
				default:
				}
			}
		}
		io.Copy(io.Discard, stdout)
		cmd.Wait()
		logFile.Close()
		close(exited)
	}()
	stop := func() error {
		cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-exited:
		case <-time.After(20 * time.Second):
			cmd.Process.Kill()
			<-exited
		}
		return nil
	}
	select {
	case u := <-listening:
		if err := checkLoopback(u); err != nil {
			stop()
			return nil, err
		}
		return &instance{name: name, url: u, pid: cmd.Process.Pid, log: logPath, stop: stop}, nil
	case <-exited:
		return nil, fmt.Errorf("loadrun: %s exited before listening (%v): %s", name, cmd.ProcessState, tail(logPath))
	case <-ctx.Done():
		stop()
		return nil, ctx.Err()
	}
}

// tail is the end of a log file, for an error message.
func tail(path string) string {
	raw, _ := os.ReadFile(path)
	if len(raw) > 2000 {
		raw = raw[len(raw)-2000:]
	}
	return string(raw)
}

package benchreport

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"os"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"wealthportal/backend/internal/demo"
)

// process is a server started by startServer.
type process struct {
	url    string
	pid    int
	exited chan struct{}
	cmd    *exec.Cmd
}

// stop ends the process gracefully (SIGTERM) and waits for it.
func (p *process) stop() {
	p.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-p.exited:
	case <-time.After(20 * time.Second):
		p.cmd.Process.Kill()
		<-p.exited
	}
}

// startServer runs a command that prints "<prefix><url>" on its standard output once it
// listens, and waits for that line.
func startServer(ctx context.Context, prefix string, env []string, name string, args ...string) (*process, error) {
	cmd := exec.Command(name, args...)
	cmd.Env = append([]string{"PATH=" + os.Getenv("PATH"), "HOME=" + os.Getenv("HOME")}, env...)
	var stderr strings.Builder
	cmd.Stderr = &limitedWriter{w: &stderr, left: 4000}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	p := &process{pid: cmd.Process.Pid, exited: make(chan struct{}), cmd: cmd}
	listening := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if u, ok := strings.CutPrefix(sc.Text(), prefix); ok {
				select {
				case listening <- u:
				default:
				}
			}
		}
		io.Copy(io.Discard, out)
		cmd.Wait()
		close(p.exited)
	}()
	select {
	case p.url = <-listening:
		return p, nil
	case <-p.exited:
		return nil, fmt.Errorf("benchreport: %s exited before listening: %s", name, stderr.String())
	case <-ctx.Done():
		p.stop()
		return nil, ctx.Err()
	}
}

// limitedWriter keeps the first bytes written to it and drops the rest.
type limitedWriter struct {
	mu   sync.Mutex
	w    io.Writer
	left int
}

func (l *limitedWriter) Write(b []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.left > 0 {
		n := min(len(b), l.left)
		l.w.Write(b[:n])
		l.left -= n
	}
	return len(b), nil
}

// portalEnv is an embedded-mode portal on the SQLite store in dataDir with the demo firm.
func portalEnv(dataDir string) []string {
	return []string{"PORTAL_ADDR=127.0.0.1:0", "PORTAL_DATA_DIR=" + dataDir, "PORTAL_DEMO=true",
		"PORTAL_PASSWORD_HASH_COST=10", "PORTAL_LOG_LEVEL=warn"}
}

const listeningPrefix = "Wealth portal listening on "

// HelloPrefix is what the bare Gin hello-world prints before its URL (cmd/benchreport's
// hello-gin subcommand).
const HelloPrefix = "hello-gin listening on "

// RatioResult is authenticated GET /xplanapi/session/user against a bare Gin hello-world:
// requests per second of each in every round, and the share per round.
type RatioResult struct {
	Portal, Gin []float64 // req/s per round
	Shares      []float64 // portal / gin per round, in %
}

// Ratio measures, in alternating rounds of d each, how many authenticated
// GET /xplanapi/session/user a portal (embedded mode, SQLite, the demo firm in dataDir, signed
// in as demo.client) answers per second with workers connections kept alive, and how many
// GET /hello the bare Gin hello-world (helloCmd) answers the same way. Any answer but 200 is an
// error.
func Ratio(ctx context.Context, portal string, helloCmd []string, dataDir string, rounds, workers int, d time.Duration) (RatioResult, error) {
	var res RatioResult
	p, err := startServer(ctx, listeningPrefix, portalEnv(dataDir), portal, "serve")
	if err != nil {
		return res, err
	}
	defer p.stop()
	jar, _ := cookiejar.New(nil)
	client := &http.Client{Jar: jar, Transport: &http.Transport{MaxIdleConnsPerHost: workers}}
	if err := demoLogin(ctx, client, p.url); err != nil {
		return res, err
	}
	g, err := startServer(ctx, HelloPrefix, nil, helloCmd[0], helloCmd[1:]...)
	if err != nil {
		return res, err
	}
	defer g.stop()
	bare := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: workers}}
	for range rounds {
		pr, err := hammer(ctx, client, p.url+"/xplanapi/session/user", workers, d)
		if err != nil {
			return res, err
		}
		gr, err := hammer(ctx, bare, g.url+"/hello", workers, d)
		if err != nil {
			return res, err
		}
		res.Portal, res.Gin = append(res.Portal, pr), append(res.Gin, gr)
		res.Shares = append(res.Shares, 100*pr/gr)
	}
	return res, nil
}

// demoLogin signs the client in as the demo firm's demo.client.
func demoLogin(ctx context.Context, c *http.Client, base string) error {
	password := ""
	for _, l := range demo.AllLogins() {
		if l.Typed == "demo.client" {
			password = l.Password
		}
	}
	body, _ := json.Marshal(map[string]string{"username": "demo.client", "password": password})
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, base+"/xplanapi/auth/login", strings.NewReader(string(body)))
	req.Header.Set("Content-Type", "application/json")
	res, err := c.Do(req)
	if err != nil {
		return err
	}
	raw, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusOK || !strings.Contains(string(raw), `"LoginSuccess"`) {
		return fmt.Errorf("benchreport: demo.client login: %d", res.StatusCode)
	}
	return nil
}

// hammer sends GET target from workers goroutines back to back for d and answers the requests
// per second that got 200.
func hammer(ctx context.Context, c *http.Client, target string, workers int, d time.Duration) (float64, error) {
	var ok, failed atomic.Int64
	var wg sync.WaitGroup
	stop := make(chan struct{})
	started := time.Now()
	for range workers {
		wg.Go(func() {
			for {
				select {
				case <-stop:
					return
				default:
				}
				req, _ := http.NewRequestWithContext(ctx, http.MethodGet, target, nil)
				res, err := c.Do(req)
				if err != nil {
					failed.Add(1)
					continue
				}
				io.Copy(io.Discard, res.Body)
				res.Body.Close()
				if res.StatusCode == http.StatusOK {
					ok.Add(1)
				} else {
					failed.Add(1)
				}
			}
		})
	}
	select {
	case <-time.After(d):
	case <-ctx.Done():
	}
	close(stop)
	wg.Wait()
	elapsed := time.Since(started)
	if n := failed.Load(); n > 0 {
		return 0, fmt.Errorf("benchreport: %d of %d requests to %s failed", n, n+ok.Load(), target)
	}
	return float64(ok.Load()) / elapsed.Seconds(), nil
}

// ColdStart starts `portal serve` on the existing store in dataDir n times and measures, each
// time, from starting the process to the first 200 of GET /readyz.
func ColdStart(ctx context.Context, portal, dataDir string, n int) ([]time.Duration, error) {
	// The first start creates, migrates and seeds the store; it is not one of the n.
	p, err := startServer(ctx, listeningPrefix, portalEnv(dataDir), portal, "serve")
	if err != nil {
		return nil, err
	}
	p.stop()
	client := &http.Client{Timeout: time.Second}
	var out []time.Duration
	for range n {
		began := time.Now()
		p, err := startServer(ctx, listeningPrefix, portalEnv(dataDir), portal, "serve")
		if err != nil {
			return nil, err
		}
		for {
			res, err := client.Get(p.url + "/readyz")
			if err == nil {
				res.Body.Close()
				if res.StatusCode == http.StatusOK {
					break
				}
			}
			if time.Since(began) > 30*time.Second {
				p.stop()
				return nil, fmt.Errorf("benchreport: /readyz did not answer 200 within 30 s")
			}
			select {
			case <-p.exited:
				return nil, fmt.Errorf("benchreport: %s exited before /readyz answered 200", portal)
			case <-ctx.Done():
				p.stop()
				return nil, ctx.Err()
			case <-time.After(2 * time.Millisecond):
			}
		}
		out = append(out, time.Since(began))
		p.stop()
	}
	return out, nil
}

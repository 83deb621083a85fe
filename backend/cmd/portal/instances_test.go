package main

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"net/http/cookiejar"
	neturl "net/url"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"

	"wealthportal/backend/internal/demo"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// Two portal processes on one store behave as one portal (docs/deploy.md): started together
// on an empty PostgreSQL database they migrate and seed the demo firm once; a session opened on one works on
// the other; five wrong passwords on one lock the username on the other; a logout on either
// ends the session on both. On PostgreSQL each process has its own data directory; on SQLite
// they share the one holding portal.db.
func TestTwoInstancesBehaveAsOne(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, d store.Dialect) {
		keys := newSessionKeys(t)
		url, dirs := "", [2]string{}
		if d == store.Postgres {
			url = testdb.PostgresURL(t) // empty: the processes migrate and seed it
			dirs = [2]string{t.TempDir(), t.TempDir()}
		} else {
			shared := t.TempDir()
			dirs = [2]string{shared, shared}
		}
		var a, b *portalProcess
		if d == store.Postgres {
			// Both start at once, racing to migrate and seed.
			started := make(chan *portalProcess, 2)
			for i := range dirs {
				go func() { started <- startPortal(t, url, dirs[i], keys) }()
			}
			a, b = <-started, <-started
		} else {
			// One after the other: two processes creating one SQLite file at the same moment
			// can be refused (SQLITE_BUSY while it turns to WAL); SQLite is the one-process
			// store (docs/deploy.md), so the racing start is PostgreSQL's alone.
			a = startPortal(t, url, dirs[0], keys)
			b = startPortal(t, url, dirs[1], keys)
		}
		if a == nil || b == nil {
			t.Fatal("a portal instance did not start")
		}
		checkSeededOnce(t, url, dirs[0])

		// A session opened on one instance is a session on the other.
		jar, _ := cookiejar.New(nil)
		browser := &http.Client{Jar: jar}
		if code, body := call(t, browser, http.MethodGet, b.url+"/xplanapi/session/user", "", nil); code != http.StatusUnauthorized {
			t.Fatalf("anonymous session/user on B: %d %s", code, body)
		}
		login := loginBody("demo.client", "DemoClient#2026")
		code, body := call(t, browser, http.MethodPost, a.url+"/xplanapi/auth/login", login, nil)
		if code != http.StatusOK {
			t.Fatalf("login on A: %d %s", code, body)
		}
		var session []*http.Cookie
		for _, c := range jar.Cookies(mustParse(t, a.url)) {
			if c.Name == "portal_session" {
				session = append(session, c)
			}
		}
		if len(session) != 1 {
			t.Fatalf("no session cookie after login on A: %v", jar.Cookies(mustParse(t, a.url)))
		}
		code, body = call(t, browser, http.MethodGet, b.url+"/xplanapi/session/user", "", nil)
		if code != http.StatusOK || !strings.Contains(body, `"display_name":"Eleanor Whitfield"`) {
			t.Fatalf("A's session on B: %d %s", code, body)
		}

		// Five wrong passwords on one instance lock the username on the other, for a demo
		// login and for a username that does not exist alike.
		anon := &http.Client{}
		for _, lk := range []struct{ user, password, failOn, tryOn string }{
			{"demo.lockout", "DemoLockout#2026", a.url, b.url},
			{"nobody.at.all", "Whatever#2026", b.url, a.url},
		} {
			for i := 1; i <= 5; i++ {
				if code, body := call(t, anon, http.MethodPost, lk.failOn+"/xplanapi/auth/login", loginBody(lk.user, "wrong-password"), nil); code != http.StatusUnauthorized {
					t.Fatalf("%s: wrong password %d: %d %s", lk.user, i, code, body)
				}
			}
			if code, body := call(t, anon, http.MethodPost, lk.tryOn+"/xplanapi/auth/login", loginBody(lk.user, lk.password), nil); code != http.StatusTooManyRequests {
				t.Fatalf("%s: locked out on one instance, answered %d on the other: %s", lk.user, code, body)
			}
		}

		// Logging out on B ends the session opened on A, on both.
		if code, body := call(t, anon, http.MethodDelete, b.url+"/xplanapi/session", "", session); code != http.StatusNoContent {
			t.Fatalf("logout on B: %d %s", code, body)
		}
		for name, p := range map[string]*portalProcess{"A": a, "B": b} {
			if code, body := call(t, anon, http.MethodGet, p.url+"/xplanapi/session/user", "", session); code != http.StatusUnauthorized {
				t.Fatalf("logged-out session still works on %s: %d %s", name, code, body)
			}
		}
	})
}

// portalProcess is a running portal started by startPortal.
type portalProcess struct {
	url string
}

// startPortal runs this test binary as `portal serve` on a free port over the given store, and
// stops it (SIGTERM, graceful) when the test ends. It answers nil, after reporting why, when the
// process ends before it listens.
func startPortal(t *testing.T, databaseURL, dataDir, keys string) *portalProcess {
	cmd := exec.Command(os.Args[0], "serve", "--addr", "127.0.0.1:0", "--data-dir", dataDir, "--database-url", databaseURL)
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "PORTAL_") { // the test's own settings only
			cmd.Env = append(cmd.Env, kv)
		}
	}
	cmd.Env = append(cmd.Env, asPortalEnv+"=1", "PORTAL_SESSION_KEYS="+keys, "PORTAL_DEMO=true",
		"PORTAL_PASSWORD_HASH_COST=4", "PORTAL_LOG_LEVEL=warn")
	logFile, err := os.CreateTemp(t.TempDir(), "portal-*.log")
	if err != nil {
		t.Error(err)
		return nil
	}
	cmd.Stderr = logFile
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Error(err)
		return nil
	}
	if err := cmd.Start(); err != nil {
		t.Error(err)
		return nil
	}
	exited := make(chan struct{})
	listening := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if u, ok := strings.CutPrefix(sc.Text(), "Wealth portal listening on "); ok {
				listening <- u
			}
		}
		cmd.Wait()
		close(exited)
	}()
	t.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGTERM)
		<-exited
		logFile.Close()
	})
	select {
	case u := <-listening:
		return &portalProcess{url: u}
	case <-exited:
		log, _ := os.ReadFile(logFile.Name())
		t.Errorf("portal exited before listening (%v):\n%s", cmd.ProcessState, log)
		return nil
	}
}

// checkSeededOnce looks in the store the instances share: one demo firm, seeded once.
func checkSeededOnce(t *testing.T, databaseURL, dataDir string) {
	t.Helper()
	db, err := store.Open(context.Background(), databaseURL, dataDir)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var firms, marks int
	if err := db.QueryRow(db.Rebind(`SELECT COUNT(*) FROM firm WHERE name = ?`), demo.FirmName).Scan(&firms); err != nil {
		t.Fatal(err)
	}
	if err := db.QueryRow(`SELECT COUNT(*) FROM meta WHERE key = 'demo_seeded'`).Scan(&marks); err != nil {
		t.Fatal(err)
	}
	if firms != 1 || marks != 1 {
		t.Fatalf("%d demo firms, %d seeded marks: want one of each", firms, marks)
	}
}

// newSessionKeys is one PORTAL_SESSION_KEYS pair (hash:block, base64), shared by the instances.
func newSessionKeys(t *testing.T) string {
	t.Helper()
	hash, block := make([]byte, 64), make([]byte, 32)
	if _, err := rand.Read(hash); err != nil {
		t.Fatal(err)
	}
	if _, err := rand.Read(block); err != nil {
		t.Fatal(err)
	}
	return base64.StdEncoding.EncodeToString(hash) + ":" + base64.StdEncoding.EncodeToString(block)
}

func loginBody(username, password string) string {
	b, _ := json.Marshal(map[string]string{"username": username, "password": password})
	return string(b)
}

// call sends one request (JSON body when given, extra cookies when given) and answers the
// status and body.
func call(t *testing.T, c *http.Client, method, url, body string, cookies []*http.Cookie) (int, string) {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	for _, ck := range cookies {
		req.AddCookie(&http.Cookie{Name: ck.Name, Value: ck.Value})
	}
	res, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var b strings.Builder
	if _, err := bufio.NewReader(res.Body).WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	return res.StatusCode, b.String()
}

func mustParse(t *testing.T, raw string) *neturl.URL {
	t.Helper()
	u, err := neturl.Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

package app

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/accountsec"
	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/auth"
	"wealthportal/backend/internal/biometric"
	"wealthportal/backend/internal/notify"
	"wealthportal/backend/internal/platform"
	"wealthportal/backend/internal/ratelimit"
	"wealthportal/backend/internal/recovery"
	"wealthportal/backend/internal/session"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit"
	"wealthportal/backend/internal/testkit/testdb"
)

// secHarness is a portal wired with the recovery and account-security modules, over a seeded
// platform that is embedded (one store, in-process client) or remote (its own store behind a
// real HTTP server). The wiring is the one the portal's routes use for these modules.
type secHarness struct {
	*harness
	platformDB, portalDB *store.DB
	outbox               *notify.DevOutbox
	sent                 chan string // the recipient of each message, once it is in the outbox
	sessions             *session.Manager
	client               platform.API
	platformEngine       http.Handler
}

const testAppID = "wealth-portal"

// Demo people the tests use (backend/internal/demo).
const (
	eleanorEmail = "eleanor.whitfield@example.co.uk"
	aishaEmail   = "aisha.patel@example.co.uk"
	priyaEmail   = "priya.raman@example.co.uk"
)

// newSecHarnessOn is the harness over stores of dialect d: the seeded platform's, and in remote
// mode the portal's own, freshly migrated.
func newSecHarnessOn(t *testing.T, d store.Dialect, remote bool) *secHarness {
	t.Helper()
	gin.SetMode(gin.ReleaseMode)
	h := &secHarness{harness: &harness{t: t, now: time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)}}
	h.platformDB = testkit.SeededDBOn(t, d)
	h.portalDB = h.platformDB
	if remote {
		h.portalDB = testdb.Open(t, d)
	}
	now := func() time.Time { return h.now }
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	h.outbox = &notify.DevOutbox{DB: h.platformDB, Now: now, Log: log}
	h.sent = make(chan string, 64)
	sender := signallingSender{h.outbox, h.sent}

	// The platform: its session service, the account-security module on the authenticated
	// group, and the anonymous recovery resources beside it.
	svc, err := auth.NewService(auth.SQLStore{DB: h.platformDB}, sender, now, rand.Reader, 4)
	if err != nil {
		t.Fatal(err)
	}
	// The BFF's address limit is generous here, as in the e2e suite: these tests are about the
	// platform's own limits and would otherwise spend the address's 20.
	policies, err := ratelimit.ParsePolicies("address=1000/15m/15m")
	if err != nil {
		t.Fatal(err)
	}
	newLimiter := func(db *store.DB) *ratelimit.Limiter {
		lim, err := ratelimit.New(db, ratelimit.Options{Secret: []byte("0123456789abcdef0123456789abcdef"), Now: now, Policies: policies, CleanupEvery: -1})
		if err != nil {
			t.Fatal(err)
		}
		return lim
	}
	platformLimiter := newLimiter(h.platformDB)
	devices := biometric.NewModule(h.platformDB, svc, now, rand.Reader, testAppID)
	security, err := accountsec.NewModule(h.platformDB, now, 4, platformLimiter, func(ctx context.Context, userID int64) error {
		return devices.Service.RevokeAll(ctx, userID, biometric.ReasonPermission)
	})
	if err != nil {
		t.Fatal(err)
	}
	embedded, engine := platform.NewEmbedded(svc, h.platformDB, []platform.Module{security}, testAppID)
	public, err := recovery.NewPublicModule(h.platformDB, sender, now, rand.Reader, 4, platformLimiter, log, testAppID)
	if err != nil {
		t.Fatal(err)
	}
	public.RegisterPublic(engine.Group("/resourceful"))
	h.platformEngine = engine
	if remote {
		srv := httptest.NewServer(engine)
		t.Cleanup(srv.Close)
		if h.client, err = platform.NewRemoteClient(srv.URL, testAppID, 15*time.Second); err != nil {
			t.Fatal(err)
		}
	} else {
		h.client = embedded
	}

	// The BFF.
	keys, err := session.LoadOrCreateKeys("", t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	codecs, err := session.Codecs(keys, int((12 * time.Hour).Seconds()))
	if err != nil {
		t.Fatal(err)
	}
	h.sessions = &session.Manager{Store: session.SQLStore{DB: h.portalDB}, Codecs: codecs, Now: now, Rand: rand.Reader,
		IdleTimeout: 30 * time.Minute, MaxLifetime: 12 * time.Hour, SecureMode: "false"}
	e := gin.New()
	e.Use(gin.CustomRecovery(func(c *gin.Context, recovered any) { t.Errorf("panic: %v", recovered) }))
	xplan := e.Group("/xplanapi", h.sessions.Load)
	bffLimiter := newLimiter(h.portalDB)
	authHandler, err := auth.NewHandler(h.client, h.sessions, bffLimiter)
	if err != nil {
		t.Fatal(err)
	}
	authHandler.Register(xplan)
	help, err := recovery.NewHandler(h.client, bffLimiter)
	if err != nil {
		t.Fatal(err)
	}
	help.Register(xplan)
	sec, err := accountsec.NewHandler(h.client, h.sessions, bffLimiter)
	if err != nil {
		t.Fatal(err)
	}
	sec.Register(xplan)
	sec.RegisterAPI(e.Group("/api", h.sessions.Load))
	// A login that leaves steps outstanding, as the login call does for a user with additional
	// login steps (restricted session).
	e.POST("/test/restricted-login", apierr.Handler(func(c *gin.Context) error {
		var in struct {
			Username, Password string
			Steps              []string
		}
		if err := c.ShouldBindJSON(&in); err != nil {
			return err
		}
		token, su, err := h.client.SignIn(c.Request.Context(), in.Username, in.Password)
		if err != nil {
			return err
		}
		_, err = h.sessions.Issue(c, session.Identity{UserID: su.ID, RoleName: su.RoleName, EntityID: su.EntityID, PendingSteps: in.Steps}, token)
		if err == nil {
			c.Status(http.StatusNoContent)
		}
		return err
	}))
	h.h = e
	return h
}

// signallingSender tells the test when a message has gone out: a reset code is sent after the
// platform has answered (remote mode), so a test waits for it rather than racing it.
type signallingSender struct {
	notify.Sender
	sent chan<- string
}

func (s signallingSender) Send(ctx context.Context, channel, recipient, body string) error {
	err := s.Sender.Send(ctx, channel, recipient, body)
	select {
	case s.sent <- recipient:
	default: // nobody is waiting for it
	}
	return err
}

// awaitMessage waits until a message to recipient has been sent.
func (h *secHarness) awaitMessage(to string) {
	h.t.Helper()
	deadline := time.After(10 * time.Second)
	for {
		select {
		case got := <-h.sent:
			if got == to {
				return
			}
		case <-deadline:
			h.t.Fatalf("no message to %s", to)
		}
	}
}

// both runs a test in embedded and in remote mode, on each dialect of the run.
func both(t *testing.T, fn func(t *testing.T, h *secHarness)) {
	testdb.EachDialect(t, func(t *testing.T, d store.Dialect) {
		for _, mode := range []struct {
			name   string
			remote bool
		}{{"embedded", false}, {"remote", true}} {
			t.Run(mode.name, func(t *testing.T) { fn(t, newSecHarnessOn(t, d, mode.remote)) })
		}
	})
}

func jsonBody(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// expect checks an answer's status and, when given, its api_message.
func expect(t *testing.T, what string, a answer, code int, apiMessage string) {
	t.Helper()
	if a.code != code || (apiMessage != "" && a.body["api_message"] != apiMessage) {
		t.Fatalf("%s: %d %s, want %d %q", what, a.code, a.raw, code, apiMessage)
	}
}

var sixDigitCode = regexp.MustCompile(`\b(\d{6})\b`)

// messages is how many outbox messages went to a recipient.
func (h *secHarness) messages(to string) int {
	h.t.Helper()
	var n int
	if err := h.platformDB.QueryRow(h.platformDB.Rebind(`SELECT COUNT(*) FROM outbox WHERE recipient = ?`), to).Scan(&n); err != nil {
		h.t.Fatal(err)
	}
	return n
}

// lastMessage is the newest outbox message to a recipient.
func (h *secHarness) lastMessage(to string) notify.Message {
	h.t.Helper()
	msgs, err := h.outbox.Latest(context.Background(), to, 1)
	if err != nil || len(msgs) == 0 {
		h.t.Fatalf("no message to %s: %v", to, err)
	}
	return msgs[0]
}

// requestCode asks for a reset code and reads it from the outbox.
func (h *secHarness) requestCode(username, to string) string {
	h.t.Helper()
	expect(h.t, "request a reset code", h.do(http.MethodPost, "/xplanapi/forgotten_password", jsonBody(map[string]string{"user_id": username}), nil), 204, "")
	h.awaitMessage(to)
	m := h.lastMessage(to)
	code := sixDigitCode.FindString(m.Body)
	if m.Channel != notify.Email || code == "" || !strings.Contains(m.Body, "password reset code") {
		h.t.Fatalf("reset message: %+v", m)
	}
	return code
}

func (h *secHarness) checkCode(username, code string) answer {
	h.t.Helper()
	return h.do(http.MethodGet, "/xplanapi/forgotten_password?user_id="+username+"&reset_code="+code, "", nil)
}

func (h *secHarness) reset(username, code, password string, answers ...string) answer {
	h.t.Helper()
	if answers == nil {
		answers = []string{}
	}
	return h.do(http.MethodPut, "/xplanapi/forgotten_password",
		jsonBody(map[string]any{"user_id": username, "reset_code": code, "new_password": password, "answers": answers}), nil)
}

// The whole forgotten-password flow: a code by email, the questions, the answers (compared
// ignoring case and spacing) and the new password; the code is spent, every session of the
// user ends (the BFF's too, because its platform session is gone) and the new password works.
func TestForgottenPassword(t *testing.T) {
	t.Parallel()
	both(t, func(t *testing.T, h *secHarness) {
		signedIn := sessionCookie(t, h.login("demo.client", "DemoClient#2026"))
		expect(t, "session before the reset", h.do(http.MethodGet, "/xplanapi/session/user", "", signedIn), 200, "")

		code := h.requestCode("demo.client", eleanorEmail)
		wrong := "000000"
		if code == wrong {
			wrong = "111111"
		}
		expect(t, "wrong code", h.checkCode("demo.client", wrong), 400, recovery.CodeInvalidAPI)
		got := h.checkCode("demo.client", code)
		expect(t, "right code", got, 200, "")
		if q := got.body["questions"]; jsonBody(q) != `["What was the name of your first pet?","In what city were you born?"]` {
			t.Fatalf("questions %v", q)
		}

		// (A second wrong try would be the third miss and spend the code.)
		wrongAnswers := h.reset("demo.client", code, "Harbour-View-2027", "Biscuit the spaniel", "Bath")
		expect(t, "wrong answers", wrongAnswers, 400, recovery.ArgumentsIncorrectAPI)
		if wrongAnswers.body["user_message"] != "One or both of your security answers are incorrect, please try again or contact us" {
			t.Fatalf("wrong answers user_message: %s", wrongAnswers.raw)
		}
		expect(t, "refused password", h.reset("demo.client", code, "short", "biscuit THE spaniel", " bristol "), 400, "New password must be at least 8 characters")
		expect(t, "old password again", h.reset("demo.client", code, "DemoClient#2026", "biscuit the spaniel", "bristol"), 400, "New password must differ from the current password")
		expect(t, "reset", h.reset("demo.client", code, "Harbour-View-2027", "  Biscuit  the Spaniel", "BRISTOL"), 204, "")

		expect(t, "code used again", h.reset("demo.client", code, "Another-One-2028", "Biscuit the spaniel", "Bristol"), 400, recovery.CodeInvalidAPI)
		expect(t, "code checked again", h.checkCode("demo.client", code), 400, recovery.CodeInvalidAPI)

		// The BFF session ends at its next platform call: the platform no longer knows it.
		expect(t, "session after the reset", h.do(http.MethodGet, "/xplanapi/session/user", "", signedIn), 401, apierr.NoSessionAPI)
		var live int
		if err := h.portalDB.QueryRow(`SELECT COUNT(*) FROM bff_session WHERE revoked_at IS NULL`).Scan(&live); err != nil || live != 0 {
			t.Fatalf("live BFF sessions after the reset: %d %v", live, err)
		}
		var platformSessions int
		if err := h.platformDB.QueryRow(`SELECT COUNT(*) FROM platform_session s JOIN app_user u ON u.id = s.user_id WHERE u.username = 'demo.client'`).Scan(&platformSessions); err != nil || platformSessions != 0 {
			t.Fatalf("platform sessions after the reset: %d %v", platformSessions, err)
		}

		expect(t, "old password", h.login("demo.client", "DemoClient#2026"), 401, apierr.BadCredentials)
		if a := h.login("demo.client", "Harbour-View-2027"); a.code != 200 || a.body["loginStatus"] != "LoginSuccess" {
			t.Fatalf("new password: %d %s", a.code, a.raw)
		}
	})
}

// Nothing in the answers tells a username that exists from one that does not: the same status
// and body for the code request, the code check and the reset, and nothing sent.
func TestForgottenPasswordDoesNotRevealUsernames(t *testing.T) {
	t.Parallel()
	both(t, func(t *testing.T, h *secHarness) {
		if _, err := h.platformDB.Exec(`UPDATE app_user SET disabled = 1 WHERE username = 'demo.messages'`); err != nil {
			t.Fatal(err)
		}
		answers := map[string]answer{}
		for _, user := range []string{"DEMO.CLIENT", "no.such.client", "demo.messages"} {
			answers[user] = h.do(http.MethodPost, "/xplanapi/forgotten_password", jsonBody(map[string]string{"user_id": user}), nil)
		}
		for user, a := range answers {
			if a.code != 204 || a.raw != "" || a.raw != answers["no.such.client"].raw {
				t.Fatalf("%s: %d %q", user, a.code, a.raw)
			}
		}
		// Only the known, enabled login (named in any case) was sent a code.
		h.awaitMessage(eleanorEmail)
		var total int
		if err := h.platformDB.QueryRow(`SELECT COUNT(*) FROM outbox`).Scan(&total); err != nil {
			t.Fatal(err)
		}
		if h.messages(eleanorEmail) != 1 || total != 1 {
			t.Fatalf("messages: %d to Eleanor, %d in all", h.messages(eleanorEmail), total)
		}

		for _, code := range []string{"123456", "654321"} {
			a := h.checkCode("no.such.client", code)
			b := h.checkCode("demo.assets", code) // known, no code requested
			if a.code != 400 || a.raw != b.raw || a.code != b.code {
				t.Fatalf("code check differs: unknown %d %s, known %d %s", a.code, a.raw, b.code, b.raw)
			}
			a = h.reset("no.such.client", code, "Harbour-View-2027", "x", "y")
			b = h.reset("demo.assets", code, "Harbour-View-2027", "x", "y")
			if a.code != 400 || a.raw != b.raw || a.body["api_message"] != recovery.CodeInvalidAPI {
				t.Fatalf("reset differs: unknown %d %s, known %d %s", a.code, a.raw, b.code, b.raw)
			}
		}
	})
}

// Codes last five minutes, a new code replaces the old one, and the third wrong try (code or
// answers) spends the code, as the browser's codeErrorCount expects.
func TestResetCodeExpiryAndMisses(t *testing.T) {
	t.Parallel()
	both(t, func(t *testing.T, h *secHarness) {
		code := h.requestCode("demo.client", eleanorEmail)
		h.now = h.now.Add(5*time.Minute - time.Second)
		expect(t, "code just in time", h.checkCode("demo.client", code), 200, "")
		h.now = h.now.Add(2 * time.Second)
		expect(t, "expired code", h.checkCode("demo.client", code), 400, recovery.CodeInvalidAPI)
		expect(t, "reset with an expired code", h.reset("demo.client", code, "Harbour-View-2027", "Biscuit the spaniel", "Bristol"), 400, recovery.CodeInvalidAPI)

		first := h.requestCode("demo.client", eleanorEmail)
		second := h.requestCode("demo.client", eleanorEmail)
		if first != second {
			expect(t, "replaced code", h.checkCode("demo.client", first), 400, recovery.CodeInvalidAPI)
		}
		expect(t, "newest code", h.checkCode("demo.client", second), 200, "")

		// Two wrong codes and one wrong set of answers: the right code no longer works.
		third := h.requestCode("demo.client", eleanorEmail)
		wrong := "999999"
		if third == wrong {
			wrong = "999998"
		}
		expect(t, "miss 1", h.checkCode("demo.client", wrong), 400, recovery.CodeInvalidAPI)
		expect(t, "miss 2", h.reset("demo.client", wrong, "Harbour-View-2027", "Biscuit the spaniel", "Bristol"), 400, recovery.CodeInvalidAPI)
		expect(t, "miss 3", h.reset("demo.client", third, "Harbour-View-2027", "Rex", "Bristol"), 400, recovery.ArgumentsIncorrectAPI)
		expect(t, "spent by misses", h.checkCode("demo.client", third), 400, recovery.CodeInvalidAPI)
		expect(t, "spent by misses", h.reset("demo.client", third, "Harbour-View-2027", "Biscuit the spaniel", "Bristol"), 400, recovery.CodeInvalidAPI)

		// A fresh code starts a fresh count.
		fresh := h.requestCode("demo.client", eleanorEmail)
		expect(t, "fresh code", h.reset("demo.client", fresh, "Harbour-View-2027", "Biscuit the spaniel", "Bristol"), 204, "")
	})
}

// A reset does not get round the second factor: the next login still asks for the code.
func TestResetKeepsSecondFactor(t *testing.T) {
	t.Parallel()
	both(t, func(t *testing.T, h *secHarness) {
		code := h.requestCode("demo.mfa", aishaEmail)
		expect(t, "reset", h.reset("demo.mfa", code, "Pepper-Sleeps-2027", "pepper the cat", "middlemarch"), 204, "")
		a := h.login("demo.mfa", "Pepper-Sleeps-2027")
		if a.code != 200 || a.body["loginStatus"] != "MfaRequired" {
			t.Fatalf("login after the reset: %d %s", a.code, a.raw)
		}
		for _, c := range a.cookies {
			if c.Name == session.CookieName && c.Value != "" {
				t.Fatal("a session without the second factor")
			}
		}
	})
}

// A user without security questions resets with the code alone.
func TestResetWithoutQuestions(t *testing.T) {
	t.Parallel()
	both(t, func(t *testing.T, h *secHarness) {
		if _, err := h.platformDB.Exec(`DELETE FROM security_question WHERE user_id = (SELECT id FROM app_user WHERE username = 'demo.assets')`); err != nil {
			t.Fatal(err)
		}
		code := h.requestCode("demo.assets", priyaEmail)
		got := h.checkCode("demo.assets", code)
		if got.code != 200 || got.raw != `{"questions":[]}` {
			t.Fatalf("questions: %d %s", got.code, got.raw)
		}
		expect(t, "reset", h.reset("demo.assets", code, "Oxford-Rain-2027"), 204, "")
		expect(t, "login", h.login("demo.assets", "Oxford-Rain-2027"), 200, "")
	})
}

// Missing fields answer with the texts of spec 1 §5; no code is sent.
func TestForgottenPasswordValidation(t *testing.T) {
	t.Parallel()
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		t.Parallel()
		h := newSecHarnessOn(t, dialect, false)
		for _, tc := range []struct {
			name, method, path, body, api string
		}{
			{"no username", http.MethodPost, "/xplanapi/forgotten_password", `{"user_id":"  "}`, recovery.UsernameRequired},
			{"no body", http.MethodPost, "/xplanapi/forgotten_password", `nope`, recovery.ArgumentsIncorrectAPI},
			{"check without a username", http.MethodGet, "/xplanapi/forgotten_password?reset_code=123456", "", recovery.UsernameRequired},
			{"check without a code", http.MethodGet, "/xplanapi/forgotten_password?user_id=demo.client", "", recovery.ResetCodeRequired},
			{"reset without a code", http.MethodPut, "/xplanapi/forgotten_password", `{"user_id":"demo.client","new_password":"Harbour-View-2027"}`, recovery.ResetCodeRequired},
			{"reset without a password", http.MethodPut, "/xplanapi/forgotten_password", `{"user_id":"demo.client","reset_code":"123456"}`, recovery.PasswordRequired},
		} {
			t.Run(tc.name, func(t *testing.T) {
				expect(t, tc.name, h.do(tc.method, tc.path, tc.body, nil), 400, tc.api)
			})
		}
	})
}

// Code requests are limited per username, known or not, and the limit lifts after 15 minutes.
func TestForgottenPasswordLimit(t *testing.T) {
	t.Parallel()
	both(t, func(t *testing.T, h *secHarness) {
		for _, user := range []string{"demo.client", "no.such.client"} {
			for i := 0; i < 5; i++ {
				expect(t, "request", h.do(http.MethodPost, "/xplanapi/forgotten_password", jsonBody(map[string]string{"user_id": user}), nil), 204, "")
				if user == "demo.client" {
					h.awaitMessage(eleanorEmail)
				}
			}
			expect(t, "sixth request for "+user, h.do(http.MethodPost, "/xplanapi/forgotten_password", jsonBody(map[string]string{"user_id": user}), nil), 429, accountsec.TooManyAttempts)
		}
		h.now = h.now.Add(15 * time.Minute)
		expect(t, "after the window", h.do(http.MethodPost, "/xplanapi/forgotten_password", `{"user_id":"demo.client"}`, nil), 204, "")
	})
}

// The forgotten username: emailed when the address (any case) and date of birth match a client
// login; otherwise the mismatch text of spec 1 §8.
func TestForgottenUsername(t *testing.T) {
	t.Parallel()
	both(t, func(t *testing.T, h *secHarness) {
		remind := func(email, dob string) answer {
			return h.do(http.MethodPost, "/xplanapi/forgot/username", jsonBody(map[string]string{"preferred_email": email, "role_type": "client", "dob": dob}), nil)
		}
		expect(t, "match", remind(" Eleanor.Whitfield@Example.co.uk ", "1968-04-17"), 204, "")
		m := h.lastMessage(eleanorEmail)
		if m.Channel != notify.Email || !strings.Contains(m.Body, "demo.client") {
			t.Fatalf("reminder: %+v", m)
		}
		for name, a := range map[string]answer{
			"wrong date":               remind(eleanorEmail, "1968-04-18"),
			"unknown address":          remind("nobody@example.co.uk", "1968-04-17"),
			"a client without a login": remind("james.whitfield@example.co.uk", "1965-09-02"),
			"an adviser's address":     remind("oliver.bennett@harbourvale.co.uk", "1968-04-17"),
		} {
			if a.code != 400 || a.body["api_message"] != recovery.MismatchAPI ||
				a.body["user_message"] != "The supplied email and date of birth does not match our records. Please contact our office." {
				t.Fatalf("%s: %d %s", name, a.code, a.raw)
			}
		}
		expect(t, "no address", remind("", "1968-04-17"), 400, recovery.EmailRequired)
		expect(t, "bad address", remind("eleanor", "1968-04-17"), 400, recovery.EmailInvalid)
		expect(t, "no date", remind(eleanorEmail, ""), 400, recovery.DOBRequired)
		expect(t, "locale date", remind(eleanorEmail, "17/04/1968"), 400, recovery.DOBInvalid)
		if h.messages(eleanorEmail) != 1 {
			t.Fatalf("messages to Eleanor: %d", h.messages(eleanorEmail))
		}
		// Guessing dates of birth for one address is limited (5 per 15 minutes, counted above: 2).
		for i := 0; i < 3; i++ {
			remind(eleanorEmail, "1970-01-0"+string(rune('1'+i)))
		}
		expect(t, "limited", remind(eleanorEmail, "1968-04-17"), 429, accountsec.TooManyAttempts)
	})
}

// The anonymous platform resources answer only a known application.
func TestRecoveryResourcesNeedAKnownApp(t *testing.T) {
	t.Parallel()
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		t.Parallel()
		h := newSecHarnessOn(t, dialect, false)
		for _, tc := range []struct {
			appID string
			code  int
		}{{"", 401}, {"someone-else", 401}, {testAppID, 204}} {
			req := httptest.NewRequest(http.MethodPost, "/resourceful/forgotten_password", strings.NewReader(`{"user_id":"demo.client"}`))
			req.Header.Set("Content-Type", "application/json")
			if tc.appID != "" {
				req.Header.Set(platform.AppIDHeader, tc.appID)
			}
			rec := httptest.NewRecorder()
			h.platformEngine.ServeHTTP(rec, req)
			if rec.Code != tc.code {
				t.Fatalf("app id %q: %d %s", tc.appID, rec.Code, rec.Body)
			}
		}
	})
}

package app

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/auth"
	"wealthportal/backend/internal/demo"
	"wealthportal/backend/internal/notify"
	"wealthportal/backend/internal/session"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// stepsHarness is the portal (newHarness) with the platform embedded or remote, and the outbox
// of the platform's messages.
type stepsHarness struct {
	*harness
	outbox *notify.DevOutbox
}

// newStepsHarnessOn is the steps harness with its stores on dialect d.
func newStepsHarnessOn(t *testing.T, d store.Dialect, remote bool) *stepsHarness {
	t.Helper()
	opts := []harnessOption{on(d)}
	if remote {
		opts = append(opts, remotePlatform())
	}
	h := &stepsHarness{harness: newHarness(t, opts...)}
	h.outbox = h.app.Outbox
	if remote {
		h.outbox = &notify.DevOutbox{DB: h.platformDB, Now: func() time.Time { return h.now }, Log: h.app.Log}
	}
	return withQuestionsStandIn(h)
}

// withQuestionsStandIn adds POST /test/security-questions, standing in for the security
// questions step call (package accountsec): it sets the session user's two questions at the
// platform and completes the step through auth.Handler.CompleteStep, as that call does.
func withQuestionsStandIn(h *stepsHarness) *stepsHarness {
	steps, err := auth.NewHandler(h.app.Platform, h.app.Sessions, h.app.Limiter)
	if err != nil {
		h.t.Fatal(err)
	}
	h.app.Engine.POST("/test/security-questions", h.app.Sessions.Load, h.app.Sessions.Require, apierr.Handler(func(c *gin.Context) error {
		s := session.From(c)
		for _, pos := range []int{1, 2} {
			if _, err := h.platformDB.Exec(h.platformDB.Rebind(`INSERT INTO security_question (user_id, position, question, answer_hash, set_at) VALUES (?, ?, 'Q', 'x', 'x')`),
				s.UserID, pos); err != nil {
				return err
			}
		}
		if err := steps.CompleteStep(c, auth.StatusSetSecurityQuestions); err != nil {
			return err
		}
		c.Status(http.StatusNoContent)
		return nil
	}))
	return h
}

// eachMode runs fn against an embedded and a remote platform, on each dialect of the run.
func eachMode(t *testing.T, fn func(t *testing.T, h *stepsHarness)) {
	testdb.EachDialect(t, func(t *testing.T, d store.Dialect) {
		for _, remote := range []bool{false, true} {
			name := "embedded"
			if remote {
				name = "remote"
			}
			t.Run(name, func(t *testing.T) { fn(t, newStepsHarnessOn(t, d, remote)) })
		}
	})
}

func (h *stepsHarness) post(path string, body any, cookies []*http.Cookie) answer {
	h.t.Helper()
	b, err := json.Marshal(body)
	if err != nil {
		h.t.Fatal(err)
	}
	return h.do(http.MethodPost, path, string(b), cookies)
}

var codePattern = regexp.MustCompile(`\b\d{6}\b`)

// lastCode is the code in the newest message to a recipient; "" when none was sent.
func (h *stepsHarness) lastCode(to string) string {
	h.t.Helper()
	msgs, err := h.outbox.Latest(context.Background(), to, 1)
	if err != nil {
		h.t.Fatal(err)
	}
	if len(msgs) == 0 {
		return ""
	}
	return codePattern.FindString(msgs[0].Body)
}

func (h *stepsHarness) messagesTo(to string) int {
	h.t.Helper()
	var n int
	if err := h.platformDB.QueryRow(h.platformDB.Rebind(`SELECT COUNT(*) FROM outbox WHERE recipient = ?`), to).Scan(&n); err != nil {
		h.t.Fatal(err)
	}
	return n
}

func (h *stepsHarness) entityOf(username string) int64 {
	h.t.Helper()
	var id int64
	if err := h.platformDB.QueryRow(h.platformDB.Rebind(`SELECT entity_id FROM app_user WHERE username = ?`), username).Scan(&id); err != nil {
		h.t.Fatal(err)
	}
	return id
}

func (h *stepsHarness) exec(q string, args ...any) {
	h.t.Helper()
	if _, err := h.platformDB.Exec(h.platformDB.Rebind(q), args...); err != nil {
		h.t.Fatal(err)
	}
}

// want checks an answer's status and, when given, its api_message.
func want(t *testing.T, what string, a answer, code int, apiMessage string) {
	t.Helper()
	if a.code != code || (apiMessage != "" && a.body["api_message"] != apiMessage) {
		t.Fatalf("%s: %d %s, want %d %q", what, a.code, a.raw, code, apiMessage)
	}
}

// wantStatus checks a 200 login answer's loginStatus.
func wantStatus(t *testing.T, what string, a answer, status string) {
	t.Helper()
	if a.code != http.StatusOK || a.body["loginStatus"] != status {
		t.Fatalf("%s: %d %s, want loginStatus %s", what, a.code, a.raw, status)
	}
}

func noSessionCookie(t *testing.T, what string, a answer) {
	t.Helper()
	for _, c := range a.cookies {
		if c.Name == session.CookieName && c.Value != "" {
			t.Fatalf("%s: a session cookie was set", what)
		}
	}
}

func strs(v any) []string {
	var out []string
	list, _ := v.([]any)
	for _, x := range list {
		s, _ := x.(string)
		out = append(out, s)
	}
	return out
}

const (
	stepsOutstanding = "Additional login steps are outstanding"
	termsPathFormat  = "/xplanapi/entity/client-v3/%d/terms_and_conditions"
)

func termsBody() map[string]string {
	return map[string]string{"content": demo.SiteTerms.Disclaimer, "agreed_date": "2026-11-22T08:15:00.000Z", "desc": "Login Disclaimer"}
}

// demo.steps has all three additional login steps: the login answers the first with the list
// in order and a restricted session; each step call removes its step; the last one gives a
// normal session under a new id (spec 1 §4).
func TestAdditionalLoginStepsInOrder(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, h *stepsHarness) {
		in := h.login("demo.steps", "DemoSteps#2026")
		wantStatus(t, "login", in, "SiteTerms")
		if got := strs(in.body["additionalLoginSteps"]); !slices.Equal(got, []string{"SiteTerms", "SetSecurityQuestions", "ForceChangePassword"}) {
			t.Fatalf("steps %v", got)
		}
		terms, _ := in.body["siteTerms"].(map[string]any)
		if terms["heading"] != demo.SiteTerms.Heading || terms["disclaimer"] != demo.SiteTerms.Disclaimer {
			t.Fatalf("site terms %v", in.body["siteTerms"])
		}
		user, _ := in.body["user"].(map[string]any)
		if user["display_name"] != "Daniel Reyes" || user["additional_login_steps"] != nil || user["site_terms"] != nil {
			t.Fatalf("user %v", user)
		}
		restricted := sessionCookie(t, in)
		me := h.entityOf("demo.steps")

		// Restricted: only the step calls, site, session/user (401) and logout.
		want(t, "session/user", h.do(http.MethodGet, "/xplanapi/session/user", "", restricted), 401, apierr.NoSessionAPI)
		want(t, "forwarded call", h.do(http.MethodGet, fmt.Sprintf("/xplanapi/entity/client-v3/%d", me), "", restricted), 403, stepsOutstanding)
		want(t, "heartbeat", h.do(http.MethodPost, "/api/session/heartbeat", "", restricted), 403, stepsOutstanding)
		want(t, "tfa details", h.do(http.MethodGet, "/api/tfa/details", "", restricted), 403, stepsOutstanding)
		want(t, "aggregate", h.do(http.MethodGet, "/bff/api/account/transactions", "", restricted), 403, stepsOutstanding)
		want(t, "site", h.do(http.MethodGet, "/xplanapi/site", "", restricted), 200, "")
		want(t, "password out of turn is still the step's call", h.post("/xplanapi/auth/password",
			map[string]string{"username": "demo.steps", "password": "DemoSteps#2026", "new_password": ""}, restricted), 400, "New password is required")

		// SiteTerms: someone else's entity is refused; one's own is recorded.
		want(t, "terms for another client", h.post(fmt.Sprintf(termsPathFormat, h.entityOf("demo.client")), termsBody(), restricted), 403, apierr.ErrForbidden.APIMessage)
		agreed := h.post(fmt.Sprintf(termsPathFormat, me), termsBody(), restricted)
		want(t, "terms", agreed, 204, "")
		for _, c := range agreed.cookies {
			if c.Name == session.CookieName {
				t.Fatal("the session id changed before the last step")
			}
		}
		want(t, "still restricted", h.do(http.MethodGet, fmt.Sprintf("/xplanapi/entity/client-v3/%d", me), "", restricted), 403, stepsOutstanding)

		want(t, "questions", h.post("/test/security-questions", map[string]string{}, restricted), 204, "")
		want(t, "still restricted after questions", h.do(http.MethodGet, "/xplanapi/session/user", "", restricted), 401, apierr.NoSessionAPI)

		changed := h.post("/xplanapi/auth/password", map[string]string{"username": "demo.steps", "password": "DemoSteps#2026", "new_password": "Clifton-Bridge-77"}, restricted)
		want(t, "password", changed, 204, "")
		full := sessionCookie(t, changed)
		if full[0].Value == restricted[0].Value {
			t.Fatal("the last step kept the session id")
		}
		want(t, "old cookie", h.do(http.MethodGet, "/xplanapi/session/user", "", restricted), 401, apierr.NoSessionAPI)
		want(t, "LoginSuccess", h.do(http.MethodGet, "/xplanapi/session/user", "", full), 200, "")
		want(t, "forwarded call after the steps", h.do(http.MethodGet, fmt.Sprintf("/xplanapi/entity/client-v3/%d", me), "", full), 200, "")

		// The steps were recorded at the platform: the next login has none.
		wantStatus(t, "next login", h.login("demo.steps", "Clifton-Bridge-77"), "LoginSuccess")
	})
}

// The platform restricts its own session too: a caller holding the platform session of a
// login with steps outstanding gets no further than the step calls.
func TestPlatformSessionRestricted(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, h *stepsHarness) {
		sessionCookie(t, h.login("demo.terms", "DemoTerms#2026"))
		var token string
		if err := h.app.DB.QueryRow(`SELECT platform_session FROM bff_session WHERE revoked_at IS NULL`).Scan(&token); err != nil {
			t.Fatal(err)
		}
		for _, tc := range []struct {
			path string
			code int
		}{{"session/user", 200}, {"site", 200}, {"session/capability", 403}, {fmt.Sprintf("entity/client-v3/%d", h.entityOf("demo.terms")), 403}} {
			if code, body := platformGet(t, h.app.Platform, token, tc.path); code != tc.code {
				t.Fatalf("%s: %d %s", tc.path, code, body)
			}
		}
	})
}

// SiteTerms alone (demo.terms): agreeing is the last step, so the session id changes; declining
// (logging out) leaves the terms to agree at the next login.
func TestSiteTermsStep(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, h *stepsHarness) {
		declined := sessionCookie(t, h.login("demo.terms", "DemoTerms#2026"))
		want(t, "decline", h.do(http.MethodDelete, "/xplanapi/session", "", declined), 204, "")
		in := h.login("demo.terms", "DemoTerms#2026")
		wantStatus(t, "after declining", in, "SiteTerms")
		restricted := sessionCookie(t, in)
		agreed := h.post(fmt.Sprintf(termsPathFormat, h.entityOf("demo.terms")), termsBody(), restricted)
		want(t, "agree", agreed, 204, "")
		full := sessionCookie(t, agreed)
		if full[0].Value == restricted[0].Value {
			t.Fatal("the session id did not change")
		}
		want(t, "old cookie", h.do(http.MethodGet, "/xplanapi/session/user", "", restricted), 401, apierr.NoSessionAPI)
		want(t, "new cookie", h.do(http.MethodGet, "/xplanapi/session/user", "", full), 200, "")
		want(t, "heartbeat", h.do(http.MethodPost, "/api/session/heartbeat", "", full), 200, "")
		var n int
		// The record names the version agreed to (the SHA-256 of the firm's terms), not the text.
		version := sha256.Sum256([]byte(strings.TrimSpace(demo.SiteTerms.Disclaimer)))
		if err := h.platformDB.QueryRow(h.platformDB.Rebind(`SELECT COUNT(*) FROM terms_acceptance WHERE entity_id = ? AND description = 'Login Disclaimer' AND content_sha256 = ?`),
			h.entityOf("demo.terms"), hex.EncodeToString(version[:])).Scan(&n); err != nil || n != 1 {
			t.Fatalf("acceptances %d %v", n, err)
		}
		wantStatus(t, "next login", h.login("demo.terms", "DemoTerms#2026"), "LoginSuccess")
		// The same call from a full session records again and is not a step.
		again := h.post(fmt.Sprintf(termsPathFormat, h.entityOf("demo.terms")), termsBody(), full)
		want(t, "full session", again, 204, "")
		want(t, "anonymous", h.post(fmt.Sprintf(termsPathFormat, h.entityOf("demo.terms")), termsBody(), nil), 401, apierr.NoSessionAPI)
	})
}

// ForceChangePassword (demo.newpass): the policy's exact messages, a wrong current password,
// then a change that ends the user's other sessions and renews this one.
func TestForceChangePasswordStep(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, h *stepsHarness) {
		in := h.login("demo.newpass", "DemoNewpass#2026")
		wantStatus(t, "login", in, "ForceChangePassword")
		if in.body["siteTerms"] != nil {
			t.Fatalf("site terms without the step: %s", in.raw)
		}
		here := sessionCookie(t, in)
		elsewhere := sessionCookie(t, h.login("demo.newpass", "DemoNewpass#2026"))
		change := func(current, next string) answer {
			return h.post("/xplanapi/auth/password", map[string]string{"username": "demo.newpass", "password": current, "new_password": next}, here)
		}
		for _, tc := range []struct {
			name, current, next string
			code                int
			api                 string
		}{
			{"empty", "DemoNewpass#2026", "", 400, "New password is required"},
			{"too short", "DemoNewpass#2026", "Ab1!", 400, "New password must be at least 8 characters"},
			{"too long", "DemoNewpass#2026", "Ab1!" + strings.Repeat("a", 61), 400, "New password must be at most 64 characters"},
			{"unchanged", "DemoNewpass#2026", "DemoNewpass#2026", 400, "New password must differ from the current password"},
			{"too simple", "DemoNewpass#2026", "harbourvale", 400, "New password must contain at least three of: lower case letters, upper case letters, numbers and symbols"},
			{"username", "DemoNewpass#2026", "My-demo.newpass-1", 400, "New password must not contain your username"},
			{"wrong current password", "DemoNewpass#2025", "Clifton-Bridge-77", 401, apierr.BadCredentials},
		} {
			want(t, tc.name, change(tc.current, tc.next), tc.code, tc.api)
		}
		want(t, "no username", h.post("/xplanapi/auth/password", map[string]string{"new_password": "Clifton-Bridge-77"}, here), 400, "Username and password are required")
		want(t, "no session", h.post("/xplanapi/auth/password", map[string]string{"username": "demo.newpass", "password": "DemoNewpass#2026", "new_password": "Clifton-Bridge-77"}, nil), 401, apierr.NoSessionAPI)

		done := change("DemoNewpass#2026", "Clifton-Bridge-77")
		want(t, "change", done, 204, "")
		renewed := sessionCookie(t, done)
		want(t, "renewed session", h.do(http.MethodGet, "/xplanapi/session/user", "", renewed), 200, "")
		want(t, "old cookie", h.do(http.MethodGet, "/xplanapi/session/user", "", here), 401, apierr.NoSessionAPI)
		// The other (restricted) session was revoked, not merely restricted.
		want(t, "other session", h.post(fmt.Sprintf(termsPathFormat, h.entityOf("demo.newpass")), termsBody(), elsewhere), 401, apierr.NoSessionAPI)
		want(t, "again", h.post("/xplanapi/auth/password", map[string]string{"username": "demo.newpass", "password": "Clifton-Bridge-77", "new_password": "Clifton-Bridge-78"}, renewed), 403, "No password change is due")

		want(t, "old password", h.login("demo.newpass", "DemoNewpass#2026"), 401, apierr.BadCredentials)
		wantStatus(t, "new password", h.login("demo.newpass", "Clifton-Bridge-77"), "LoginSuccess")
		// A full session that never had the step may not use the call.
		full := sessionCookie(t, h.login("demo.client", "DemoClient#2026"))
		want(t, "full session", h.post("/xplanapi/auth/password", map[string]string{"username": "demo.client", "password": "DemoClient#2026", "new_password": "Clifton-Bridge-77"}, full), 403, "No password change is due")
	})
}

// The login errors of spec 1 §8 in both modes.
func TestLoginErrors(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, h *stepsHarness) {
		want(t, "bad password", h.login("demo.client", "nope"), 401, apierr.BadCredentials)
		want(t, "unknown user", h.login("no.such.user", "DemoClient#2026"), 401, apierr.BadCredentials)
		h.exec(`UPDATE app_user SET disabled = 1 WHERE username = 'demo.terms'`)
		a := h.login("demo.terms", "DemoTerms#2026")
		want(t, "disabled", a, 403, apierr.AccountDisabled)
		noSessionCookie(t, "disabled", a)
		wantStatus(t, "sms second factor", h.login("demo.mfa", "DemoMfa#2026"), "MfaRequired")
		wrong := "000000"
		if h.lastCode("+447700900123") == wrong {
			wrong = "111111"
		}
		bad := h.post("/xplanapi/auth/tfa/validate", map[string]any{"username": "demo.mfa", "password": "DemoMfa#2026", "method": "sms", "code": wrong, "loginOnSuccess": true}, nil)
		want(t, "bad code", bad, 401, apierr.BadOTPAPI)
		if bad.body["user_message"] != apierr.BadOTPUser {
			t.Fatalf("bad_otp text %v", bad.body["user_message"])
		}
	})
}

package app

import (
	"net/http"
	"strings"
	"testing"
	"time"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"

	"wealthportal/backend/internal/accountsec"
	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/session"
)

func (h *secHarness) changePassword(cookies []*http.Cookie, body map[string]any) answer {
	h.t.Helper()
	return h.do(http.MethodPost, "/xplanapi/session/password", jsonBody(body), cookies)
}

// userID is a demo login's platform user id.
func (h *secHarness) userID(username string) int64 {
	h.t.Helper()
	var id int64
	if err := h.platformDB.QueryRow(h.platformDB.Rebind(`SELECT id FROM app_user WHERE username = ?`), username).Scan(&id); err != nil {
		h.t.Fatal(err)
	}
	return id
}

// The Change Password page: the policy's and spec 1 §5's texts; on success every other session
// of the user ends and this one continues under a new cookie.
func TestChangePassword(t *testing.T) {
	t.Parallel()
	both(t, func(t *testing.T, h *secHarness) {
		here := sessionCookie(t, h.login("demo.client", "DemoClient#2026"))
		elsewhere := sessionCookie(t, h.login("demo.client", "DemoClient#2026"))
		me := h.userID("demo.client")
		for _, tc := range []struct {
			name string
			body map[string]any
			code int
			api  string
		}{
			{"no current password", map[string]any{"user_id": me, "old_password": "", "new_password": "Harbour-View-2027"}, 400, accountsec.PreviousPasswordRequired},
			{"no new password", map[string]any{"user_id": me, "old_password": "DemoClient#2026", "new_password": ""}, 400, accountsec.PasswordRequired},
			{"wrong current password", map[string]any{"user_id": me, "old_password": "DemoClient#2025", "new_password": "Harbour-View-2027"}, 400, accountsec.PreviousPasswordIncorrect},
			{"too short", map[string]any{"user_id": me, "old_password": "DemoClient#2026", "new_password": "short"}, 400, "New password must be at least 8 characters"},
			{"unchanged", map[string]any{"user_id": me, "old_password": "DemoClient#2026", "new_password": "DemoClient#2026"}, 400, "New password must differ from the current password"},
			{"someone else's", map[string]any{"user_id": me + 1, "old_password": "DemoClient#2026", "new_password": "Harbour-View-2027"}, 403, apierr.ErrForbidden.APIMessage},
		} {
			expect(t, tc.name, h.changePassword(here, tc.body), tc.code, tc.api)
		}
		expect(t, "refusals keep the session", h.do(http.MethodGet, "/xplanapi/session/user", "", here), 200, "")

		done := h.changePassword(here, map[string]any{"user_id": me, "old_password": "DemoClient#2026", "new_password": "Harbour-View-2027"})
		expect(t, "change", done, 204, "")
		rotated := sessionCookie(t, done)
		if rotated[0].Value == here[0].Value {
			t.Fatal("the session id was not renewed")
		}
		expect(t, "this session, new cookie", h.do(http.MethodGet, "/xplanapi/session/user", "", rotated), 200, "")
		expect(t, "this session, old cookie", h.do(http.MethodGet, "/xplanapi/session/user", "", here), 401, apierr.NoSessionAPI)
		expect(t, "the other session", h.do(http.MethodGet, "/xplanapi/session/user", "", elsewhere), 401, apierr.NoSessionAPI)

		expect(t, "old password", h.login("demo.client", "DemoClient#2026"), 401, apierr.BadCredentials)
		expect(t, "new password", h.login("demo.client", "Harbour-View-2027"), 200, "")
		// user_id may be left out: the session's own user.
		expect(t, "without user_id", h.changePassword(rotated, map[string]any{"old_password": "Harbour-View-2027", "new_password": "Harbour-View-2028"}), 204, "")
	})
}

// Guesses of the current password are limited: the sixth try within 15 minutes is refused, even
// with the right password.
func TestChangePasswordLimit(t *testing.T) {
	t.Parallel()
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		t.Parallel()
		h := newSecHarnessOn(t, dialect, false)
		cookies := sessionCookie(t, h.login("demo.client", "DemoClient#2026"))
		for i := 0; i < 5; i++ {
			expect(t, "guess", h.changePassword(cookies, map[string]any{"old_password": "guess", "new_password": "Harbour-View-2027"}), 400, accountsec.PreviousPasswordIncorrect)
		}
		expect(t, "limited", h.changePassword(cookies, map[string]any{"old_password": "DemoClient#2026", "new_password": "Harbour-View-2027"}), 429, accountsec.TooManyAttempts)
		h.now = h.now.Add(16 * time.Minute)
		cookies = sessionCookie(t, h.login("demo.client", "DemoClient#2026"))
		expect(t, "after the window", h.changePassword(cookies, map[string]any{"old_password": "DemoClient#2026", "new_password": "Harbour-View-2027"}), 204, "")
	})
}

// Change Password is a client's page; it needs a full session.
func TestChangePasswordAccess(t *testing.T) {
	t.Parallel()
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		t.Parallel()
		h := newSecHarnessOn(t, dialect, false)
		adviser := sessionCookie(t, h.login("demo.adviser@client", "DemoAdviser#2026"))
		expect(t, "adviser", h.changePassword(adviser, map[string]any{"old_password": "DemoAdviser#2026", "new_password": "Harbour-View-2027"}), 403, apierr.ErrForbidden.APIMessage)
		expect(t, "anonymous", h.changePassword(nil, map[string]any{"old_password": "x", "new_password": "y"}), 401, apierr.NoSessionAPI)
		restricted := h.restrictedLogin("demo.client", "DemoClient#2026", "SiteTerms")
		expect(t, "restricted", h.changePassword(restricted, map[string]any{"old_password": "DemoClient#2026", "new_password": "Harbour-View-2027"}), 403, session.ErrStepsOutstanding.APIMessage)
	})
}

func (h *secHarness) restrictedLogin(username, password string, steps ...string) []*http.Cookie {
	h.t.Helper()
	return sessionCookie(h.t, h.do(http.MethodPost, "/test/restricted-login", jsonBody(map[string]any{"Username": username, "Password": password, "Steps": steps}), nil))
}

func questions(q1, a1, q2, a2 string) string {
	return jsonBody(map[string]any{"questions": []map[string]string{{"question": q1, "answer": a1}, {"question": q2, "answer": a2}}})
}

// The Security questions page sets the questions the forgotten password then asks.
func TestSetSecurityQuestions(t *testing.T) {
	t.Parallel()
	both(t, func(t *testing.T, h *secHarness) {
		cookies := sessionCookie(t, h.login("demo.client", "DemoClient#2026"))
		set := func(body string) answer {
			return h.do(http.MethodPost, "/xplanapi/session/password_reset_questions", body, cookies)
		}
		pet, school := "What was the name of your first pet?", "What was the name of your first school?"
		for _, tc := range []struct{ name, body, api string }{
			{"one question", `{"questions":[{"question":"Q","answer":"A"}]}`, accountsec.QuestionsCount},
			{"placeholder", questions("Please select", "Rex", school, "Clifton"), accountsec.QuestionRequired},
			{"no answer", questions(pet, " ", school, "Clifton"), accountsec.AnswerRequired},
			{"same question", questions(pet, "Rex", pet, "Clifton"), accountsec.QuestionsNotUnique},
			{"answer too long", questions(pet, strings.Repeat("a", 257), school, "Clifton"), accountsec.AnswerTooLong},
		} {
			expect(t, tc.name, set(tc.body), 400, tc.api)
		}
		expect(t, "set", set(questions(pet, "Rex", "Where did you meet your partner?", "Glastonbury")), 204, "")

		code := h.requestCode("demo.client", eleanorEmail)
		got := h.checkCode("demo.client", code)
		if got.code != 200 || jsonBody(got.body["questions"]) != `["What was the name of your first pet?","Where did you meet your partner?"]` {
			t.Fatalf("questions after setting them: %d %s", got.code, got.raw)
		}
		expect(t, "old answers", h.reset("demo.client", code, "Harbour-View-2027", "Biscuit the spaniel", "Bristol"), 400, "One or more of the arguments are missing or incorrect.")
		expect(t, "new answers", h.reset("demo.client", code, "Harbour-View-2027", "rex", "glastonbury"), 204, "")
	})
}

// From platform 22.8.234 within 22.8 (and 22.9.0 to 22.9.237) answers need 8 characters.
func TestSecurityAnswerMinimumFollowsPlatformVersion(t *testing.T) {
	t.Parallel()
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		t.Parallel()
		h := newSecHarnessOn(t, dialect, false)
		cookies := sessionCookie(t, h.login("demo.client", "DemoClient#2026"))
		body := questions("What was the name of your first pet?", "Rex", "In what city were you born?", "Bristol")
		for _, tc := range []struct {
			version string
			code    int
			api     string
		}{{"22.8.240", 400, accountsec.AnswerTooShort}, {"22.9.237", 400, accountsec.AnswerTooShort}, {"22.9.238", 204, ""}, {"24.1.100", 204, ""}} {
			if _, err := h.platformDB.Exec(h.platformDB.Rebind(`UPDATE firm SET platform_version = ?`), tc.version); err != nil {
				t.Fatal(err)
			}
			expect(t, tc.version, h.do(http.MethodPost, "/xplanapi/session/password_reset_questions", body, cookies), tc.code, tc.api)
		}
	})
}

// As the SetSecurityQuestions login step the call works in a restricted session and completes
// the step; a restricted session with other steps only may not make it, nor may an adviser's
// full session (the page is a client's).
func TestSecurityQuestionsLoginStep(t *testing.T) {
	t.Parallel()
	both(t, func(t *testing.T, h *secHarness) {
		body := questions("What was the name of your first pet?", "Biscuit the spaniel", "In what city were you born?", "Bristol")
		cookies := h.restrictedLogin("demo.client", "DemoClient#2026", "SetSecurityQuestions", "ForceChangePassword")
		expect(t, "step", h.do(http.MethodPost, "/xplanapi/session/password_reset_questions", body, cookies), 204, "")
		var steps string
		if err := h.portalDB.QueryRow(`SELECT pending_steps FROM bff_session WHERE revoked_at IS NULL`).Scan(&steps); err != nil || steps != "ForceChangePassword" {
			t.Fatalf("steps left: %q %v", steps, err)
		}

		other := h.restrictedLogin("demo.assets", "DemoAssets#2026", "SiteTerms")
		expect(t, "other step", h.do(http.MethodPost, "/xplanapi/session/password_reset_questions", body, other), 403, session.ErrStepsOutstanding.APIMessage)
		adviser := sessionCookie(t, h.login("demo.adviser@client", "DemoAdviser#2026"))
		expect(t, "adviser page", h.do(http.MethodPost, "/xplanapi/session/password_reset_questions", body, adviser), 403, apierr.ErrForbidden.APIMessage)
		expect(t, "anonymous", h.do(http.MethodPost, "/xplanapi/session/password_reset_questions", body, nil), 401, apierr.NoSessionAPI)
	})
}

// The biometric permission: 0 until set, then what was set, per user; 1 or 0 only.
func TestBiometricPermission(t *testing.T) {
	t.Parallel()
	both(t, func(t *testing.T, h *secHarness) {
		client := sessionCookie(t, h.login("demo.client", "DemoClient#2026"))
		adviser := sessionCookie(t, h.login("demo.adviser@client", "DemoAdviser#2026"))
		get := func(cookies []*http.Cookie) answer {
			return h.do(http.MethodGet, "/api/biometric/permission", "", cookies)
		}
		put := func(cookies []*http.Cookie, body string) answer {
			return h.do(http.MethodPut, "/api/biometric/permission", body, cookies)
		}
		if a := get(client); a.code != 200 || a.raw != `{"permission":0}` {
			t.Fatalf("never set: %d %s", a.code, a.raw)
		}
		if a := put(client, `{"permission":1}`); a.code != 200 || a.raw != `{"permission":1}` {
			t.Fatalf("grant: %d %s", a.code, a.raw)
		}
		if a := get(client); a.raw != `{"permission":1}` {
			t.Fatalf("after granting: %s", a.raw)
		}
		if a := get(adviser); a.raw != `{"permission":0}` {
			t.Fatalf("another user: %s", a.raw)
		}
		if a := put(adviser, `{"permission":1}`); a.raw != `{"permission":1}` {
			t.Fatalf("adviser grants: %s", a.raw)
		}
		if a := put(client, `{"permission":0}`); a.raw != `{"permission":0}` {
			t.Fatalf("revoke: %s", a.raw)
		}
		if a := get(client); a.raw != `{"permission":0}` {
			t.Fatalf("after revoking: %s", a.raw)
		}
		for _, body := range []string{`{"permission":2}`, `{}`, `{"permission":"1"}`, `nope`} {
			expect(t, body, put(client, body), 400, "")
		}
		expect(t, "anonymous", get(nil), 401, apierr.NoSessionAPI)
		restricted := h.restrictedLogin("demo.client", "DemoClient#2026", "SiteTerms")
		expect(t, "restricted", get(restricted), 403, session.ErrStepsOutstanding.APIMessage)
	})
}

// The whole SetSecurityQuestions step: a client asked to set questions who has none logs in to
// a restricted session, sets them, and the session is then a normal one.
func TestSecurityQuestionsStepAtLogin(t *testing.T) {
	t.Parallel()
	both(t, func(t *testing.T, h *secHarness) {
		if _, err := h.platformDB.Exec(`UPDATE app_user SET set_security_questions = 1 WHERE username = 'demo.assets'`); err != nil {
			t.Fatal(err)
		}
		if _, err := h.platformDB.Exec(`DELETE FROM security_question WHERE user_id = (SELECT id FROM app_user WHERE username = 'demo.assets')`); err != nil {
			t.Fatal(err)
		}
		in := h.login("demo.assets", "DemoAssets#2026")
		if in.code != 200 || in.body["loginStatus"] != "SetSecurityQuestions" {
			t.Fatalf("login: %d %s", in.code, in.raw)
		}
		cookies := sessionCookie(t, in)
		expect(t, "biometric before the step", h.do(http.MethodGet, "/api/biometric/permission", "", cookies), 403, session.ErrStepsOutstanding.APIMessage)
		body := questions("What was the name of your first school?", "Cherwell Primary", "What is your mother's maiden name?", "Krishnan")
		expect(t, "step", h.do(http.MethodPost, "/xplanapi/session/password_reset_questions", body, cookies), 204, "")
		expect(t, "session after the step", h.do(http.MethodGet, "/xplanapi/session/user", "", cookies), 200, "")
		expect(t, "biometric after the step", h.do(http.MethodGet, "/api/biometric/permission", "", cookies), 200, "")
		if again := h.login("demo.assets", "DemoAssets#2026"); again.body["loginStatus"] != "LoginSuccess" {
			t.Fatalf("next login: %s", again.raw)
		}
	})
}

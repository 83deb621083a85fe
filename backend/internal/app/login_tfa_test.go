package app

import (
	"bytes"
	"encoding/base64"
	"image/png"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"

	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/auth"
	"wealthportal/backend/internal/demo"
	"wealthportal/backend/internal/ratelimit"
)

// Where demo.enrol's codes go (backend/internal/demo/steps.go).
const (
	fionaMobile = "+447700900615"
	fionaEmail  = "fiona.macleod@example.co.uk"
)

func (h *stepsHarness) enrol(method string) answer {
	h.t.Helper()
	return h.post("/xplanapi/auth/tfa/device", map[string]string{"username": "demo.enrol", "password": "DemoEnrol#2026", "method": method}, nil)
}

func (h *stepsHarness) validateDevice(username, password, method, deviceID, code string) answer {
	h.t.Helper()
	return h.post("/xplanapi/auth/tfa/validate", map[string]any{"username": username, "password": password, "method": method,
		"code": code, "device_id": deviceID, "loginOnSuccess": false}, nil)
}

func (h *stepsHarness) validateLogin(username, password, method, code string) answer {
	h.t.Helper()
	return h.post("/xplanapi/auth/tfa/validate", map[string]any{"username": username, "password": password, "method": method,
		"code": code, "loginOnSuccess": true}, nil)
}

// otherThan is a six-digit code that is not code.
func otherThan(code string) string {
	if code == "123456" {
		return "654321"
	}
	return "123456"
}

// Enrolling an sms device at login (demo.enrol: second factor required, none enrolled):
// MfaEnrolmentLinkDevice, then MfaEnrolmentValidateDevice, a wrong code
// (MfaEnrolmentLinkDeviceInvalidOtp, and the code is spent), "Request new code", the right code
// (MfaRequired with deviceEnrolled and a fresh login code), then the login.
func TestEnrolSMSDeviceAtLogin(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, h *stepsHarness) {
		in := h.login("demo.enrol", "DemoEnrol#2026")
		wantStatus(t, "login", in, "MfaEnrolmentLinkDevice")
		noSessionCookie(t, "login", in)
		if got := strs(in.body["tfaMethods"]); !slices.Equal(got, []string{"sms", "email", "token"}) {
			t.Fatalf("tfaMethods %v", got)
		}
		want(t, "unknown method", h.enrol("pigeon"), 400, "Unknown verification method")
		want(t, "wrong password", h.post("/xplanapi/auth/tfa/device", map[string]string{"username": "demo.enrol", "password": "nope", "method": "sms"}, nil), 401, apierr.BadCredentials)

		first := h.enrol("sms")
		wantStatus(t, "enrol", first, "MfaEnrolmentValidateDevice")
		device, _ := first.body["deviceId"].(string)
		if !strings.HasPrefix(device, "d-") || first.body["method"] != "sms" {
			t.Fatalf("enrolment %s", first.raw)
		}
		noSessionCookie(t, "enrol", first)
		code := h.lastCode(fionaMobile)
		if code == "" {
			t.Fatal("no enrolment code sent")
		}
		wantStatus(t, "wrong code", h.validateDevice("demo.enrol", "DemoEnrol#2026", "sms", device, otherThan(code)), "MfaEnrolmentLinkDeviceInvalidOtp")
		wantStatus(t, "the right code after a wrong one", h.validateDevice("demo.enrol", "DemoEnrol#2026", "sms", device, code), "MfaEnrolmentLinkDeviceInvalidOtp")
		wantStatus(t, "still not enrolled", h.login("demo.enrol", "DemoEnrol#2026"), "MfaEnrolmentLinkDevice")

		again := h.enrol("sms") // Request new code: a new device and code
		second, _ := again.body["deviceId"].(string)
		if second == device || second == "" {
			t.Fatalf("new code kept the device: %s", again.raw)
		}
		enrolCode := h.lastCode(fionaMobile)
		want(t, "bad credentials", h.validateDevice("demo.enrol", "nope", "sms", second, enrolCode), 401, apierr.BadCredentials)
		linked := h.validateDevice("demo.enrol", "DemoEnrol#2026", "sms", second, enrolCode)
		wantStatus(t, "right code", linked, "MfaRequired")
		if linked.body["deviceEnrolled"] != true || linked.body["mfaMethod"] != "sms" || !slices.Equal(strs(linked.body["tfaMethods"]), []string{"sms"}) {
			t.Fatalf("linked %s", linked.raw)
		}
		noSessionCookie(t, "linked", linked)
		loginCode := h.lastCode(fionaMobile)
		if loginCode == enrolCode || loginCode == "" {
			t.Fatal("no fresh login code after enrolling")
		}
		// With a device enrolled, the password alone cannot enrol another.
		want(t, "enrol again", h.enrol("email"), 403, "No second-factor enrolment is due")
		want(t, "the enrolment code is spent", h.validateLogin("demo.enrol", "DemoEnrol#2026", "sms", enrolCode), 401, apierr.BadOTPAPI)
		loginCode = h.lastCode(fionaMobile) // the bad attempt sent a new one
		done := h.validateLogin("demo.enrol", "DemoEnrol#2026", "sms", loginCode)
		wantStatus(t, "login", done, "LoginSuccess")
		sessionCookie(t, done)
		if u, _ := done.body["user"].(map[string]any); u["method"] != "Mfa" || !slices.Equal(strs(u["tfaMethods"]), []string{"sms"}) {
			t.Fatalf("user after enrolment %v", u)
		}
	})
}

// An email device, an expired enrolment code, and the enrolment problems of spec 1 §8.
func TestEnrolEmailDeviceAndProblems(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, h *stepsHarness) {
		first := h.enrol("email")
		wantStatus(t, "enrol", first, "MfaEnrolmentValidateDevice")
		code := h.lastCode(fionaEmail)
		h.now = h.now.Add(5*time.Minute + time.Second)
		wantStatus(t, "expired code", h.validateDevice("demo.enrol", "DemoEnrol#2026", "email", first.body["deviceId"].(string), code), "MfaEnrolmentLinkDeviceInvalidOtp")

		second := h.enrol("email")
		device := second.body["deviceId"].(string)
		code = h.lastCode(fionaEmail)
		wantStatus(t, "another method's code", h.validateDevice("demo.enrol", "DemoEnrol#2026", "sms", device, code), "MfaEnrolmentLinkDeviceInvalidOtp")
		third := h.enrol("email")
		linked := h.validateDevice("demo.enrol", "DemoEnrol#2026", "email", third.body["deviceId"].(string), h.lastCode(fionaEmail))
		wantStatus(t, "linked", linked, "MfaRequired")
		if linked.body["mfaMethod"] != "email" {
			t.Fatalf("linked %s", linked.raw)
		}
		wantStatus(t, "login code by email", h.validateLogin("demo.enrol", "DemoEnrol#2026", "email", h.lastCode(fionaEmail)), "LoginSuccess")

		// No usable mobile number: invalid_number with the enrolment-problem text.
		h.exec(`UPDATE app_user SET mfa_method = '', mfa_required = 1 WHERE username = 'demo.enrol'`)
		h.exec(`UPDATE contact SET value = 'ring the office' WHERE type = 'p3' AND entity_id = ?`, h.entityOf("demo.enrol"))
		bad := h.enrol("sms")
		want(t, "invalid number", bad, 400, "invalid_number")
		if bad.body["user_message"] != "There is a problem with your registered Phone Number or Email Address. Please contact your adviser for assistance." {
			t.Fatalf("invalid number text %s", bad.raw)
		}
		h.exec(`DELETE FROM contact WHERE type = 'p3' AND entity_id = ?`, h.entityOf("demo.enrol"))
		want(t, "no mobile", h.enrol("sms"), 400, "invalid_number")

		// A firm that offers no method: the list is empty (the browser says so).
		h.exec(`UPDATE firm SET mfa_methods = ''`)
		none := h.login("demo.enrol", "DemoEnrol#2026")
		wantStatus(t, "no methods", none, "MfaEnrolmentLinkDevice")
		if list, ok := none.body["tfaMethods"].([]any); !ok || len(list) != 0 {
			t.Fatalf("tfaMethods %s", none.raw)
		}
		want(t, "enrol a method the firm does not offer", h.enrol("email"), 400, "Unknown verification method")
	})
}

// qrImage decodes a QR code data URL into a PNG image's size.
func qrImage(t *testing.T, dataURL string) int {
	t.Helper()
	raw, ok := strings.CutPrefix(dataURL, "data:image/png;base64,")
	if !ok {
		t.Fatalf("not a PNG data URL: %.40s", dataURL)
	}
	b, err := base64.StdEncoding.DecodeString(raw)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return img.Bounds().Dx()
}

// Enrolling an authenticator app at login: the otpauth URI and its QR code, the app's code
// links the device, the same code cannot then log in (replay), the next one can.
func TestEnrolTokenAtLogin(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, h *stepsHarness) {
		sent := h.messagesTo(fionaMobile) + h.messagesTo(fionaEmail)
		e := h.enrol("token")
		wantStatus(t, "enrol", e, "MfaEnrolmentValidateDevice")
		uri, _ := e.body["otpauthUri"].(string)
		u, err := url.Parse(uri)
		if err != nil || u.Scheme != "otpauth" || u.Host != "totp" || !strings.HasSuffix(u.Path, ":demo.enrol") {
			t.Fatalf("otpauth URI %q", uri)
		}
		q := u.Query()
		secret := q.Get("secret")
		if q.Get("issuer") != "Harbour & Vale Online" || q.Get("digits") != "6" || q.Get("period") != "30" || q.Get("algorithm") != "SHA1" || len(secret) != 32 {
			t.Fatalf("otpauth parameters %v", q)
		}
		if qrImage(t, e.body["qrCode"].(string)) < 100 {
			t.Fatal("QR code too small to scan")
		}
		if h.messagesTo(fionaMobile)+h.messagesTo(fionaEmail) != sent {
			t.Fatal("a token enrolment sent a message")
		}
		code, err := auth.TOTPCode(secret, h.now)
		if err != nil {
			t.Fatal(err)
		}
		linked := h.validateDevice("demo.enrol", "DemoEnrol#2026", "token", e.body["deviceId"].(string), code)
		wantStatus(t, "linked", linked, "MfaRequired")
		if linked.body["mfaMethod"] != "token" || linked.body["deviceEnrolled"] != true {
			t.Fatalf("linked %s", linked.raw)
		}
		want(t, "the enrolment code again", h.validateLogin("demo.enrol", "DemoEnrol#2026", "token", code), 401, apierr.BadOTPAPI)
		h.now = h.now.Add(30 * time.Second)
		next, _ := auth.TOTPCode(secret, h.now)
		wantStatus(t, "next code", h.validateLogin("demo.enrol", "DemoEnrol#2026", "token", next), "LoginSuccess")
	})
}

// demo.token logs in with its authenticator app: no message is sent, a code one step either
// side is accepted, a code is never accepted twice, and a far code is refused.
func TestTokenLogin(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, h *stepsHarness) {
		var before int
		h.platformDB.QueryRow(`SELECT COUNT(*) FROM outbox`).Scan(&before)
		in := h.login("demo.token", "DemoToken#2026")
		wantStatus(t, "login", in, "MfaRequired")
		if in.body["mfaMethod"] != "token" || !slices.Equal(strs(in.body["tfaMethods"]), []string{"token"}) {
			t.Fatalf("challenge %s", in.raw)
		}
		var after int
		h.platformDB.QueryRow(`SELECT COUNT(*) FROM outbox`).Scan(&after)
		if after != before {
			t.Fatal("a token login sent a message")
		}
		far, _ := auth.TOTPCode(demo.TokenSecret, h.now.Add(2*time.Minute))
		bad := h.validateLogin("demo.token", "DemoToken#2026", "token", far)
		want(t, "a code two minutes ahead", bad, 401, apierr.BadOTPAPI)
		if strings.Contains(bad.body["user_message"].(string), "new code has been sent") {
			t.Fatalf("token bad code says a code was sent: %s", bad.raw)
		}
		previous, _ := auth.TOTPCode(demo.TokenSecret, h.now.Add(-30*time.Second))
		ok := h.validateLogin("demo.token", "DemoToken#2026", "token", previous)
		wantStatus(t, "the previous step's code", ok, "LoginSuccess")
		sessionCookie(t, ok)
		want(t, "replayed", h.validateLogin("demo.token", "DemoToken#2026", "token", previous), 401, apierr.BadOTPAPI)
		current, _ := auth.TOTPCode(demo.TokenSecret, h.now)
		wantStatus(t, "the current step's code", h.validateLogin("demo.token", "DemoToken#2026", "token", current), "LoginSuccess")
		want(t, "the current code again", h.validateLogin("demo.token", "DemoToken#2026", "token", current), 401, apierr.BadOTPAPI)
		want(t, "a token login cannot enrol", h.post("/xplanapi/auth/tfa/device", map[string]string{"username": "demo.token", "password": "DemoToken#2026", "method": "sms"}, nil), 403, "No second-factor enrolment is due")
	})
}

// The Additional verification page (signed in): details, choosing a method, a wrong code,
// "Request new code", success; the change ends the user's other sessions and renews this one.
func TestChangeSecondFactorMethod(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, h *stepsHarness) {
		const aishaEmail = "aisha.patel@example.co.uk"
		here := sessionCookie(t, h.validateLogin("demo.mfa", "DemoMfa#2026", "sms", h.loginCode("demo.mfa", "DemoMfa#2026", "+447700900123")))
		elsewhere := sessionCookie(t, h.validateLogin("demo.mfa", "DemoMfa#2026", "sms", h.loginCode("demo.mfa", "DemoMfa#2026", "+447700900123")))

		d := h.do(http.MethodGet, "/api/tfa/details", "", here)
		if d.code != 200 || d.body["mfaMethod"] != "sms" || !slices.Equal(strs(d.body["tfaMethods"]), []string{"sms", "email", "token"}) {
			t.Fatalf("details %d %s", d.code, d.raw)
		}
		want(t, "no method", h.do(http.MethodPut, "/api/tfa/method", `{}`, here), 400, "Please select an additional verification method.")
		want(t, "unknown method", h.do(http.MethodPut, "/api/tfa/method", `{"mfaMethod":"pigeon"}`, here), 400, "Unknown verification method")
		start := h.do(http.MethodPut, "/api/tfa/method", `{"mfaMethod":"email"}`, here)
		device, _ := start.body["deviceId"].(string)
		if start.code != 200 || start.body["mfaMethod"] != "email" || device == "" {
			t.Fatalf("change %d %s", start.code, start.raw)
		}
		code := h.lastCode(aishaEmail)
		for _, body := range []map[string]string{{"mfaMethod": "email", "mfaCode": code}, {"mfaMethod": "email", "deviceId": device}, {"mfaCode": code, "deviceId": device}} {
			want(t, "incomplete", h.post("/api/tfa/validate", body, here), 400, "An error occurred whilst requesting additional verification code.")
		}
		wrong := h.post("/api/tfa/validate", map[string]string{"mfaMethod": "email", "mfaCode": otherThan(code), "deviceId": device}, here)
		if wrong.code != 200 || wrong.body["result"] != "bad_otp" {
			t.Fatalf("wrong code %d %s", wrong.code, wrong.raw)
		}
		// Request new code: the same call again.
		again := h.do(http.MethodPut, "/api/tfa/method", `{"mfaMethod":"email"}`, here)
		device = again.body["deviceId"].(string)
		ok := h.post("/api/tfa/validate", map[string]string{"mfaMethod": "email", "mfaCode": h.lastCode(aishaEmail), "deviceId": device}, here)
		if ok.code != 200 || ok.body["result"] != "device_linked" {
			t.Fatalf("right code %d %s", ok.code, ok.raw)
		}
		renewed := sessionCookie(t, ok)
		want(t, "old cookie", h.do(http.MethodGet, "/xplanapi/session/user", "", here), 401, apierr.NoSessionAPI)
		want(t, "other session", h.do(http.MethodGet, "/xplanapi/session/user", "", elsewhere), 401, apierr.NoSessionAPI)
		if d := h.do(http.MethodGet, "/api/tfa/details", "", renewed); d.code != 200 || d.body["mfaMethod"] != "email" {
			t.Fatalf("details after the change %d %s", d.code, d.raw)
		}
		in := h.login("demo.mfa", "DemoMfa#2026")
		wantStatus(t, "login after the change", in, "MfaRequired")
		if in.body["mfaMethod"] != "email" {
			t.Fatalf("login after the change %s", in.raw)
		}
		wantStatus(t, "email login code", h.validateLogin("demo.mfa", "DemoMfa#2026", "email", h.lastCode(aishaEmail)), "LoginSuccess")

		// Switching to an authenticator app on the page answers the URI and QR code too.
		tok := h.do(http.MethodPut, "/api/tfa/method", `{"mfaMethod":"token"}`, renewed)
		if tok.code != 200 || !strings.HasPrefix(tok.body["otpauthUri"].(string), "otpauth://totp/") || qrImage(t, tok.body["qrCode"].(string)) < 100 {
			t.Fatalf("token %d %.200s", tok.code, tok.raw)
		}
	})
}

// loginCode starts a second-factor login and returns the code sent to to.
func (h *stepsHarness) loginCode(username, password, to string) string {
	h.t.Helper()
	wantStatus(h.t, "login", h.login(username, password), "MfaRequired")
	return h.lastCode(to)
}

// The page is a client's, in a full session.
func TestChangeSecondFactorAccess(t *testing.T) {
	t.Parallel()
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		t.Parallel()
		h := newStepsHarnessOn(t, dialect, false)
		adviser := sessionCookie(t, h.login("demo.adviser@client", "DemoAdviser#2026"))
		for _, p := range []struct{ method, path, body string }{
			{http.MethodGet, "/api/tfa/details", ""}, {http.MethodPut, "/api/tfa/method", `{"mfaMethod":"sms"}`},
			{http.MethodPost, "/api/tfa/validate", `{"mfaMethod":"sms","mfaCode":"123456","deviceId":"d-1"}`},
		} {
			want(t, "adviser "+p.path, h.do(p.method, p.path, p.body, adviser), 403, apierr.ErrForbidden.APIMessage)
			want(t, "anonymous "+p.path, h.do(p.method, p.path, p.body, nil), 401, apierr.NoSessionAPI)
		}
		client := sessionCookie(t, h.login("demo.client", "DemoClient#2026"))
		if d := h.do(http.MethodGet, "/api/tfa/details", "", client); d.code != 200 || d.body["mfaMethod"] != nil {
			t.Fatalf("details without a method %d %s", d.code, d.raw)
		}
		// A device id that is not the user's is an incorrect code.
		res := h.post("/api/tfa/validate", map[string]string{"mfaMethod": "sms", "mfaCode": "123456", "deviceId": "d-someone-elses"}, client)
		if res.code != 200 || res.body["result"] != "bad_otp" {
			t.Fatalf("unknown device %d %s", res.code, res.raw)
		}
	})
}

// The signed-in second-factor calls are rate-limited per user: five codes sent in 15 minutes,
// then "Too many codes have been requested"; five wrong codes, then the code is void.
func TestChangeSecondFactorLimits(t *testing.T) {
	t.Parallel()
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		t.Parallel()
		h := newStepsHarnessOn(t, dialect, false)
		client := sessionCookie(t, h.login("demo.client", "DemoClient#2026"))
		device := ""
		for i := 1; i <= 5; i++ {
			a := h.do(http.MethodPut, "/api/tfa/method", `{"mfaMethod":"email"}`, client)
			if a.code != 200 {
				t.Fatalf("code request %d: %d %s", i, a.code, a.raw)
			}
			device = a.body["deviceId"].(string)
		}
		want(t, "sixth code request", h.do(http.MethodPut, "/api/tfa/method", `{"mfaMethod":"email"}`, client), 429, ratelimit.MsgTooManyCodesSent)
		for i := 1; i <= 5; i++ {
			res := h.post("/api/tfa/validate", map[string]string{"mfaMethod": "email", "mfaCode": "123456", "deviceId": device}, client)
			if res.code != 200 || res.body["result"] != "bad_otp" {
				t.Fatalf("wrong code %d: %d %s", i, res.code, res.raw)
			}
		}
		want(t, "sixth code", h.post("/api/tfa/validate", map[string]string{"mfaMethod": "email", "mfaCode": "123456", "deviceId": device}, client),
			429, ratelimit.MsgCodeVoid)
		// Another user is not affected.
		other := sessionCookie(t, h.login("demo.assets", "DemoAssets#2026"))
		if a := h.do(http.MethodPut, "/api/tfa/method", `{"mfaMethod":"email"}`, other); a.code != 200 {
			t.Fatalf("another user's code request: %d %s", a.code, a.raw)
		}
		h.now = h.now.Add(16 * time.Minute)
		client = sessionCookie(t, h.login("demo.client", "DemoClient#2026"))
		if a := h.do(http.MethodPut, "/api/tfa/method", `{"mfaMethod":"email"}`, client); a.code != 200 {
			t.Fatalf("after the window: %d %s", a.code, a.raw)
		}
	})
}

package app

import (
	"encoding/json"
	"net/http"
	"testing"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"

	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/biometric"
)

// biometricLogin exchanges a device credential for a session, as the app does after its
// biometric check.
func (h *harness) biometricLogin(deviceID, credential string) answer {
	h.t.Helper()
	b, _ := json.Marshal(map[string]string{"device_id": deviceID, "credential": credential})
	return h.do(http.MethodPost, "/api/biometric/login", string(b), nil)
}

// enrolDevice grants the permission and enrols a device; it returns the device id and credential.
func (h *harness) enrolDevice(cookies []*http.Cookie) (string, string) {
	h.t.Helper()
	if a := h.do(http.MethodPut, "/api/biometric/permission", `{"permission":1}`, cookies); a.code != http.StatusOK {
		h.t.Fatalf("permission: %d %s", a.code, a.raw)
	}
	a := h.do(http.MethodPost, "/api/biometric/devices", `{"device_name":"  Eleanor's   iPhone "}`, cookies)
	id, _ := a.body["device_id"].(string)
	credential, _ := a.body["credential"].(string)
	if a.code != http.StatusCreated || id == "" || len(credential) < 43 {
		h.t.Fatalf("enrol: %d %s", a.code, a.raw)
	}
	return id, credential
}

func wantRefused(t *testing.T, what string, a answer) {
	t.Helper()
	if a.code != http.StatusUnauthorized || a.body["user_message"] != biometric.RefusedText {
		t.Fatalf("%s: want the refusal, got %d %s", what, a.code, a.raw)
	}
	for _, c := range a.cookies {
		if c.Name == "portal_session" && c.Value != "" {
			t.Fatalf("%s: a refused exchange set a session cookie", what)
		}
	}
}

// A device enrolled with the permission logs in with its credential, which rotates on every
// use; the old credential replayed is refused and revokes the device.
func TestBiometricLoginRotatesAndRefusesReplay(t *testing.T) {
	t.Parallel()
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		t.Parallel()
		h := newHarness(t, on(dialect))
		client := sessionCookie(t, h.login("demo.client", "DemoClient#2026"))
		id, first := h.enrolDevice(client)
		list := h.do(http.MethodGet, "/api/biometric/devices", "", client)
		if list.code != http.StatusOK || len(list.raw) < 10 {
			t.Fatalf("devices: %d %s", list.code, list.raw)
		}
		var devices []map[string]any
		_ = json.Unmarshal([]byte(list.raw), &devices)
		if len(devices) != 1 || devices[0]["device_id"] != id || devices[0]["device_name"] != "Eleanor's iPhone" || devices[0]["last_used_at"] != nil {
			t.Fatalf("devices: %s", list.raw)
		}

		in := h.biometricLogin(id, first)
		second, _ := in.body["credential"].(string)
		user, _ := in.body["user"].(map[string]any)
		if in.code != http.StatusOK || in.body["loginStatus"] != "LoginSuccess" || user["first_name"] != "Eleanor" || second == "" || second == first {
			t.Fatalf("biometric login: %d %s", in.code, in.raw)
		}
		fresh := sessionCookie(t, in)
		if a := h.do(http.MethodGet, "/xplanapi/session/user", "", fresh); a.code != http.StatusOK {
			t.Fatalf("session after biometric login: %d %s", a.code, a.raw)
		}
		third, _ := h.biometricLogin(id, second).body["credential"].(string)

		// The spent credential again: refused, and the device is revoked, so even the newest fails.
		wantRefused(t, "replayed credential", h.biometricLogin(id, second))
		wantRefused(t, "newest credential after a replay", h.biometricLogin(id, third))
		if a := h.do(http.MethodGet, "/api/biometric/devices", "", client); a.raw != "[]" {
			t.Fatalf("devices after a replay: %s", a.raw)
		}
		wantRefused(t, "unknown device", h.biometricLogin("bd-unknown", third))
	})
}

// A device is revoked when the permission goes to 0, when the password changes and when the
// user removes it; enrolment needs the permission; another user cannot remove it.
func TestBiometricDeviceRevocation(t *testing.T) {
	t.Parallel()
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		t.Parallel()
		h := newHarness(t, on(dialect))
		client := sessionCookie(t, h.login("demo.client", "DemoClient#2026"))

		id, credential := h.enrolDevice(client)
		if a := h.do(http.MethodPut, "/api/biometric/permission", `{"permission":0}`, client); a.code != http.StatusOK {
			t.Fatalf("permission 0: %d %s", a.code, a.raw)
		}
		wantRefused(t, "after the permission went to 0", h.biometricLogin(id, credential))
		want(t, "enrol without permission", h.do(http.MethodPost, "/api/biometric/devices", `{"device_name":"x"}`, client), 403,
			biometric.ErrPermissionRequired.APIMessage)

		id, credential = h.enrolDevice(client)
		other := sessionCookie(t, h.login("demo.assets", "DemoAssets#2026"))
		want(t, "another user's device", h.do(http.MethodDelete, "/api/biometric/devices/"+id, "", other), 404, apierr.ErrNotFound.APIMessage)
		if a := h.do(http.MethodDelete, "/api/biometric/devices/"+id, "", client); a.code != http.StatusNoContent {
			t.Fatalf("remove: %d %s", a.code, a.raw)
		}
		wantRefused(t, "after removal", h.biometricLogin(id, credential))

		id, credential = h.enrolDevice(client)
		change := h.do(http.MethodPost, "/xplanapi/session/password", `{"old_password":"DemoClient#2026","new_password":"Harbour-Lantern-Quay-77"}`, client)
		if change.code != http.StatusOK && change.code != http.StatusNoContent {
			t.Fatalf("password change: %d %s", change.code, change.raw)
		}
		wantRefused(t, "after a password change", h.biometricLogin(id, credential))
		want(t, "anonymous device list", h.do(http.MethodGet, "/api/biometric/devices", "", nil), 401, apierr.NoSessionAPI)
	})
}

// Wrong credentials for one device are limited like wrong passwords: the sixth try is refused
// with the lock-out answer.
func TestBiometricLoginLimited(t *testing.T) {
	t.Parallel()
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		t.Parallel()
		h := newHarness(t, on(dialect))
		client := sessionCookie(t, h.login("demo.client", "DemoClient#2026"))
		id, credential := h.enrolDevice(client)
		for i := 1; i <= 5; i++ {
			wantRefused(t, "wrong credential", h.biometricLogin(id, "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"))
		}
		if a := h.biometricLogin(id, credential); a.code != http.StatusTooManyRequests {
			t.Fatalf("sixth try: %d %s", a.code, a.raw)
		}
	})
}

// A change of second factor revokes the device too: it is bound to the second factor it was
// enrolled under.
func TestBiometricDeviceRevokedBySecondFactorChange(t *testing.T) {
	t.Parallel()
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		t.Parallel()
		h := newStepsHarnessOn(t, dialect, false)
		const aishaMobile, aishaEmail = "+447700900123", "aisha.patel@example.co.uk"
		here := sessionCookie(t, h.validateLogin("demo.mfa", "DemoMfa#2026", "sms", h.loginCode("demo.mfa", "DemoMfa#2026", aishaMobile)))
		id, credential := h.enrolDevice(here)
		start := h.do(http.MethodPut, "/api/tfa/method", `{"mfaMethod":"email"}`, here)
		device, _ := start.body["deviceId"].(string)
		ok := h.post("/api/tfa/validate", map[string]string{"mfaMethod": "email", "mfaCode": h.lastCode(aishaEmail), "deviceId": device}, here)
		if ok.code != http.StatusOK || ok.body["result"] != "device_linked" {
			t.Fatalf("method change: %d %s", ok.code, ok.raw)
		}
		wantRefused(t, "after a change of second factor", h.biometricLogin(id, credential))
	})
}

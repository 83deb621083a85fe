package app

import (
	"encoding/json"
	"fmt"
	"net/http"
	"testing"
	"time"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"

	"wealthportal/backend/internal/biometric"
	"wealthportal/backend/internal/ratelimit"
)

// A login has at most 10 devices: the eleventh enrolment is refused with a clear message until
// a device is removed; devices removed long ago do not pile up (finding 3).
func TestBiometricDevicesPerUserCapped(t *testing.T) {
	t.Parallel()
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		t.Parallel()
		h := newHarness(t, on(dialect))
		client := sessionCookie(t, h.login("demo.client", "DemoClient#2026"))
		var ids []string
		for i := 0; i < biometric.MaxDevices; i++ {
			id, _ := h.enrolDevice(client)
			ids = append(ids, id)
		}
		eleventh := h.do(http.MethodPost, "/api/biometric/devices", `{"device_name":"Eleventh"}`, client)
		want(t, "eleventh device", eleventh, http.StatusConflict, biometric.ErrTooManyDevices.APIMessage)
		if eleventh.body["user_message"] != biometric.ErrTooManyDevices.UserMessage {
			t.Errorf("eleventh device: %s", eleventh.raw)
		}
		if a := h.do(http.MethodDelete, "/api/biometric/devices/"+ids[0], "", client); a.code != http.StatusNoContent {
			t.Fatalf("remove: %d %s", a.code, a.raw)
		}
		if a := h.do(http.MethodPost, "/api/biometric/devices", `{"device_name":"Replacement"}`, client); a.code != http.StatusCreated {
			t.Fatalf("enrol after removing one: %d %s", a.code, a.raw)
		}

		// Enrol and remove in a loop (past the write limit's window now and then): the revoked
		// devices kept on record stay bounded.
		if a := h.do(http.MethodDelete, "/api/biometric/devices/"+ids[1], "", client); a.code != http.StatusNoContent {
			t.Fatalf("remove: %d %s", a.code, a.raw)
		}
		for i := 0; i < 30; i++ {
			if i%10 == 0 {
				h.now = h.now.Add(16 * time.Minute)
				client = sessionCookie(t, h.login("demo.client", "DemoClient#2026"))
			}
			a := h.do(http.MethodPost, "/api/biometric/devices", `{"device_name":"Loop"}`, client)
			id, _ := a.body["device_id"].(string)
			if a.code != http.StatusCreated {
				t.Fatalf("loop enrol %d: %d %s", i, a.code, a.raw)
			}
			if a := h.do(http.MethodDelete, "/api/biometric/devices/"+id, "", client); a.code != http.StatusNoContent {
				t.Fatalf("loop remove %d: %d %s", i, a.code, a.raw)
			}
		}
		var active, revoked int
		if err := h.app.DB.QueryRow(`SELECT COUNT(*) FILTER (WHERE revoked_at IS NULL), COUNT(*) FILTER (WHERE revoked_at IS NOT NULL)
		FROM biometric_device`).Scan(&active, &revoked); err != nil {
			t.Fatal(err)
		}
		if active != biometric.MaxDevices-1 || revoked > 21 {
			t.Errorf("%d active and %d revoked devices on record, want %d and at most 21", active, revoked, biometric.MaxDevices-1)
		}
	})
}

// Signed-in writes that store something are limited per user: past 30 in 15 minutes the next
// one is a 429 with Retry-After, whichever write it is; other users are not affected, and the
// limit lifts when its lock-out ends (finding 3).
func TestSignedInWritesRateLimited(t *testing.T) {
	t.Parallel()
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		t.Parallel()
		h := newHarness(t, on(dialect))
		client := sessionCookie(t, h.login("demo.client", "DemoClient#2026"))
		var entity int64
		if err := h.app.DB.QueryRow(`SELECT entity_id FROM app_user WHERE username = 'demo.client'`).Scan(&entity); err != nil {
			t.Fatal(err)
		}
		terms, _ := json.Marshal(termsBody())
		path := fmt.Sprintf(termsPathFormat, entity)
		for i := 1; i <= 30; i++ {
			if a := h.do(http.MethodPost, path, string(terms), client); a.code != http.StatusNoContent {
				t.Fatalf("acceptance %d: %d %s", i, a.code, a.raw)
			}
		}
		over := h.do(http.MethodPost, path, string(terms), client)
		want(t, "31st acceptance", over, http.StatusTooManyRequests, ratelimit.MsgTooManyChanges)
		if over.header.Get("Retry-After") == "" {
			t.Error("no Retry-After on the 429")
		}
		want(t, "enrolment past the limit", h.do(http.MethodPost, "/api/biometric/devices", `{"device_name":"x"}`, client),
			http.StatusTooManyRequests, ratelimit.MsgTooManyChanges)
		want(t, "permission past the limit", h.do(http.MethodPut, "/api/biometric/permission", `{"permission":1}`, client),
			http.StatusTooManyRequests, ratelimit.MsgTooManyChanges)

		other := sessionCookie(t, h.login("demo.assets", "DemoAssets#2026"))
		if a := h.do(http.MethodPut, "/api/biometric/permission", `{"permission":1}`, other); a.code != http.StatusOK {
			t.Fatalf("another user's write: %d %s", a.code, a.raw)
		}
		h.now = h.now.Add(16 * time.Minute)
		client = sessionCookie(t, h.login("demo.client", "DemoClient#2026"))
		if a := h.do(http.MethodPost, path, string(terms), client); a.code != http.StatusNoContent {
			t.Fatalf("after the lock-out: %d %s", a.code, a.raw)
		}
	})
}

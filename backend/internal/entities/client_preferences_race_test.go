package entities

import (
	"net/http"
	"sync"
	"testing"

	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// Two saves of the preferences page at once (two tabs, two devices) each PATCH only the field
// they changed, and the platform writes only the fields a PATCH names: whichever request runs
// second, both changes are kept (last write wins per field, issue 17 deliverable 4). The rounds
// flip both fields every time, so a PATCH that wrote a field it was not given (the stale value
// its sender loaded) would undo the other request's change in some round.
func TestConcurrentPreferencePatchesKeepEachField(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		e := newTestEnv(t, dialect)
		// One after the other first: a page that loaded SMS off and then changed only email sends
		// only email, so the SMS change saved meanwhile from another device stays.
		for _, change := range []map[string]any{{"comm_pref_sms": "1"}, {"comm_pref_email": "0"}} {
			if code, body := e.call("eleanor", http.MethodPatch, "entity/client-v3/1001", change); code != http.StatusOK {
				t.Fatalf("PATCH %v: %d %s", change, code, body)
			}
		}
		if got, want := commPrefs(t, e, eleanor), [3]bool{false, false, true}; got != want {
			t.Fatalf("after two PATCHes in turn: %v, want %v (email, mail, sms)", got, want)
		}
		e.login("eleanor") // signed in before the goroutines share the session cookie
		flagOf := map[bool]string{true: "1", false: "0"}
		for round := 0; round < 12; round++ {
			email, sms := round%2 == 0, round%2 == 1
			start := make(chan struct{})
			var wg sync.WaitGroup
			codes := make([]int, 2)
			bodies := make([]string, 2)
			for i, change := range []map[string]any{{"comm_pref_email": flagOf[email]}, {"comm_pref_sms": flagOf[sms]}} {
				wg.Add(1)
				go func() {
					defer wg.Done()
					<-start
					codes[i], bodies[i] = e.call("eleanor", http.MethodPatch, "entity/client-v3/1001", change)
				}()
			}
			close(start)
			wg.Wait()
			for i := range codes {
				if codes[i] != http.StatusOK {
					t.Fatalf("round %d, PATCH %d: %d %s", round, i, codes[i], bodies[i])
				}
			}
			// The fixture's mail preference (off) is named by neither request and never changes.
			if got, want := commPrefs(t, e, eleanor), [3]bool{email, false, sms}; got != want {
				t.Fatalf("round %d: preferences %v, want %v (email, mail, sms)", round, got, want)
			}
		}
	})
}

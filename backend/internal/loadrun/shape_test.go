package loadrun

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// A session's start and pauses come from the seed alone: the same seed and session give the
// same draws, every start lies in [0, ramp) and every pause in [min, max], and 200 sessions'
// starts spread over the ramp instead of bunching at its start.
func TestPacerDrawsAreRepeatableAndInRange(t *testing.T) {
	shape := Shape{Ramp: 12 * time.Second, ThinkMin: 500 * time.Millisecond, ThinkMax: 2 * time.Second, Seed: 7}
	var early, late int
	for i := range 200 {
		a, b := newPacer(shape, i), newPacer(shape, i)
		start := a.start()
		if start != b.start() {
			t.Fatalf("session %d: two starts from one seed", i)
		}
		if start < 0 || start >= shape.Ramp {
			t.Fatalf("session %d starts at %s, outside [0, %s)", i, start, shape.Ramp)
		}
		switch {
		case start < shape.Ramp/4:
			early++
		case start >= 3*shape.Ramp/4:
			late++
		}
		for range 20 {
			d := a.think()
			if d != b.think() || d < shape.ThinkMin || d > shape.ThinkMax {
				t.Fatalf("session %d: pause %s (want the same draw, in [%s, %s])", i, d, shape.ThinkMin, shape.ThinkMax)
			}
		}
	}
	// Uniform starts put about a quarter in each quarter of the ramp (50 of 200); all in the
	// first quarter would be the old stampede.
	if early < 25 || early > 75 || late < 25 || late > 75 {
		t.Fatalf("starts in the first and last quarter of the ramp: %d and %d of 200", early, late)
	}
	if newPacer(shape, 1).start() == newPacer(Shape{Ramp: shape.Ramp, Seed: 8}, 1).start() {
		t.Fatal("another seed drew the same start")
	}
}

// A session logs in once, then makes its rounds until the run ends, and logs out: logins are
// not repeated per round, and the report counts every request in "all" and all but the login
// in "all but logins".
func TestSessionLogsInOnceAndStaysActive(t *testing.T) {
	var mu sync.Mutex
	var seen []string
	stop := make(chan struct{})
	var once sync.Once
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		seen = append(seen, r.Method+" "+r.URL.Path)
		if len(seen) == 12 {
			once.Do(func() { close(stop) })
		}
		mu.Unlock()
		switch {
		case r.URL.Path == "/xplanapi/auth/login":
			http.SetCookie(w, &http.Cookie{Name: "portal_session", Value: "s", Path: "/"})
			w.Write([]byte(`{"loginStatus":"LoginSuccess"}`))
		case r.URL.Path == "/xplanapi/session/user":
			w.Write([]byte(`{"entity_id":9}`))
		case r.URL.Path == "/xplanapi/entity/client-v3":
			w.Write([]byte(`[{"id":9}]`))
		case r.Method == http.MethodDelete:
			w.WriteHeader(http.StatusNoContent)
		default:
			w.Write([]byte(`{}`))
		}
	}))
	defer srv.Close()
	shape := Shape{Ramp: time.Millisecond, ThinkMin: time.Millisecond, ThinkMax: 2 * time.Millisecond, Seed: 1}
	s := newSession(0, visitor{username: "adviser1@client", adviser: true, surnames: []string{"Able"}},
		[]string{srv.URL}, http.DefaultTransport, time.Date(2026, 11, 25, 0, 0, 0, 0, time.UTC), shape, stop)
	s.run(context.Background())

	mu.Lock()
	defer mu.Unlock()
	logins := strings.Count(strings.Join(seen, "\n"), "POST /xplanapi/auth/login")
	if logins != 1 || seen[0] != "POST /xplanapi/auth/login" || seen[len(seen)-1] != "DELETE /xplanapi/session" {
		t.Fatalf("%d logins; requests %q", logins, seen)
	}
	if len(seen) < 12 {
		t.Fatalf("%d requests before the run ended, want at least 12", len(seen))
	}
	r := &Report{}
	r.summarise([]*session{s})
	if r.Overall.Requests != len(seen) || r.AllButLogins.Requests != len(seen)-1 || r.ErrorCount() != 0 {
		t.Fatalf("all %d, all but logins %d, errors %v; %d requests made", r.Overall.Requests, r.AllButLogins.Requests, r.Errors, len(seen))
	}
}

package platform

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"wealthportal/backend/internal/apierr"
)

// hungPlatform answers nothing (or, with headersFirst, sends its headers and then nothing)
// until the test ends.
func hungPlatform(t *testing.T, headersFirst bool) *httptest.Server {
	t.Helper()
	stop := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if headersFirst {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusOK)
			w.(http.Flusher).Flush()
		}
		select {
		case <-r.Context().Done():
		case <-stop:
		}
	}))
	t.Cleanup(srv.Close)
	t.Cleanup(func() { close(stop) }) // first, so Close does not wait on the handlers
	return srv
}

func remoteClient(t *testing.T, url string) *Client {
	t.Helper()
	c, err := NewRemoteClient(url, "wealth-portal", 50*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// wantAnswer checks that err reaches the user as answer (through any wrapping).
func wantAnswer(t *testing.T, err error, answer *apierr.Error) {
	t.Helper()
	var ae *apierr.Error
	if !errors.As(err, &ae) || ae != answer {
		t.Fatalf("error %v reaches the user as %+v, want %+v", err, ae, answer)
	}
}

// A platform that does not answer in time is ErrPlatformTimeout (504), whatever the call.
func TestRemoteClientTimesOut(t *testing.T) {
	c := remoteClient(t, hungPlatform(t, false).URL)
	ctx := context.Background()
	wantAnswer(t, c.Do(ctx, "token", http.MethodGet, "session/user", nil, nil), ErrPlatformTimeout)
	_, _, err := c.SignIn(ctx, "demo.client", "secret")
	wantAnswer(t, err, ErrPlatformTimeout)
	_, _, err = c.SignIn(ctx, "demo.client", "secret")
	wantAnswer(t, err, ErrPlatformTimeout)
	wantAnswer(t, c.DoBasic(ctx, "demo.client", "secret", http.MethodPost, "auth/tfa", nil, nil), ErrPlatformTimeout)
	err = c.Relay(ctx, "token", http.MethodGet, "entity/client/1", "", nil, func(int, string) io.Writer { return io.Discard })
	wantAnswer(t, err, ErrPlatformTimeout)
}

// A platform that sends its headers and then stalls: a call read to its end, and a relayed
// (streaming) answer, both end with ErrPlatformTimeout instead of waiting on.
func TestRemoteClientStalledAnswer(t *testing.T) {
	c := remoteClient(t, hungPlatform(t, true).URL)
	ctx := context.Background()
	var out map[string]any
	wantAnswer(t, c.Do(ctx, "token", http.MethodGet, "session/user", nil, &out), ErrPlatformTimeout)
	started := false
	err := c.Relay(ctx, "token", http.MethodGet, "entity/client/1", "", nil, func(int, string) io.Writer {
		started = true
		return io.Discard
	})
	if !started {
		t.Fatal("the answer's head was not passed on before the body stalled")
	}
	wantAnswer(t, err, ErrPlatformTimeout)
}

// A platform that cannot be reached is ErrPlatformUnavailable (503); a call the user abandoned
// is neither (nobody is waiting for the answer).
func TestRemoteClientUnreachableAndAbandoned(t *testing.T) {
	gone := httptest.NewServer(http.NotFoundHandler())
	gone.Close()
	wantAnswer(t, remoteClient(t, gone.URL).Do(context.Background(), "token", http.MethodGet, "session/user", nil, nil), ErrPlatformUnavailable)

	c := remoteClient(t, hungPlatform(t, false).URL)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	err := c.Do(ctx, "token", http.MethodGet, "session/user", nil, nil)
	var ae *apierr.Error
	if err == nil || errors.As(err, &ae) {
		t.Fatalf("abandoned call: %v", err)
	}
}

// The time-out is required: a client without one would wait for ever.
func TestRemoteClientNeedsTimeout(t *testing.T) {
	if _, err := NewRemoteClient("http://platform.example", "wealth-portal", 0); err == nil {
		t.Fatal("a remote client without a time-out was made")
	}
}

package app

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"testing"

	"wealthportal/backend/internal/platform"
)

// platformGet relays GET path to the platform with a platform session, as the BFF forwards a
// call, and returns the platform's status and body.
func platformGet(t *testing.T, p platform.API, token, path string) (int, string) {
	t.Helper()
	var status int
	var body bytes.Buffer
	err := p.Relay(context.Background(), token, http.MethodGet, path, "", nil, func(code int, _ string) io.Writer {
		status = code
		return &body
	})
	if err != nil {
		t.Fatal(err)
	}
	return status, body.String()
}

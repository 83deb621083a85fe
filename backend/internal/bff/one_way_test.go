package bff

import (
	"net/http"
	"testing"
)

// With one-way messaging on, a client's new message, reply and attachment are refused; reading
// and read receipts are not. Off, nothing is.
func TestOneWayRefuses(t *testing.T) {
	for _, c := range []struct {
		method, path string
		refused      bool
	}{
		{http.MethodPost, "docnote-v2", true},
		{http.MethodPost, "docnote-v2/12/attachment-v3", true},
		{http.MethodGet, "docnote-v2", false},
		{http.MethodPost, "docnote-v2/12/firstread", false},
		{http.MethodGet, "docnote/files/12/3/a.pdf", false},
	} {
		call, ok := Match(c.method, c.path)
		if !ok {
			t.Fatalf("%s %s is not in the table", c.method, c.path)
		}
		if got := OneWayRefuses(true, call); got != c.refused {
			t.Errorf("one-way on, %s %s: refused %v", c.method, c.path, got)
		}
		if OneWayRefuses(false, call) {
			t.Errorf("one-way off, %s %s refused", c.method, c.path)
		}
	}
}

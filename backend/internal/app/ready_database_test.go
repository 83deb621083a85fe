package app

import (
	"net/http"
	"testing"
)

// /readyz names the database behind the store (its dialect: no host, file or credential), so an
// operator running several instances sees which store each one uses.
func TestReadyzNamesTheDatabase(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	a := h.do(http.MethodGet, "/readyz", "", nil)
	if a.code != http.StatusOK || a.body["database"] != "sqlite" {
		t.Fatalf("readyz %d %s: want database sqlite", a.code, a.raw)
	}
}

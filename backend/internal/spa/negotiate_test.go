package spa

import (
	"net/http"
	"testing"
)

func TestNegotiateEncoding(t *testing.T) {
	both := func(string) bool { return true }
	gzipOnly := func(c string) bool { return c == "gzip" }
	brOnly := func(c string) bool { return c == "br" }
	cases := []struct {
		name      string
		accept    []string // nil: no Accept-Encoding header
		available func(string) bool
		want      string
	}{
		{"missing header", nil, both, ""},
		{"empty header", []string{""}, both, ""},
		{"Chromium", []string{"gzip, deflate, br, zstd"}, both, "br"},
		{"Firefox", []string{"gzip, deflate, br"}, both, "br"},
		{"gzip only", []string{"gzip"}, both, "gzip"},
		{"br only", []string{"br"}, both, "br"},
		{"q-values honoured", []string{"br;q=0.5, gzip;q=0.9"}, both, "gzip"},
		{"equal q: br preferred", []string{"gzip;q=0.7, br;q=0.7"}, both, "br"},
		{"br refused", []string{"br;q=0, gzip"}, both, "gzip"},
		{"both refused", []string{"br;q=0, gzip;q=0"}, both, ""},
		{"q=0.000", []string{"br;q=0.000, gzip;q=0.000"}, both, ""},
		{"tiny q still accepts", []string{"gzip;q=0.001"}, both, "gzip"},
		{"star", []string{"*"}, both, "br"},
		{"star refused", []string{"*;q=0"}, both, ""},
		{"star refused, gzip named", []string{"*;q=0, gzip"}, both, "gzip"},
		{"star lower than named", []string{"gzip;q=1, *;q=0.5"}, both, "gzip"},
		{"identity only", []string{"identity"}, both, ""},
		{"identity preferred outright", []string{"identity;q=1, gzip;q=0.5"}, both, ""},
		{"identity refused", []string{"identity;q=0"}, both, ""},
		{"identity equal: coding preferred", []string{"identity, gzip"}, both, "gzip"},
		{"unknown codings", []string{"deflate, zstd, compress"}, both, ""},
		{"case and spaces", []string{" BR ; Q=0.9 , GZip ; q=0.8 "}, both, "br"},
		{"x-gzip", []string{"x-gzip"}, both, "gzip"},
		{"unreadable q refuses", []string{"br;q=high, gzip"}, both, "gzip"},
		{"q above 1 refuses", []string{"br;q=2, gzip"}, both, "gzip"},
		{"other parameters ignored", []string{"br;level=5"}, both, "br"},
		{"two header lines", []string{"gzip", "br"}, both, "br"},
		{"no br sibling", []string{"gzip, br"}, gzipOnly, "gzip"},
		{"no gzip sibling", []string{"gzip"}, brOnly, ""},
		{"star, gzip sibling only", []string{"*"}, gzipOnly, "gzip"},
	}
	for _, tc := range cases {
		h := http.Header{}
		for _, v := range tc.accept {
			h.Add("Accept-Encoding", v)
		}
		if got := negotiateEncoding(h, tc.available); got != tc.want {
			t.Errorf("%s (%q): %q, want %q", tc.name, tc.accept, got, tc.want)
		}
	}
}

// ServesBuiltFile names the responses the dynamic gzip middleware leaves alone: files of the
// build, not the pages and files rendered per request, nor paths that name no file.
func TestServesBuiltFile(t *testing.T) {
	files := precompressedFiles(t)
	for p, want := range map[string]bool{
		"/assets/app-abc1.js":       true,
		"/assets/index-abc1.js":     true, // tiny: not worth compressing
		"/branding/icon-192.png":    true,
		"/sw.js":                    true,
		"/assets/../sw.js":          true,
		"/":                         false,
		"/index.html":               false,
		"/site-config.json":         false,
		"/manifest.webmanifest":     false,
		"/clients/home":             false, // the app's index.html
		"/assets/missing-abc1.js":   false,
		"/assets":                   false, // a folder
		"/xplanapi/session/user":    false,
		"/resourceful/entity":       false,
		"/assets/\xff.js":           false,
		"/healthz":                  false,
		"/assets/app-abc1.js.br":    true, // sent as a file of its own, never compressed again
		"/api/site-config.json":     false,
		"/bff/api/account/overview": false,
	} {
		if got := ServesBuiltFile(files, p); got != want {
			t.Errorf("%q: %v, want %v", p, got, want)
		}
	}
}

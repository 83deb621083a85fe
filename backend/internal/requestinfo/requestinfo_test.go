package requestinfo

import (
	"crypto/tls"
	"net/http/httptest"
	"testing"
)

func TestIsHTTPS(t *testing.T) {
	trusted, err := ParseTrustedProxies([]string{"10.0.0.0/8", "192.0.2.7", "::1"})
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name    string
		peer    string
		tls     bool
		headers map[string]string
		want    bool
	}{
		{"plain http", "203.0.113.9:5000", false, nil, false},
		{"direct TLS", "203.0.113.9:5000", true, nil, true},
		{"untrusted peer claims https", "203.0.113.9:5000", false, map[string]string{"X-Forwarded-Proto": "https"}, false},
		{"untrusted peer claims https by Forwarded", "203.0.113.9:5000", false, map[string]string{"Forwarded": "for=1.2.3.4;proto=https"}, false},
		{"trusted proxy says https", "10.1.2.3:5000", false, map[string]string{"X-Forwarded-Proto": "https"}, true},
		{"trusted proxy by address", "192.0.2.7:5000", false, map[string]string{"X-Forwarded-Proto": "HTTPS"}, true},
		{"trusted IPv6 proxy", "[::1]:5000", false, map[string]string{"X-Forwarded-Proto": "https"}, true},
		{"trusted proxy says http", "10.1.2.3:5000", false, map[string]string{"X-Forwarded-Proto": "http"}, false},
		{"trusted proxy without a header", "10.1.2.3:5000", false, nil, false},
		{"the proxy's own (last) value counts", "10.1.2.3:5000", false, map[string]string{"X-Forwarded-Proto": "https, http"}, false},
		{"trusted proxy, Forwarded", "10.1.2.3:5000", false, map[string]string{"Forwarded": `for=1.2.3.4, for="5.6.7.8";Proto="https"`}, true},
		{"the two headers disagree", "10.1.2.3:5000", false, map[string]string{"Forwarded": "proto=https", "X-Forwarded-Proto": "http"}, false},
		{"IPv4-mapped peer", "[::ffff:10.9.9.9]:5000", false, map[string]string{"X-Forwarded-Proto": "https"}, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := httptest.NewRequest("GET", "/", nil)
			r.RemoteAddr = tc.peer
			if tc.tls {
				r.TLS = &tls.ConnectionState{}
			}
			for k, v := range tc.headers {
				r.Header.Set(k, v)
			}
			if got := IsHTTPS(r, trusted); got != tc.want {
				t.Fatalf("IsHTTPS = %v, want %v", got, tc.want)
			}
		})
	}
	// Nobody is trusted by default.
	r := httptest.NewRequest("GET", "/", nil)
	r.RemoteAddr = "10.1.2.3:5000"
	r.Header.Set("X-Forwarded-Proto", "https")
	if IsHTTPS(r, TrustedProxies{}) {
		t.Fatal("the zero TrustedProxies believed a header")
	}
}

func TestParseTrustedProxiesRefusesJunk(t *testing.T) {
	if _, err := ParseTrustedProxies([]string{"proxy.example"}); err == nil {
		t.Fatal("a host name was accepted")
	}
}

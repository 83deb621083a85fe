package ratelimit

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

func TestClientAddressBelievesOnlyTrustedProxies(t *testing.T) {
	gin.SetMode(gin.TestMode)
	cases := []struct {
		name    string
		trusted []string
		remote  string
		xff     string
		want    string
	}{
		{"no proxy trusted: the peer, whatever the header says", nil, "192.0.2.9:5000", "198.51.100.7", "192.0.2.9"},
		{"trusted proxy: the forwarded client", []string{"10.0.0.1"}, "10.0.0.1:5000", "198.51.100.7", "198.51.100.7"},
		{"trusted proxy CIDR, header chain: the last untrusted hop", []string{"10.0.0.0/8"}, "10.0.0.2:5000", "203.0.113.5, 198.51.100.7, 10.0.0.3", "198.51.100.7"},
		{"untrusted peer with a forged header: the peer", []string{"10.0.0.1"}, "192.0.2.9:5000", "198.51.100.7", "192.0.2.9"},
		{"IPv6 peer", nil, "[2001:db8::5]:5000", "", "2001:db8::5"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			e := gin.New()
			if err := e.SetTrustedProxies(tc.trusted); err != nil {
				t.Fatal(err)
			}
			var got string
			var key Key
			e.GET("/", func(c *gin.Context) { got, key = ClientAddress(c), AddressKeyOf(c) })
			req := httptest.NewRequest(http.MethodGet, "/", nil)
			req.RemoteAddr = tc.remote
			if tc.xff != "" {
				req.Header.Set("X-Forwarded-For", tc.xff)
			}
			e.ServeHTTP(httptest.NewRecorder(), req)
			if got != tc.want || key != AddressKey(tc.want) {
				t.Fatalf("ClientAddress = %q, key %+v, want %q", got, key, tc.want)
			}
		})
	}
}

// POST /xplanapi/auth/login as the lead wires it, reduced to the limiter: the refusal is a 429
// with Retry-After and the contract's text.
func TestDenyAnswers429WithRetryAfter(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		gin.SetMode(gin.TestMode)
		f := newFixture(t, dialect, nil)
		f.run([]op{fail(5)})
		f.clk.Advance(90*time.Second + 500*time.Millisecond)
		e := gin.New()
		e.POST("/xplanapi/auth/login", apierr.Handler(func(c *gin.Context) error {
			d, err := f.lim.Check(c.Request.Context(), acc, AddressKeyOf(c))
			if err != nil {
				return err
			}
			if !d.Allowed {
				return Deny(c, d)
			}
			c.Status(http.StatusNoContent)
			return nil
		}))
		req := httptest.NewRequest(http.MethodPost, "/xplanapi/auth/login", nil)
		req.RemoteAddr = "192.0.2.10:4000"
		w := httptest.NewRecorder()
		e.ServeHTTP(w, req)
		var body map[string]string
		json.Unmarshal(w.Body.Bytes(), &body)
		if w.Code != http.StatusTooManyRequests || w.Header().Get("Retry-After") != "810" ||
			body["api_message"] != apierr.TooManyAttempts || body["user_message"] != apierr.TooManyAttempts {
			t.Fatalf("%d %q %v", w.Code, w.Header().Get("Retry-After"), body)
		}
		// An admitted decision is not denied.
		c, _ := gin.CreateTestContext(httptest.NewRecorder())
		d, _ := f.lim.Check(context.Background(), AccountKey("someone.else"))
		if err := Deny(c, d); err != nil || d.Err() != nil || c.Writer.Header().Get("Retry-After") != "" {
			t.Fatalf("allowed decision denied: %v", err)
		}
	})
}

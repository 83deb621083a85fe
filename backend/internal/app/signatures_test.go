package app

import (
	"encoding/json"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"wealthportal/backend/internal/signatures"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// demo.client signs the demo's suitability report through the portal, with the code from the
// development outbox: the viewer's PDF may be framed by the portal's own pages (and no other
// answer may), a wrong code answers the platform's text, and the signed PDF has one page more.
func TestSigningThroughThePortal(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, d store.Dialect) {
		eachPlatformMode(t, d, func(t *testing.T, h *harness) {
			cookies := sessionCookie(t, h.login("demo.client", "DemoClient#2026"))
			list := h.do(http.MethodGet, "/xplanapi/digital_signature?page_size=100&page_sort=-last_notified_at", "", cookies)
			if list.code != 200 || list.header.Get("X-Frame-Options") != "DENY" {
				t.Fatalf("list: %d %v %s", list.code, list.header.Get("X-Frame-Options"), list.raw)
			}
			var items []struct {
				ID       int64  `json:"id"`
				Filename string `json:"filename"`
			}
			if err := json.Unmarshal([]byte(list.raw), &items); err != nil {
				t.Fatal(err)
			}
			var id int64
			for _, it := range items {
				if it.Filename == "Suitability report 2026.pdf" {
					id = it.ID
				}
			}
			if id == 0 {
				t.Fatalf("no suitability report in %s", list.raw)
			}
			base := "/xplanapi/digital_signature/" + strconv.FormatInt(id, 10)
			var sigs []struct {
				ID int64 `json:"id"`
			}
			if a := h.do(http.MethodGet, base+"/signatories", "", cookies); a.code != 200 || json.Unmarshal([]byte(a.raw), &sigs) != nil || len(sigs) != 1 {
				t.Fatalf("signatories: %d %s", a.code, a.raw)
			}
			content := "/xplanapi/digital_signature/content/" + strconv.FormatInt(id, 10) + "/" + url.PathEscape("Suitability report 2026.pdf")
			doc := h.do(http.MethodGet, content, "", cookies)
			for k, want := range map[string]string{"Content-Type": "application/pdf", "Content-Disposition": "inline",
				"X-Frame-Options": "SAMEORIGIN", "X-Content-Type-Options": "nosniff", "Cache-Control": "no-store"} {
				if got := doc.header.Get(k); got != want {
					t.Errorf("content %s = %q, want %q", k, got, want)
				}
			}
			if csp := doc.header.Get("Content-Security-Policy"); !strings.Contains(csp, "frame-ancestors 'self'") {
				t.Errorf("content CSP %q", csp)
			}
			pages, err := signatures.PageCount([]byte(doc.raw))
			if err != nil {
				t.Fatal(err)
			}

			sid := strconv.FormatInt(sigs[0].ID, 10)
			gen := h.do(http.MethodPost, base+"/signatories/"+sid+"/generate_code", "{}", cookies)
			if gen.code != 200 {
				t.Fatalf("generate_code: %d %s", gen.code, gen.raw)
			}
			var sms string
			if err := h.platformDB.QueryRow(`SELECT body FROM outbox WHERE channel = 'sms' ORDER BY id DESC LIMIT 1`).Scan(&sms); err != nil {
				t.Fatal(err)
			}
			code := regexp.MustCompile(`\d{6}`).FindString(sms)
			wrong := "000000"
			if code == wrong {
				wrong = "000001"
			}
			body := func(otp string) string {
				b, _ := json.Marshal(map[string]any{"signing_method": 1, "secure_data": gen.body["secure_data"], "otp": otp})
				return string(b)
			}
			if a := h.do(http.MethodPost, base+"/signatories/"+sid+"/sign", body(wrong), cookies); a.code != 400 || a.body["api_message"] != "OTP does not match" {
				t.Fatalf("wrong code: %d %s", a.code, a.raw)
			}
			if a := h.do(http.MethodPost, base+"/signatories/"+sid+"/sign", body(code), cookies); a.code != 200 || a.body["status"] != float64(1) {
				t.Fatalf("sign: %d %s", a.code, a.raw)
			}
			signed := h.do(http.MethodGet, content, "", cookies)
			if n, err := signatures.PageCount([]byte(signed.raw)); err != nil || n != pages+1 {
				t.Errorf("signed: %d pages (%v), want %d", n, err, pages+1)
			}
		})
	})
}

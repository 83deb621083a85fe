package spa_test

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/app"
	"wealthportal/backend/internal/spa"
	"wealthportal/web"
)

// serveWithCookie serves index.html for target as the portal does (session cookie names set),
// with a session cookie when cookie is not empty.
func serveWithCookie(t *testing.T, target, cookie, config string) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "site-config.json"), []byte(config), 0o600); err != nil {
		t.Fatal(err)
	}
	gin.SetMode(gin.TestMode)
	e := gin.New()
	e.NoRoute((&spa.Handler{Files: web.Dist(), DataDir: dir, SessionCookies: []string{"portal_session", "__Host-portal_session"}}).ServeHTTP)
	req := httptest.NewRequest(http.MethodGet, target, nil)
	if cookie != "" {
		req.AddCookie(&http.Cookie{Name: cookie, Value: "abc"})
	}
	rec := httptest.NewRecorder()
	e.ServeHTTP(rec, req)
	if rec.Code != http.StatusOK {
		t.Fatalf("GET %s: %d", target, rec.Code)
	}
	return rec.Body.String()
}

// Issue 13: a section's page asked for with a session cookie is sent with the signed-in frame
// (the shell's header with the firm's logo, and its cookie notice) in front of the app's root,
// inert, hidden from screen readers and out of the tab order, with the app's script loaded after
// the first paint; without the cookie, or on any other page, the index is as before.
func TestSignedInFrame(t *testing.T) {
	config := strings.Replace(firmConfig, `"siteTermsPath": "/terms/"`, `"siteTermsPath": "/terms/", "clientBaseSegment": "/portal/"`, 1)
	for _, target := range []string{"/portal/home", "/portal/", "/advisers/clients?page=2"} {
		for _, cookie := range []string{"portal_session", "__Host-portal_session"} {
			body := serveWithCookie(t, target, cookie, config)
			for _, want := range []string{
				`<script src="/cookie-consent-state.js" data-app-entry="/assets/index-`,
				`<div id="signed-in-frame" class="signed-in-frame" aria-hidden="true" inert>`,
				`<img src="/branding/firm-logo.svg" alt="" width="220" height="48">`,
				`<section class="cookie-notice"><div class="cookie-notice__inner"><p>We use only the cookies needed to keep you securely logged in and to remember this notice. <a href="/core/cookie-policy" tabindex="-1">Read our cookie policy</a></p>`,
				`</div><div id="root"></div>`,
			} {
				if !strings.Contains(body, want) {
					t.Errorf("%s with %s: missing %s", target, cookie, want)
				}
			}
			if strings.Contains(body, `<script type="module"`) || strings.Contains(body, "modulepreload") {
				t.Errorf("%s: the app's script is still in the head", target)
			}
			frame := body[strings.Index(body, `<div id="signed-in-frame"`):strings.Index(body, `<div id="root">`)]
			if n := strings.Count(frame, "<button") + strings.Count(frame, "<a "); n != strings.Count(frame, `tabindex="-1"`) {
				t.Errorf("%d controls, %d out of the tab order", n, strings.Count(frame, `tabindex="-1"`))
			}
			assertMeetsCSP(t, app.ContentSecurityPolicy, body)
		}
	}
	// The sections' default segments, when the configuration names none.
	for _, target := range []string{"/clients/home", "/advisers/"} {
		if body := serveWithCookie(t, target, "portal_session", firmConfig); !strings.Contains(body, `<div id="signed-in-frame"`) {
			t.Errorf("%s with the default segments: no frame", target)
		}
	}
	for _, c := range []struct{ target, cookie string }{
		{"/portal/home", ""},                // no session cookie
		{"/portal/home", "other"},           // someone else's cookie
		{"/clients/home", "portal_session"}, // not this firm's client section
		{"/portalx", "portal_session"},
		{"/privacy", "portal_session"},
	} {
		body := serveWithCookie(t, c.target, c.cookie, config)
		if strings.Contains(body, "signed-in-frame") || !strings.Contains(body, `<script type="module"`) {
			t.Errorf("%s with cookie %q: the frame was added or the app's script moved", c.target, c.cookie)
		}
	}
}

package spa_test

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/app"
	"wealthportal/backend/internal/spa"
	"wealthportal/web"
)

// A firm's configuration unlike the built one, so that every value seen comes from it; with
// things the shell must refuse: a remote font, a colour that tries to close the style sheet, a
// script in the copyright.
const firmConfig = `{
  "settings": {"productName": "Firm Online", "firmName": "Firm & Co", "siteTermsPath": "/terms/"},
  "content": {
    "footerCopyright": "<p>&copy; Firm &amp; Co<script>alert(1)</script></p>",
    "loginIntro": "Hello <clients>",
    "textPages": [
      {"segment": "privacy", "heading": "Privacy notice", "linkLabel": "Privacy", "content": "x"},
      {"segment": "cookie-policy", "heading": "Cookie policy", "content": "x"},
      {"segment": "hidden", "heading": "Hidden", "showInFooter": false, "content": "x"}
    ],
    "siteTerms": {"heading": "Firm terms", "disclaimer": "x"}
  },
  "branding": {
    "logo": "/branding/firm-logo.svg",
    "loginBackgroundDesktop": "/branding/firm-bg.svg",
    "font": {"family": "Firm Sans", "faces": [
      {"src": "/branding/fonts/firm-400.woff2"},
      {"src": "/branding/fonts/firm-700.woff2", "weight": "700"},
      {"src": "https://fonts.example/evil.woff2"},
      {"src": "//fonts.example/evil.woff2"}
    ]},
    "theme": {"primary": "#123456", "background": "rgb(250, 250, 240)", "text": "red;}</style><script>alert(1)</script>"}
  }
}`

func serveIndex(t *testing.T, target, userAgent, config string) (int, string) {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "site-config.json"), []byte(config), 0o600); err != nil {
		t.Fatal(err)
	}
	gin.SetMode(gin.TestMode)
	e := gin.New()
	e.NoRoute((&spa.Handler{Files: web.Dist(), DataDir: dir}).ServeHTTP)
	req := httptest.NewRequest(http.MethodGet, target, nil)
	req.Header.Set("User-Agent", userAgent)
	rec := httptest.NewRecorder()
	e.ServeHTTP(rec, req)
	return rec.Code, rec.Body.String()
}

// The served /login (the real build's index.html) holds the login page's shell in the firm's
// branding, with the spec's texts (spec 1 §2), inert and hidden from screen readers, right in
// front of the app's root (the style sheet hides the root while the shell is there).
func TestLoginShellInServedIndex(t *testing.T) {
	code, body := serveIndex(t, "/login", "Mozilla/5.0", firmConfig)
	if code != http.StatusOK {
		t.Fatalf("GET /login: %d", code)
	}
	for _, want := range []string{
		`<title>Login - Firm Online</title>`,
		`<style id="brand-theme">:root{--brand-primary:#123456;--brand-background:rgb(250, 250, 240);--font:"Firm Sans", var(--font-fallback);}`,
		`@font-face{font-family:"Firm Sans";src:url("/branding/fonts/firm-400.woff2") format("woff2");font-weight:400;font-style:normal;font-display:optional}`,
		`src:url("/branding/fonts/firm-700.woff2") format("woff2");font-weight:700;`,
		`<script src="/cookie-consent-state.js" data-app-entry="/assets/index-`,
		`<div id="login-shell" class="login-shell" aria-hidden="true" inert><section class="cookie-notice">`,
		`<p>We use only the cookies needed to keep you securely logged in and to remember this notice. <a href="/core/cookie-policy" tabindex="-1">Read our cookie policy</a></p>`,
		`<main class="login" style='--login-bg-desktop:url("/branding/firm-bg.svg");--login-bg-tablet-portrait:url("/branding/firm-bg.svg");--login-bg-tablet-landscape:url("/branding/firm-bg.svg")'>`,
		`<img class="login__logo" src="/branding/firm-logo.svg" alt="Firm &amp; Co" width="220" height="48">`,
		`<h1 class="login__heading">Log in to Firm Online</h1>`,
		`<p class="login__intro">Hello &lt;clients&gt;</p>`,
		`>Client</button>`, `>Adviser</button>`,
		`>Username</label>`, `>Password</label>`, `>Show password</label>`,
		`>Login</button>`, `>Help with logging in</a>`,
		`<footer class="site-footer">`,
		`<a href="/privacy" tabindex="-1">Privacy</a>`,
		`<a href="/core/cookie-policy" tabindex="-1">Cookie policy</a>`,
		`<a href="/terms" tabindex="-1">Firm terms</a>`,
		`<div class="site-footer__copyright"><p>© Firm &amp; Co</p></div>`,
		`</footer></div><div id="root"></div>`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("missing %s", want)
		}
	}
	for _, refused := range []string{"evil", "alert", "Hidden", "red;"} {
		if strings.Contains(body, refused) {
			t.Errorf("%q reached the page", refused)
		}
	}
	// Nothing typed into the shell can be lost: no control of it takes focus or input.
	shell := body[strings.Index(body, `<div id="login-shell"`):strings.Index(body, `<div id="root">`)]
	if n := strings.Count(shell, "<input") + strings.Count(shell, "<button") + strings.Count(shell, "<a "); n != strings.Count(shell, `tabindex="-1"`) {
		t.Errorf("%d controls, %d out of the tab order", n, strings.Count(shell, `tabindex="-1"`))
	}
	if strings.Count(shell, "<input") != strings.Count(shell, "readonly")+1 { // the checkbox
		t.Error("a text field of the shell takes input")
	}
	assertMeetsCSP(t, app.ContentSecurityPolicy, body)
}

var (
	directive   = regexp.MustCompile(`(?:^|;)\s*([a-z-]+)\s+([^;]*)`)
	inlineJS    = regexp.MustCompile(`(?i)<script(?:\s[^>]*)?>`)
	handlerAttr = regexp.MustCompile(`(?i)\son[a-z]+\s*=`)
	styleUse    = regexp.MustCompile(`(?i)<style[\s>]|\sstyle\s*=`)
	external    = regexp.MustCompile(`(?i)(?:src|href)\s*=\s*"(?:https?:)?//|url\(\s*["']?(?:https?:)?//`)
)

// assertMeetsCSP checks a page against the policy the portal sends with it: every script is a
// file (no inline script, no event-handler attribute, no javascript: URL), inline styles only
// when style-src allows them, and no resource from another site (everything is 'self').
func assertMeetsCSP(t *testing.T, policy, page string) {
	t.Helper()
	sources := map[string]string{}
	for _, m := range directive.FindAllStringSubmatch(policy, -1) {
		sources[m[1]] = m[2]
	}
	if strings.Contains(sources["script-src"], "'unsafe-inline'") {
		t.Fatal("the policy allows inline scripts: this check would prove nothing")
	}
	for _, tag := range inlineJS.FindAllString(page, -1) {
		if !strings.Contains(tag, " src=") {
			t.Errorf("inline script: %s", tag)
		}
	}
	if handlerAttr.MatchString(page) || strings.Contains(strings.ToLower(page), "javascript:") {
		t.Error("an event-handler attribute or javascript: URL")
	}
	if styleUse.MatchString(page) && !strings.Contains(sources["style-src"], "'unsafe-inline'") {
		t.Error("inline styles under a policy that refuses them")
	}
	if m := external.FindString(page); m != "" {
		t.Errorf("a resource from another site: %s", m)
	}
}

// The shell is the login page's alone; the branding style sheet goes with every page. Inside
// the native app the footer is left out, as the app leaves it out; the query's banners are in
// it as the app shows them; a configuration that cannot be read leaves index.html as built.
func TestLoginShellOnlyWhereItBelongs(t *testing.T) {
	_, home := serveIndex(t, "/clients/home", "Mozilla/5.0", firmConfig)
	if strings.Contains(home, "login-shell") || !strings.Contains(home, `<style id="brand-theme">`) || strings.Contains(home, "<title>Login") || strings.Contains(home, "cookie-consent-state") {
		t.Errorf("/clients/home: shell %v, theme %v", strings.Contains(home, "login-shell"), strings.Contains(home, "brand-theme"))
	}
	_, inApp := serveIndex(t, "/login", "Mozilla/5.0 (iPhone) "+spa.MobileAppMarker+"1.0", firmConfig)
	if !strings.Contains(inApp, `id="login-shell"`) || strings.Contains(inApp, "<footer") {
		t.Error("in the native app: want the shell without the footer")
	}
	_, banners := serveIndex(t, "/login/?error=LostSession&passwordChanged&usernameSent=false", "Mozilla/5.0", firmConfig)
	for want, ok := range map[string]bool{
		`<div class="notice notice--info"><p>Your session has ended. Please log in again.</p></div>`:                             true,
		`<div class="notice notice--success"><p>Your password has been changed. Please log in with your new password.</p></div>`: true,
		`Your username has been sent`: false,
	} {
		if strings.Contains(banners, want) != ok {
			t.Errorf("banner %q shown: %v", want, !ok)
		}
	}
	code, broken := serveIndex(t, "/login", "Mozilla/5.0", `{"settings": [`)
	if code != http.StatusOK || strings.Contains(broken, "login-shell") || strings.Contains(broken, "brand-theme") || !strings.Contains(broken, `<div id="root">`) {
		t.Errorf("unreadable configuration: %d", code)
	}
}

// The configuration is read on every request (a firm replaces it without a restart): a changed
// file changes the next page at once.
func TestLoginShellFollowsTheConfiguration(t *testing.T) {
	dir := t.TempDir()
	h := &spa.Handler{Files: web.Dist(), DataDir: dir}
	gin.SetMode(gin.TestMode)
	e := gin.New()
	e.NoRoute(h.ServeHTTP)
	for _, product := range []string{"First Online", "Second Online"} {
		config := strings.Replace(firmConfig, "Firm Online", product, 1)
		if err := os.WriteFile(filepath.Join(dir, "site-config.json"), []byte(config), 0o600); err != nil {
			t.Fatal(err)
		}
		rec := httptest.NewRecorder()
		e.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/login", nil))
		if !strings.Contains(rec.Body.String(), "<h1 class=\"login__heading\">Log in to "+product+"</h1>") {
			t.Errorf("%s: not in the page", product)
		}
	}
}

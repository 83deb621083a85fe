package spa

import (
	"bytes"
	"html/template"
	"net/http"
	"strings"
)

// The signed-in frame (issue 13: Lighthouse on /clients/home). A signed-in page is the app's
// alone: before this, nothing but a loading screen painted until the entry script, the session
// check, the site configuration and the signed-in area's chunk had all arrived and run, and the
// page's largest paint (a phone's cookie notice) waited for all of it. A request for a page of
// the client or adviser section that carries the session cookie now gets, in front of the app's
// root, the frame the signed-in shell paints first: the header with the firm's logo and the
// cookie notice at the top of the content (hidden by the consent script when consent is stored,
// as on the login page), with the same elements and classes, so the notice the app paints later
// is no larger. It is inert and hidden from assistive technology; the app removes it when its
// shell (or any page of its own) is on screen (web/src/app/login-shell-handoff.ts), and the style
// sheet hides the app's root until then. Whether the session is still valid is the app's to find
// out, as before: an expired one sees the frame, then the login page.

// frameTemplate mirrors SignedInShell's header and its cookie notice (CookieNotice).
var frameTemplate = template.Must(template.New("frame").Delims("[[", "]]").Parse(
	`<div id="signed-in-frame" class="signed-in-frame" aria-hidden="true" inert>` +
		`<div class="signed-in-frame__header"><div class="signed-in-frame__bar">` +
		`<img src="[[.Logo]]" alt="" width="220" height="48"></div></div>` +
		`<section class="cookie-notice"><div class="cookie-notice__inner">` +
		`<p>[[.CookieNotice]] <a href="/core/cookie-policy" tabindex="-1">Read our cookie policy</a></p>` +
		`<button type="button" class="button" tabindex="-1">OK</button></div></section>` +
		`</div>`))

// renderSignedInFrame is the frame's markup for this configuration.
func renderSignedInFrame(src shellSource) ([]byte, error) {
	var buf bytes.Buffer
	err := frameTemplate.Execute(&buf, struct{ Logo, CookieNotice string }{src.Branding.Logo, cookieNoticeText})
	return buf.Bytes(), err
}

// isSectionPath tells whether the path is a page of the client or adviser section (the app's
// routes /{clientBaseSegment}/... and /{adviserBaseSegment}/..., segments as configured).
func isSectionPath(p string, src shellSource) bool {
	for _, base := range []struct {
		configured *string
		fallback   string
	}{{src.Settings.ClientBaseSegment, "clients"}, {src.Settings.AdviserBaseSegment, "advisers"}} {
		segment := base.fallback
		if base.configured != nil {
			segment = strings.Trim(*base.configured, "/")
		}
		if segment != "" && (p == "/"+segment || strings.HasPrefix(p, "/"+segment+"/")) {
			return true
		}
	}
	return false
}

// hasSessionCookie tells whether the request carries one of the portal's session cookies (its
// value is not checked here: the app asks the session check, as before).
func (h *Handler) hasSessionCookie(r *http.Request) bool {
	for _, name := range h.SessionCookies {
		if c, err := r.Cookie(name); err == nil && c.Value != "" {
			return true
		}
	}
	return false
}

package spa

import (
	"bytes"
	"encoding/json"
	"html/template"
	"net/url"
	"regexp"
	"strings"
	"sync"
)

// The login page's first paint (issue 13). index.html gets the firm's branding (theme colours,
// font) as a style sheet in its head on every route, and on /login the page itself: logo,
// heading, the form's frame with its labels, fields and button, and the footer, rendered from the
// site configuration with the same elements and classes the app renders, so the page paints
// before any script runs and does not move when the app takes over. The shell is inert and
// hidden from assistive technology (the app's page is the one read out), with the cookie notice
// at its top unless consent is stored (a small script in the head decides before the first
// paint, as the app decides; without it the notice would appear or vanish when the app takes
// over, moving the page, and would be the page's largest paint); the app removes the shell as
// soon as it shows a page of its own (web/src/app/login-shell-handoff.ts), and the style sheet
// hides the app's root until then. The CSP allows inline styles ('unsafe-inline' for Ionic);
// the one script is a file (consentScript).

// shellSource is what the shell reads from the site configuration; the defaults are the web
// app's (web/src/shared/config/site-config.ts normaliseSiteConfig).
type shellSource struct {
	Settings struct {
		ProductName   *string `json:"productName"`
		FirmName      string  `json:"firmName"`
		SiteTermsPath *string `json:"siteTermsPath"`
		// The sections' first segments (the app's defaults: clients, advisers).
		ClientBaseSegment  *string `json:"clientBaseSegment"`
		AdviserBaseSegment *string `json:"adviserBaseSegment"`
	} `json:"settings"`
	Content struct {
		FooterCopyright string  `json:"footerCopyright"`
		LoginHeading    *string `json:"loginHeading"`
		LoginIntro      string  `json:"loginIntro"`
		TextPages       []struct {
			Segment      string  `json:"segment"`
			Heading      string  `json:"heading"`
			LinkLabel    *string `json:"linkLabel"`
			ShowInFooter *bool   `json:"showInFooter"`
		} `json:"textPages"`
		SiteTerms *struct {
			Heading string `json:"heading"`
		} `json:"siteTerms"`
	} `json:"content"`
	Branding struct {
		Logo                           string  `json:"logo"`
		LogoAlt                        string  `json:"logoAlt"`
		LoginBackgroundDesktop         string  `json:"loginBackgroundDesktop"`
		LoginBackgroundTabletPortrait  *string `json:"loginBackgroundTabletPortrait"`
		LoginBackgroundTabletLandscape *string `json:"loginBackgroundTabletLandscape"`
		Font                           *struct {
			Family string `json:"family"`
			Faces  []struct {
				Src    string `json:"src"`
				Weight string `json:"weight"`
				Style  string `json:"style"`
			} `json:"faces"`
		} `json:"font"`
		Theme map[string]string `json:"theme"`
	} `json:"branding"`
}

// cookieNoticeText is the app's cookie notice (web/src/app/cookie-notice.tsx), shown in the shell
// unless the consent script in the head finds consent stored (public/cookie-consent-state.js).
const cookieNoticeText = "We use only the cookies needed to keep you securely logged in and to remember this notice."

// consentScript runs before the body is parsed, so the shell's cookie notice is hidden from the
// first paint when the app would not show it. A file, not inline: the CSP refuses inline scripts.
const consentScript = `<script src="/cookie-consent-state.js"></script>`

// Banner texts of the login page's query flags, as the app shows them
// (web/src/features/auth/pages/login-page.tsx loginBanners).
const (
	lostSessionText     = "Your session has ended. Please log in again."
	passwordChangedText = "Your password has been changed. Please log in with your new password."
	usernameSentText    = "Your username has been sent to your email address."
)

var (
	cssColour = regexp.MustCompile(`^(#[0-9a-fA-F]{3,8}|[a-zA-Z]{3,30}|(rgb|rgba|hsl|hsla)\([0-9.,%/ ]{5,60}\))$`)
	// Font files on this site only (the CSP's font-src is 'self'), as BrandingTheme allows.
	fontSrc    = regexp.MustCompile(`^/[\w.-][\w./-]*$`)
	fontWeight = regexp.MustCompile(`^([1-9]00|normal|bold)$`)
	fontStyle  = regexp.MustCompile(`^(normal|italic|oblique)$`)
)

type shellFace struct{ Src, Weight, Style string }

type shellLink struct{ Href, Label string }

type shellBanner struct{ Kind, Text string }

// brandingView fills the head's style sheet.
type brandingView struct {
	// Colours are the usable branding.theme values by key (BrandingTheme's variables), checked
	// against cssColour, whose characters cannot leave a CSS value.
	Colours    map[string]template.CSS
	FontFamily string
	Faces      []shellFace
}

// loginView fills the login page's shell.
type loginView struct {
	Logo, LogoAlt, Heading, Intro      string
	CookieNotice                       string
	Desktop, TabletPortrait, Landscape string
	Banners                            []shellBanner
	Footer                             bool
	FooterLinks                        []shellLink
	Copyright                          template.HTML
}

// Delimiters [[ ]], as CSS is full of braces. font-display optional: the firm's font is used
// when it arrives in time for the first paint (at once from the cache on a later visit) and never
// swapped in afterwards, which would move the text; the web app's BrandingTheme adds no faces of its own when these are here.
var brandingTemplate = template.Must(template.New("branding").Delims("[[", "]]").Parse(
	`<style id="brand-theme">:root{` +
		`[[with .Colours.primary]]--brand-primary:[[.]];[[end]]` +
		`[[with .Colours.primaryContrast]]--brand-primary-contrast:[[.]];[[end]]` +
		`[[with .Colours.secondary]]--brand-secondary:[[.]];[[end]]` +
		`[[with .Colours.background]]--brand-background:[[.]];[[end]]` +
		`[[with .Colours.text]]--brand-text:[[.]];[[end]]` +
		`[[if .FontFamily]]--font:"[[.FontFamily]]", var(--font-fallback);[[end]]}` +
		`[[$family := .FontFamily]][[range .Faces]]@font-face{font-family:"[[$family]]";src:url("[[.Src]]") format("woff2");font-weight:[[.Weight]];font-style:[[.Style]];font-display:optional}[[end]]` +
		`</style>`))

// The markup mirrors LoginPage, LoginForm, LoginTabs and SiteFooter element for element (same
// classes, no whitespace between elements, as React renders), so the geometry is the app's.
var loginTemplate = template.Must(template.New("login").Delims("[[", "]]").Parse(
	`<div id="login-shell" class="login-shell" aria-hidden="true" inert>` +
		`<section class="cookie-notice"><div class="cookie-notice__inner">` +
		`<p>[[.CookieNotice]] <a href="/core/cookie-policy" tabindex="-1">Read our cookie policy</a></p>` +
		`<button type="button" class="button" tabindex="-1">OK</button></div></section>` +
		`<main class="login" style='--login-bg-desktop:[[if .Desktop]]url("[[.Desktop]]")[[else]]none[[end]];` +
		`--login-bg-tablet-portrait:[[if .TabletPortrait]]url("[[.TabletPortrait]]")[[else]]none[[end]];` +
		`--login-bg-tablet-landscape:[[if .Landscape]]url("[[.Landscape]]")[[else]]none[[end]]'>` +
		`<div class="login__card">` +
		`<img class="login__logo" src="[[.Logo]]" alt="[[.LogoAlt]]" width="220" height="48">` +
		`<h1 class="login__heading">[[.Heading]]</h1>` +
		`[[if .Intro]]<p class="login__intro">[[.Intro]]</p>[[end]]` +
		`[[range .Banners]]<div class="notice notice--[[.Kind]]"><p>[[.Text]]</p></div>[[end]]` +
		`<div class="login-tabs">` +
		`<button type="button" class="login-tabs__tab" aria-selected="true" tabindex="-1">Client</button>` +
		`<button type="button" class="login-tabs__tab" aria-selected="false" tabindex="-1">Adviser</button>` +
		`</div>` +
		`<div class="login__panel">` +
		`<form>` +
		`<div class="field"><label for="login-shell-username">Username</label>` +
		`<input id="login-shell-username" autocomplete="off" readonly tabindex="-1"></div>` +
		`<div class="field"><label for="login-shell-password">Password</label>` +
		`<input id="login-shell-password" type="password" autocomplete="off" readonly tabindex="-1"></div>` +
		`<div class="checkbox"><input id="login-shell-show-password" type="checkbox" tabindex="-1">` +
		`<label for="login-shell-show-password">Show password</label></div>` +
		`<button type="button" class="button button--block" tabindex="-1">Login</button>` +
		`</form>` +
		`<p class="login__help"><a href="/help-with-logging-in" tabindex="-1">Help with logging in</a></p>` +
		`</div></div></main>` +
		`[[if .Footer]]<footer class="site-footer"><div class="site-footer__inner">` +
		`<img src="[[.Logo]]" alt="[[.LogoAlt]]" width="220" height="48">` +
		`<nav><ul>[[range .FooterLinks]]<li><a href="[[.Href]]" tabindex="-1">[[.Label]]</a></li>[[end]]</ul></nav>` +
		`<div class="site-footer__copyright">[[.Copyright]]</div>` +
		`</div></footer>[[end]]` +
		`</div>`))

// parseShellSource reads the configuration the shell needs.
func parseShellSource(config []byte) (shellSource, error) {
	var src shellSource
	err := json.Unmarshal(config, &src)
	return src, err
}

// renderBranding is the head's style sheet: theme colours and the firm's font faces, each
// value checked (a colour, a font file on this site) before html/template escapes it again.
func renderBranding(src shellSource) ([]byte, error) {
	v := brandingView{Colours: map[string]template.CSS{}}
	for key, value := range src.Branding.Theme {
		if value = strings.TrimSpace(value); cssColour.MatchString(value) {
			v.Colours[key] = template.CSS(value) //nolint:gosec // a colour by cssColour: no quote, brace, semicolon or backslash
		}
	}
	if f := src.Branding.Font; f != nil && strings.TrimSpace(f.Family) != "" {
		v.FontFamily = strings.TrimSpace(f.Family)
		for _, face := range f.Faces {
			weight, style := face.Weight, face.Style
			if weight == "" {
				weight = "400"
			}
			if style == "" {
				style = "normal"
			}
			if strings.HasPrefix(face.Src, "//") || !fontSrc.MatchString(face.Src) || !fontWeight.MatchString(weight) || !fontStyle.MatchString(style) {
				continue
			}
			v.Faces = append(v.Faces, shellFace{Src: face.Src, Weight: weight, Style: style})
		}
	}
	var buf bytes.Buffer
	err := brandingTemplate.Execute(&buf, v)
	return buf.Bytes(), err
}

// loginBanners are the banners of the login page's query flags (loginBanners in the app).
func loginBanners(query url.Values) []shellBanner {
	set := func(name string) bool { return query.Has(name) && query.Get(name) != "false" }
	var banners []shellBanner
	if query.Get("error") == "LostSession" {
		banners = append(banners, shellBanner{"info", lostSessionText})
	}
	if set("passwordChanged") {
		banners = append(banners, shellBanner{"success", passwordChangedText})
	}
	if set("usernameSent") {
		banners = append(banners, shellBanner{"success", usernameSentText})
	}
	return banners
}

// renderLoginShell is the login page's markup for a request with this query; the footer is left
// out inside the native app, as the app leaves it out.
func renderLoginShell(src shellSource, copyright template.HTML, query url.Values, mobileApp bool) ([]byte, error) {
	product := productName(src)
	v := loginView{
		Logo:         src.Branding.Logo,
		LogoAlt:      src.Branding.LogoAlt,
		Heading:      "Log in to " + product,
		Intro:        src.Content.LoginIntro,
		Desktop:      src.Branding.LoginBackgroundDesktop,
		Banners:      loginBanners(query),
		Footer:       !mobileApp,
		CookieNotice: cookieNoticeText,
	}
	if v.LogoAlt == "" {
		v.LogoAlt = src.Settings.FirmName
	}
	if src.Content.LoginHeading != nil {
		v.Heading = *src.Content.LoginHeading
	}
	v.TabletPortrait, v.Landscape = v.Desktop, v.Desktop
	if p := src.Branding.LoginBackgroundTabletPortrait; p != nil {
		v.TabletPortrait = *p
	}
	if p := src.Branding.LoginBackgroundTabletLandscape; p != nil {
		v.Landscape = *p
	}
	for _, page := range src.Content.TextPages {
		if page.ShowInFooter != nil && !*page.ShowInFooter {
			continue
		}
		label := page.Heading
		if page.LinkLabel != nil {
			label = *page.LinkLabel
		}
		href := "/" + page.Segment
		if page.Segment == "cookie-policy" {
			href = "/core/cookie-policy" // the policy's one address (features/core/text-page-paths.ts)
		}
		v.FooterLinks = append(v.FooterLinks, shellLink{Href: href, Label: label})
	}
	terms := "site-terms"
	if src.Settings.SiteTermsPath != nil {
		terms = strings.Trim(*src.Settings.SiteTermsPath, "/")
	}
	termsHeading := "Terms of use"
	if src.Content.SiteTerms != nil {
		termsHeading = src.Content.SiteTerms.Heading
	}
	v.FooterLinks = append(v.FooterLinks, shellLink{Href: "/" + terms, Label: termsHeading})
	v.Copyright = copyright
	var buf bytes.Buffer
	err := loginTemplate.Execute(&buf, v)
	return buf.Bytes(), err
}

// isLoginPath tells whether index.html is served for the login page.
func isLoginPath(p string) bool { return p == "/login" || p == "/login/" }

// firstPaint keeps what index.html gets from one site configuration (parsed, the branding
// style sheet, the sanitised copyright), so a request only fills the login template: the
// configuration is read per request (a firm may replace it) but rarely changes.
type firstPaint struct {
	mu        sync.Mutex
	config    []byte
	src       shellSource
	style     []byte
	copyright template.HTML
	ok        bool
}

// prepared returns the pieces for this configuration, from the last one when it is the same.
func (f *firstPaint) prepared(config []byte) (src shellSource, style []byte, copyright template.HTML, ok bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.config == nil || !bytes.Equal(f.config, config) {
		f.config = bytes.Clone(config)
		f.ok = false
		var err error
		if f.src, err = parseShellSource(config); err == nil {
			if f.style, err = renderBranding(f.src); err == nil {
				// Sanitised as /site-config.json serves it (site_config_html.go), so the markup is the app's.
				f.copyright = template.HTML(configHTMLPolicy().Sanitize(f.src.Content.FooterCopyright)) //nolint:gosec // sanitised just here
				f.ok = true
			}
		}
	}
	return f.src, f.style, f.copyright, f.ok
}

// apply adds the branding style sheet to index.html and, on the login page, the shell in front
// of the app's root (on a section's page, for a request with a session cookie, the signed-in
// frame: signed_in_frame.go). A configuration that cannot be read leaves index.html as built:
// the app then shows its start-up error, as before.
func (f *firstPaint) apply(index, config []byte, path string, query url.Values, mobileApp, sessionCookie bool) []byte {
	src, style, copyright, ok := f.prepared(config)
	if !ok {
		return index
	}
	index = bytes.Replace(index, []byte("</head>"), append(bytes.Clone(style), "</head>"...), 1)
	if isLoginPath(path) && bytes.Contains(index, []byte(`<div id="root">`)) {
		if shell, err := renderLoginShell(src, copyright, query, mobileApp); err == nil {
			index = bytes.Replace(index, []byte(`<div id="root">`), append(shell, `<div id="root">`...), 1)
			var consent string
			index, consent = consentScriptLoadingApp(index)
			index = bytes.Replace(index, []byte("</head>"), []byte(consent+"</head>"), 1)
			index = withLoginTitle(index, productName(src))
		}
	} else if sessionCookie && isSectionPath(path, src) && bytes.Contains(index, []byte(`<div id="root">`)) {
		if frame, err := renderSignedInFrame(src); err == nil {
			index = bytes.Replace(index, []byte(`<div id="root">`), append(frame, `<div id="root">`...), 1)
			var consent string
			index, consent = consentScriptLoadingApp(index)
			index = bytes.Replace(index, []byte("</head>"), []byte(consent+"</head>"), 1)
		}
	}
	return index
}

// productName is the configured product name, or the app's default.
func productName(src shellSource) string {
	if src.Settings.ProductName != nil {
		return *src.Settings.ProductName
	}
	return "Online portal"
}

// withLoginTitle sets the title the app gives the login page ("Login - {product}", spec 1 §1).
func withLoginTitle(index []byte, product string) []byte {
	start, end := bytes.Index(index, []byte("<title>")), bytes.Index(index, []byte("</title>"))
	if start < 0 || end < start {
		return index
	}
	title := "Login"
	if product != "" {
		title += " - " + product
	}
	var out bytes.Buffer
	out.Write(index[:start])
	out.WriteString("<title>" + template.HTMLEscapeString(title))
	out.Write(index[end:])
	return out.Bytes()
}

// Package spa serves the built web app: hashed assets cached for a year, index.html, the service
// worker, the manifest and the site configuration never cached, and index.html for any other
// path so that client-side routes survive a reload. It writes the window settings into the
// <html> tag of index.html, so the first paint already knows whether it runs in the native shell.
// The site configuration's HTML fields are sanitised here (site_config_html.go), so the login
// route shows the copyright without loading a sanitiser.
// A path that cannot name a file (not valid UTF-8) is a 404, and Range requests are capped
// (ranges.go) so that an answer is never much larger than its file. The files of the build are
// sent as built, or as the brotli or gzip sibling the build wrote beside them, by the request's
// Accept-Encoding (precompressed.go): nothing of the build is compressed per request.
package spa

import (
	"bytes"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/apierr"
)

// MobileAppMarker is the token the native shell appends to its user agent.
const MobileAppMarker = "WealthPortalApp/"

// apiPrefixes never fall back to index.html: a missing API path is a JSON 404.
var apiPrefixes = []string{"/xplanapi/", "/api/", "/bff/", "/resourceful/"}

// noCache lists files that must be revalidated on every load.
var noCache = map[string]bool{
	"index.html": true, "sw.js": true, "registerSW.js": true, "site-config.json": true,
	"manifest.webmanifest": true, "offline.html": true,
}

func init() {
	// Go's table lacks these on some systems.
	_ = mime.AddExtensionType(".webmanifest", "application/manifest+json")
	_ = mime.AddExtensionType(".js", "text/javascript; charset=utf-8")
	_ = mime.AddExtensionType(".mjs", "text/javascript; charset=utf-8")
	_ = mime.AddExtensionType(".svg", "image/svg+xml")
}

// Handler serves the app from files.
type Handler struct {
	Files fs.FS
	// DataDir may hold a site-config.json that overrides the built one, so a firm edits its
	// configuration without a rebuild.
	DataDir string
	// Settings are the window settings written into index.html.
	EnableCaching, PersistFilters bool
	// SessionCookies are the names of the portal's session cookie: a section's page asked for
	// with one gets the signed-in frame (signed_in_frame.go). None: no frame.
	SessionCookies []string

	// builtFiles caches, by name, what is known of the files of the build (precompressed.go).
	builtFiles sync.Map
	// firstPaint is what index.html gets from the site configuration (login_shell.go).
	firstPaint firstPaint
}

// ServeHTTP answers GET and HEAD for files and client routes.
func (h *Handler) ServeHTTP(c *gin.Context) {
	p := c.Request.URL.Path
	for _, prefix := range apiPrefixes {
		if strings.HasPrefix(p, prefix) || p == strings.TrimSuffix(prefix, "/") {
			apierr.Write(c, apierr.ErrNotFound)
			return
		}
	}
	if c.Request.Method != http.MethodGet && c.Request.Method != http.MethodHead {
		apierr.Write(c, apierr.New(http.StatusMethodNotAllowed, "Method not allowed", "Method not allowed"))
		return
	}
	name := strings.TrimPrefix(path.Clean("/"+p), "/")
	if !utf8.ValidString(p) || (name != "" && !fs.ValidPath(name)) {
		// No file can have this name, and the app has no such route.
		notFound(c)
		return
	}
	if name == "" || name == "index.html" {
		h.index(c)
		return
	}
	if name == "site-config.json" {
		h.servedSiteConfig(c)
		return
	}
	if name == "manifest.webmanifest" {
		h.manifest(c)
		return
	}
	if served, err := h.serveBuilt(c, name); served {
		return
	} else if err != nil {
		apierr.Write(c, err)
		return
	}
	if strings.Contains(path.Base(name), ".") {
		// A missing file (an old hashed asset, a typo) is a 404, not the app.
		notFound(c)
		return
	}
	h.index(c)
}

func notFound(c *gin.Context) {
	c.Header("Cache-Control", "no-cache")
	c.String(http.StatusNotFound, "Not found")
}

// cacheControl is the Cache-Control of a file of the app.
func cacheControl(name string) string {
	switch {
	case noCache[name]:
		return "no-cache"
	case strings.HasPrefix(name, "assets/"):
		// Vite puts a content hash in every file name under assets/.
		return "public, max-age=31536000, immutable"
	default:
		return "public, max-age=3600"
	}
}

func (h *Handler) send(c *gin.Context, name string, b []byte) {
	c.Header("Cache-Control", cacheControl(name))
	ctype := mime.TypeByExtension(path.Ext(name))
	if ctype == "" {
		ctype = http.DetectContentType(b)
	}
	c.Header("Content-Type", ctype)
	limitRanges(c.Request, int64(len(b)))
	http.ServeContent(c.Writer, c.Request, name, time.Time{}, bytes.NewReader(b))
}

func boolText(b bool) string {
	if b {
		return "True"
	}
	return "False"
}

// IsMobileApp tells whether a user agent is the native shell's.
func IsMobileApp(userAgent string) bool { return strings.Contains(userAgent, MobileAppMarker) }

func (h *Handler) index(c *gin.Context) {
	b, err := fs.ReadFile(h.Files, "index.html")
	if err != nil {
		c.String(http.StatusServiceUnavailable, "The web app has not been built: run make run.")
		return
	}
	attrs := ` data-mobile-app-mode="` + boolText(IsMobileApp(c.Request.UserAgent())) +
		`" data-enable-caching="` + boolText(h.EnableCaching) +
		`" data-persist-filters="` + boolText(h.PersistFilters) + `"`
	b = bytes.Replace(b, []byte("<html"), []byte("<html"+attrs), 1)
	if config, err := h.siteConfig(); err == nil {
		b = h.firstPaint.apply(b, config, c.Request.URL.Path, c.Request.URL.Query(), IsMobileApp(c.Request.UserAgent()), h.hasSessionCookie(c.Request))
	}
	c.Header("Cache-Control", "no-cache")
	c.Header("Vary", "User-Agent")
	c.Data(http.StatusOK, "text/html; charset=utf-8", b)
}

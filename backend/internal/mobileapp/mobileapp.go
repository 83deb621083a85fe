package mobileapp

import (
	"net/http"
	"slices"
	"strings"

	"github.com/gin-gonic/gin"
)

// DefaultOrigins are the webview origins of a Capacitor shell: iOS serves the bundled app from
// capacitor://localhost, Android (androidScheme https) from https://localhost.
var DefaultOrigins = []string{"capacitor://localhost", "https://localhost"}

// Config is the app's identity as the portal knows it.
type Config struct {
	// Origins may call the API with credentials (CORS).
	Origins []string
	// AndroidPackage and AndroidCertFingerprints (SHA-256, AA:BB:...) verify App Links; with no
	// fingerprint no assetlinks.json is served.
	AndroidPackage          string
	AndroidCertFingerprints []string
	// IOSAppIDs are TEAMID.bundle.id values for Universal Links; none: no association file.
	IOSAppIDs []string
	// LinkPaths are the portal paths that open the app.
	LinkPaths []string
}

// apiPrefixes are the paths the app calls; CORS applies to them alone.
var apiPrefixes = []string{"/xplanapi/", "/api/", "/bff/api/"}

// CORS answers the app's webview origins on the API paths: the origin is echoed with
// credentials allowed, and preflights are answered. Any other origin gets no CORS headers, so a
// browser keeps the same-origin policy; the CSRF check (cross-origin protection) is separate and
// trusts the same origins only.
func (cfg Config) CORS(c *gin.Context) {
	origin := c.GetHeader("Origin")
	p := c.Request.URL.Path
	isAPI := slices.ContainsFunc(apiPrefixes, func(prefix string) bool { return strings.HasPrefix(p, prefix) })
	if origin == "" || !isAPI || !slices.Contains(cfg.Origins, origin) {
		c.Next()
		return
	}
	h := c.Writer.Header()
	h.Set("Access-Control-Allow-Origin", origin)
	h.Set("Access-Control-Allow-Credentials", "true")
	h.Add("Vary", "Origin")
	if c.Request.Method == http.MethodOptions && c.GetHeader("Access-Control-Request-Method") != "" {
		h.Set("Access-Control-Allow-Methods", "GET, POST, PUT, PATCH, DELETE")
		h.Set("Access-Control-Allow-Headers", "Content-Type, Accept, X-Request-Id, X-Skip-Auth-Failure-Action, X-Session-Probe")
		h.Set("Access-Control-Max-Age", "600")
		c.AbortWithStatus(http.StatusNoContent)
		return
	}
	c.Next()
}

// Register serves the association files under /.well-known.
func (cfg Config) Register(e *gin.Engine) {
	e.GET("/.well-known/assetlinks.json", cfg.assetLinks)
	e.GET("/.well-known/apple-app-site-association", cfg.appleAssociation)
}

// GET /.well-known/assetlinks.json
func (cfg Config) assetLinks(c *gin.Context) {
	if cfg.AndroidPackage == "" || len(cfg.AndroidCertFingerprints) == 0 {
		c.Status(http.StatusNotFound)
		return
	}
	c.JSON(http.StatusOK, []gin.H{{
		"relation": []string{"delegate_permission/common.handle_all_urls"},
		"target": gin.H{"namespace": "android_app", "package_name": cfg.AndroidPackage,
			"sha256_cert_fingerprints": cfg.AndroidCertFingerprints},
	}})
}

// GET /.well-known/apple-app-site-association (JSON without an extension, as Apple asks).
func (cfg Config) appleAssociation(c *gin.Context) {
	if len(cfg.IOSAppIDs) == 0 {
		c.Status(http.StatusNotFound)
		return
	}
	components := make([]gin.H, 0, len(cfg.LinkPaths))
	for _, p := range cfg.LinkPaths {
		components = append(components, gin.H{"/": p})
	}
	c.JSON(http.StatusOK, gin.H{"applinks": gin.H{"details": []gin.H{{"appIDs": cfg.IOSAppIDs, "components": components}}}})
}

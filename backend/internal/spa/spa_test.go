package spa

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/gin-gonic/gin"
)

func serve(t *testing.T, h *Handler, target, ua string) *httptest.ResponseRecorder {
	t.Helper()
	gin.SetMode(gin.TestMode)
	e := gin.New()
	e.NoRoute(h.ServeHTTP)
	req := httptest.NewRequest(http.MethodGet, target, nil)
	if ua != "" {
		req.Header.Set("User-Agent", ua)
	}
	rec := httptest.NewRecorder()
	e.ServeHTTP(rec, req)
	return rec
}

func files() fstest.MapFS {
	return fstest.MapFS{
		"index.html":           {Data: []byte(`<!doctype html><html lang="en-GB"><head></head><body></body></html>`)},
		"assets/index-abc1.js": {Data: []byte(`console.log(1)`)},
		"site-config.json":     {Data: []byte(`{"settings":{"productName":"Built"}}`)},
		"sw.js":                {Data: []byte(`self`)},
		"manifest.webmanifest": {Data: []byte(`{}`)},
		"branding/logo.svg":    {Data: []byte(`<svg/>`)},
	}
}

func TestCacheHeaders(t *testing.T) {
	h := &Handler{Files: files(), EnableCaching: true, PersistFilters: true}
	cases := []struct{ path, cache, ctype string }{
		{"/assets/index-abc1.js", "public, max-age=31536000, immutable", "text/javascript"},
		{"/", "no-cache", "text/html"},
		{"/sw.js", "no-cache", "text/javascript"},
		{"/site-config.json", "no-cache", "application/json"},
		{"/manifest.webmanifest", "no-cache", "application/manifest+json"},
		{"/branding/logo.svg", "public, max-age=3600", "image/svg+xml"},
	}
	for _, tc := range cases {
		rec := serve(t, h, tc.path, "")
		if rec.Code != 200 || rec.Header().Get("Cache-Control") != tc.cache || !strings.HasPrefix(rec.Header().Get("Content-Type"), tc.ctype) {
			t.Errorf("%s: %d %q %q", tc.path, rec.Code, rec.Header().Get("Cache-Control"), rec.Header().Get("Content-Type"))
		}
	}
}

func TestFallbackAndMisses(t *testing.T) {
	h := &Handler{Files: files()}
	if rec := serve(t, h, "/clients/home", ""); rec.Code != 200 || !strings.Contains(rec.Body.String(), "<html") || rec.Header().Get("Cache-Control") != "no-cache" {
		t.Errorf("client route: %d %q", rec.Code, rec.Header().Get("Cache-Control"))
	}
	if rec := serve(t, h, "/assets/index-old.js", ""); rec.Code != 404 {
		t.Errorf("missing asset answered %d", rec.Code)
	}
	rec := serve(t, h, "/xplanapi/nope", "")
	if rec.Code != 404 || !strings.Contains(rec.Body.String(), `"api_message"`) {
		t.Errorf("api miss: %d %s", rec.Code, rec.Body.String())
	}
}

func TestWindowSettingsInIndex(t *testing.T) {
	h := &Handler{Files: files(), EnableCaching: true, PersistFilters: false}
	body := serve(t, h, "/login", "Mozilla/5.0").Body.String()
	if !strings.Contains(body, `<html data-mobile-app-mode="False" data-enable-caching="True" data-persist-filters="False" lang="en-GB">`) {
		t.Errorf("browser index: %s", body)
	}
	body = serve(t, h, "/login", "Mozilla/5.0 (iPhone) "+MobileAppMarker+"1.0").Body.String()
	if !strings.Contains(body, `data-mobile-app-mode="True"`) {
		t.Errorf("shell index: %s", body)
	}
}

func TestSiteConfigOverrideFromDataDir(t *testing.T) {
	dir := t.TempDir()
	h := &Handler{Files: files(), DataDir: dir}
	if !strings.Contains(serve(t, h, "/site-config.json", "").Body.String(), "Built") {
		t.Fatal("built config not served")
	}
	if err := os.WriteFile(filepath.Join(dir, "site-config.json"), []byte(`{"settings":{"productName":"Edited"}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(serve(t, h, "/site-config.json", "").Body.String(), "Edited") {
		t.Fatal("override not served")
	}
}

// The web app manifest is built from the site configuration in force (the data directory's
// override included), in its name and colours, with the default icons unless it names its own.
func TestManifestFromSiteConfig(t *testing.T) {
	dir := t.TempDir()
	h := &Handler{Files: files(), DataDir: dir}
	rec := serve(t, h, "/manifest.webmanifest", "")
	if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "application/manifest+json" || rec.Header().Get("Cache-Control") != "no-cache" {
		t.Fatalf("manifest: %d %v", rec.Code, rec.Header())
	}
	if !strings.Contains(rec.Body.String(), `"name":"Built"`) || !strings.Contains(rec.Body.String(), `/branding/icon-maskable-512.png`) {
		t.Fatalf("manifest body: %s", rec.Body)
	}
	edited := `{"settings":{"productName":"Quayside Online","firmName":"Quayside Wealth"},"branding":{"shortName":"Quayside",` +
		`"theme":{"primary":"#123456","background":"#fafafa"},"appIcons":[{"src":"/branding/q.png","sizes":"512x512","type":"image/png"}]}}`
	if err := os.WriteFile(filepath.Join(dir, "site-config.json"), []byte(edited), 0o600); err != nil {
		t.Fatal(err)
	}
	m, err := BuildManifest([]byte(edited))
	if err != nil || m.ShortName != "Quayside" || m.ThemeColor != "#123456" || m.BackgroundColor != "#fafafa" || len(m.Icons) != 1 ||
		m.Display != "standalone" || m.StartURL != "/" || !strings.Contains(m.Description, "Quayside Wealth") {
		t.Fatalf("built manifest: %+v %v", m, err)
	}
	if body := serve(t, h, "/manifest.webmanifest", "").Body.String(); !strings.Contains(body, `"short_name":"Quayside"`) {
		t.Fatalf("override not used: %s", body)
	}
	if _, err := BuildManifest([]byte(`{"settings":{}}`)); err == nil {
		t.Fatal("a configuration without a product name made a manifest")
	}
}

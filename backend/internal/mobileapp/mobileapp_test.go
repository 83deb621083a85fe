package mobileapp

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/gin-gonic/gin"
)

func engine(cfg Config) *gin.Engine {
	gin.SetMode(gin.ReleaseMode)
	e := gin.New()
	e.Use(cfg.CORS)
	cfg.Register(e)
	e.Any("/api/*rest", func(c *gin.Context) { c.Status(http.StatusOK) })
	e.GET("/login", func(c *gin.Context) { c.Status(http.StatusOK) })
	return e
}

func serve(e *gin.Engine, method, path string, headers ...string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, path, nil)
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	rec := httptest.NewRecorder()
	e.ServeHTTP(rec, req)
	return rec
}

func TestCORSOnlyForTheAppsOrigins(t *testing.T) {
	e := engine(Config{Origins: DefaultOrigins})
	for _, origin := range DefaultOrigins {
		rec := serve(e, http.MethodGet, "/api/session/heartbeat", "Origin", origin)
		if rec.Header().Get("Access-Control-Allow-Origin") != origin || rec.Header().Get("Access-Control-Allow-Credentials") != "true" {
			t.Errorf("%s: %v", origin, rec.Header())
		}
		pre := serve(e, http.MethodOptions, "/api/biometric/login", "Origin", origin, "Access-Control-Request-Method", "POST")
		if pre.Code != http.StatusNoContent || pre.Header().Get("Access-Control-Allow-Methods") == "" {
			t.Errorf("%s preflight: %d %v", origin, pre.Code, pre.Header())
		}
	}
	for _, tc := range []struct{ origin, path string }{
		{"https://evil.example", "/api/session/heartbeat"},
		{"http://localhost", "/api/session/heartbeat"},
		{"capacitor://localhost", "/login"},
	} {
		if rec := serve(e, http.MethodGet, tc.path, "Origin", tc.origin); rec.Header().Get("Access-Control-Allow-Origin") != "" {
			t.Errorf("%s %s got CORS headers", tc.origin, tc.path)
		}
	}
}

func TestAssociationFiles(t *testing.T) {
	if rec := serve(engine(Config{}), http.MethodGet, "/.well-known/assetlinks.json"); rec.Code != http.StatusNotFound {
		t.Fatalf("unconfigured assetlinks: %d", rec.Code)
	}
	cfg := Config{AndroidPackage: "com.harbourvale.portal", AndroidCertFingerprints: []string{"AA:BB"},
		IOSAppIDs: []string{"ABCDE12345.com.harbourvale.portal"}, LinkPaths: []string{"/clients/*", "/login"}}
	e := engine(cfg)
	var links []struct {
		Target struct {
			Package      string   `json:"package_name"`
			Fingerprints []string `json:"sha256_cert_fingerprints"`
		} `json:"target"`
	}
	rec := serve(e, http.MethodGet, "/.well-known/assetlinks.json")
	if err := json.Unmarshal(rec.Body.Bytes(), &links); err != nil || len(links) != 1 || links[0].Target.Package != "com.harbourvale.portal" {
		t.Fatalf("assetlinks: %s %v", rec.Body, err)
	}
	var apple struct {
		Applinks struct {
			Details []struct {
				AppIDs     []string            `json:"appIDs"`
				Components []map[string]string `json:"components"`
			} `json:"details"`
		} `json:"applinks"`
	}
	rec = serve(e, http.MethodGet, "/.well-known/apple-app-site-association")
	if err := json.Unmarshal(rec.Body.Bytes(), &apple); err != nil || apple.Applinks.Details[0].AppIDs[0] != "ABCDE12345.com.harbourvale.portal" ||
		apple.Applinks.Details[0].Components[0]["/"] != "/clients/*" || rec.Header().Get("Content-Type") != "application/json; charset=utf-8" {
		t.Fatalf("apple-app-site-association: %s %v", rec.Body, err)
	}
}

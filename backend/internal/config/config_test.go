package config

import (
	"io"
	"strings"
	"testing"
	"time"
)

func env(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

func TestDefaults(t *testing.T) {
	c, err := Load(nil, env(nil), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if c.Addr != "127.0.0.1:8080" || c.DataDir != "./data" || !c.Demo || c.SessionIdleTimeout != 30*time.Minute ||
		!c.EnableCaching || !c.PersistFilters {
		t.Fatalf("unexpected defaults: %+v", c)
	}
}

func TestEnvThenFlagsWin(t *testing.T) {
	c, err := Load([]string{"--addr", "127.0.0.1:9999"}, env(map[string]string{
		"PORTAL_ADDR": "127.0.0.1:7000", "PORTAL_DATA_DIR": "/tmp/x", "PORTAL_DEMO": "false",
		"PORTAL_SESSION_IDLE_TIMEOUT": "2m", "PORTAL_TRUSTED_PROXIES": "10.0.0.0/8, 127.0.0.1",
	}), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if c.Addr != "127.0.0.1:9999" {
		t.Errorf("flag did not win: %s", c.Addr)
	}
	if c.DataDir != "/tmp/x" || c.Demo || c.SessionIdleTimeout != 2*time.Minute || len(c.TrustedProxies) != 2 {
		t.Errorf("env not applied: %+v", c)
	}
	c, err = Load([]string{"--demo=false"}, env(nil), io.Discard)
	if err != nil || c.Demo {
		t.Fatalf("--demo=false: %+v %v", c.Demo, err)
	}
	c, err = Load([]string{"--persist-filters=false"}, env(map[string]string{"PORTAL_ENABLE_CACHING": "false"}), io.Discard)
	if err != nil || c.EnableCaching || c.PersistFilters {
		t.Fatalf("window settings: %+v %+v %v", c.EnableCaching, c.PersistFilters, err)
	}
}

func TestInvalidValuesAreRefused(t *testing.T) {
	cases := []map[string]string{
		{"PORTAL_ADDR": "nonsense"},
		{"PORTAL_DEMO": "perhaps"},
		{"PORTAL_PERSIST_FILTERS": "sometimes"},
		{"PORTAL_SESSION_IDLE_TIMEOUT": "soon"},
		{"PORTAL_COOKIE_SECURE": "sometimes"},
		{"PORTAL_TRUSTED_PROXIES": "not-an-ip"},
		{"PORTAL_SESSION_IDLE_TIMEOUT": "2h", "PORTAL_SESSION_MAX_LIFETIME": "1h"},
	}
	for _, m := range cases {
		if _, err := Load(nil, env(m), io.Discard); err == nil {
			t.Errorf("%v accepted", m)
		}
	}
}

func TestAppSettings(t *testing.T) {
	c, err := Load(nil, env(nil), io.Discard)
	if err != nil || len(c.AppOrigins) != 2 || c.AppOrigins[0] != "capacitor://localhost" || len(c.IOSAppIDs) != 0 {
		t.Fatalf("defaults: %+v %v", c.AppOrigins, err)
	}
	c, err = Load([]string{"--ios-app-ids", "ABCDE12345.com.firm.portal"}, env(map[string]string{
		"PORTAL_APP_ORIGINS": "capacitor://localhost", "PORTAL_ANDROID_CERT_FINGERPRINTS": "AA:BB, CC:DD",
	}), io.Discard)
	if err != nil || len(c.AppOrigins) != 1 || len(c.AndroidCertFingerprints) != 2 || c.IOSAppIDs[0] != "ABCDE12345.com.firm.portal" {
		t.Fatalf("set: %+v %v", c, err)
	}
	if _, err := Load(nil, env(map[string]string{"PORTAL_APP_ORIGINS": "localhost"}), io.Discard); err == nil {
		t.Fatal("an origin without a scheme was accepted")
	}
}

// PORTAL_DATABASE_URL and --database-url choose PostgreSQL; anything but a postgres:// URL is
// refused with a message that does not repeat it (it may hold a password).
func TestDatabaseURL(t *testing.T) {
	url := func(v string) func(string) string { return env(map[string]string{"PORTAL_DATABASE_URL": v}) }
	c, err := Load(nil, url(""), io.Discard)
	if err != nil || c.DatabaseURL != "" {
		t.Fatalf("default: %q %v", c.DatabaseURL, err)
	}
	c, err = Load(nil, url("postgres://u:pw@db:5432/portal"), io.Discard)
	if err != nil || c.DatabaseURL != "postgres://u:pw@db:5432/portal" {
		t.Fatalf("env: %q %v", c.DatabaseURL, err)
	}
	c, err = Load([]string{"--database-url", "postgresql://db/portal"}, url(""), io.Discard)
	if err != nil || c.DatabaseURL != "postgresql://db/portal" {
		t.Fatalf("flag: %q %v", c.DatabaseURL, err)
	}
	for _, bad := range []string{"mysql://u:secretpw@db/portal", "postgres:///portal-secretpw", "secretpw"} {
		_, err := Load(nil, url(bad), io.Discard)
		if err == nil || !strings.Contains(err.Error(), "database url") || strings.Contains(err.Error(), "secretpw") {
			t.Errorf("%q: %v", bad, err)
		}
	}
}

package config

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/url"
	"strconv"
	"strings"
	"time"

	"wealthportal/backend/internal/ratelimit"
)

// Config holds every setting of the portal binary.
type Config struct {
	// Addr is where the portal listens. Default 127.0.0.1:8080 (loopback only).
	Addr string
	// DataDir holds portal.db, the generated session keys and an optional site-config.json. Default ./data.
	DataDir string
	// DatabaseURL, when a postgres:// or postgresql:// URL, is the PostgreSQL database that
	// several portal instances share (docs/deploy.md). Default empty: the SQLite file in DataDir.
	// It may hold a password: never log it (store.RedactURL).
	DatabaseURL string
	// Demo seeds the demo firm on first start. Default true.
	Demo bool
	// SessionKeys are securecookie key pairs "hashKey:blockKey" (base64), comma separated, newest
	// first; older pairs still decode, so keys rotate without logging everyone out. Default: keys
	// generated once and kept in DataDir/session-keys.json.
	SessionKeys string
	// SessionIdleTimeout ends a session after this long without activity. Default 30m (spec 1 §9).
	SessionIdleTimeout time.Duration
	// SessionMaxLifetime ends a session this long after login, active or not. Default 12h.
	SessionMaxLifetime time.Duration
	// CookieSecure is auto (Secure when the request came over https), true or false. Default auto.
	CookieSecure string
	// PlatformAppID is the X-Xplan-App-Id the BFF presents to the planning platform. Default wealth-portal.
	PlatformAppID string
	// PlatformURL, when set, is a remote planning platform (`portal platform` or a firm's own
	// XPLAN-compatible platform) that the BFF reaches over HTTP instead of the embedded one.
	// Default empty: the embedded platform over the local store.
	PlatformURL string
	// PlatformAddr is where `portal platform` listens. Default 127.0.0.1:8081.
	PlatformAddr string
	// PlatformTimeout bounds each call to a remote platform (connect, TLS, waiting for the
	// answer); it must be shorter than WriteTimeout so the user gets an error, not a dropped
	// connection. Default 15s.
	PlatformTimeout time.Duration
	// ToggleServiceURL is the firm's feature-toggle service; empty means none (its list is empty).
	ToggleServiceURL string
	// Environment names this deployment to the toggle service: dev, technet, staging, uat or
	// production. Default production.
	Environment string
	// TrustedProxies are the proxy addresses or CIDRs whose forwarded headers (X-Forwarded-For,
	// X-Forwarded-Proto, Forwarded) are believed. Default none.
	TrustedProxies []string
	// PasswordHashCost is the bcrypt cost for stored passwords. Default 12.
	PasswordHashCost int
	// LogFormat is text or json. Default text.
	LogFormat string
	// LogLevel is debug, info, warn or error. Default info.
	LogLevel string
	// ShutdownTimeout bounds graceful shutdown. Default 15s.
	ShutdownTimeout time.Duration
	// AppOrigins are the native shell's webview origins, allowed to call the API with
	// credentials (CORS) and trusted by the CSRF check. Default capacitor://localhost and
	// https://localhost.
	AppOrigins []string
	// AndroidPackage and AndroidCertFingerprints (SHA-256 of the signing certificate) make
	// /.well-known/assetlinks.json for App Links; IOSAppIDs (TEAMID.bundle) make
	// /.well-known/apple-app-site-association for Universal Links. Default: none served.
	AndroidPackage          string
	AndroidCertFingerprints []string
	IOSAppIDs               []string
	// EnableCaching and PersistFilters are the window settings of spec 1 §3 the page is served
	// with (the browser may cache data and keep filters across visits). Default true.
	EnableCaching, PersistFilters bool
	// RateLimits are the attempt limits per scope (PORTAL_RATE_LIMITS, rate_limits.go). Default
	// ratelimit.DefaultPolicies().
	RateLimits map[ratelimit.Scope]ratelimit.Policy
	// SweepInterval is the time between rounds of the expiry sweep (housekeeping; one instance
	// sweeps at a time); 0 means this instance does not sweep. Default 10m.
	SweepInterval time.Duration
}

// WriteTimeout is how long the server may take to answer a request (http.Server.WriteTimeout).
const WriteTimeout = 60 * time.Second

// Defaults returns the configuration with every default filled in.
func Defaults() Config {
	return Config{
		Addr:               "127.0.0.1:8080",
		DataDir:            "./data",
		Demo:               true,
		SessionIdleTimeout: 30 * time.Minute,
		SessionMaxLifetime: 12 * time.Hour,
		CookieSecure:       "auto",
		PlatformAppID:      "wealth-portal",
		PlatformAddr:       "127.0.0.1:8081",
		PlatformTimeout:    15 * time.Second,
		Environment:        "production",
		PasswordHashCost:   12,
		LogFormat:          "text",
		LogLevel:           "info",
		ShutdownTimeout:    15 * time.Second,
		AppOrigins:         []string{"capacitor://localhost", "https://localhost"},
		AndroidPackage:     "com.harbourvale.portal",
		EnableCaching:      true,
		PersistFilters:     true,
		RateLimits:         ratelimit.DefaultPolicies(),
		SweepInterval:      10 * time.Minute,
	}
}

// Load reads environment variables (through getenv) and then the flags in args.
func Load(args []string, getenv func(string) string, stderr io.Writer) (Config, error) {
	c := Defaults()
	fs := flag.NewFlagSet("portal", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var proxies string
	var lists []func()
	str := func(p *string, name, env, usage string) {
		if v := getenv(env); v != "" {
			*p = v
		}
		fs.StringVar(p, name, *p, usage+" ("+env+")")
	}
	var errs []error
	dur := func(p *time.Duration, name, env, usage string) {
		if v := getenv(env); v != "" {
			d, err := time.ParseDuration(v)
			if err != nil {
				errs = append(errs, fmt.Errorf("%s: %w", env, err))
			} else {
				*p = d
			}
		}
		fs.DurationVar(p, name, *p, usage+" ("+env+")")
	}
	str(&c.Addr, "addr", "PORTAL_ADDR", "listen address")
	str(&c.DataDir, "data-dir", "PORTAL_DATA_DIR", "data directory")
	str(&c.DatabaseURL, "database-url", "PORTAL_DATABASE_URL", "PostgreSQL URL postgres://… (empty: the SQLite file in the data directory)")
	boolean := func(p *bool, name, env, usage string) {
		if v := getenv(env); v != "" {
			b, err := strconv.ParseBool(v)
			if err != nil {
				errs = append(errs, fmt.Errorf("%s: %w", env, err))
			}
			*p = b
		}
		fs.BoolVar(p, name, *p, usage+" ("+env+")")
	}
	boolean(&c.Demo, "demo", "PORTAL_DEMO", "seed the demo firm on first start")
	boolean(&c.EnableCaching, "enable-caching", "PORTAL_ENABLE_CACHING", "window setting enableCaching")
	boolean(&c.PersistFilters, "persist-filters", "PORTAL_PERSIST_FILTERS", "window setting persistFilters")
	str(&c.SessionKeys, "session-keys", "PORTAL_SESSION_KEYS", "session cookie key pairs hash:block, newest first")
	dur(&c.SessionIdleTimeout, "session-idle-timeout", "PORTAL_SESSION_IDLE_TIMEOUT", "inactivity limit of a session")
	dur(&c.SessionMaxLifetime, "session-max-lifetime", "PORTAL_SESSION_MAX_LIFETIME", "absolute limit of a session")
	str(&c.CookieSecure, "cookie-secure", "PORTAL_COOKIE_SECURE", "auto, true or false")
	str(&c.PlatformAppID, "platform-app-id", "PORTAL_PLATFORM_APP_ID", "app id presented to the planning platform")
	str(&c.PlatformURL, "platform-url", "PORTAL_PLATFORM_URL", "remote planning platform base URL (empty: embedded)")
	str(&c.PlatformAddr, "platform-addr", "PORTAL_PLATFORM_ADDR", "listen address of `portal platform`")
	dur(&c.PlatformTimeout, "platform-timeout", "PORTAL_PLATFORM_TIMEOUT", "limit of one call to a remote platform")
	str(&c.ToggleServiceURL, "toggle-service-url", "PORTAL_TOGGLE_SERVICE_URL", "feature-toggle service URL (empty: none)")
	str(&c.Environment, "environment", "PORTAL_ENVIRONMENT", "dev, technet, staging, uat or production")
	list := func(p *[]string, name, env, usage string) {
		raw := strings.Join(*p, ",")
		if v := getenv(env); v != "" {
			raw = v
		}
		fs.Func(name, usage+" ("+env+", comma separated)", func(v string) error { raw = v; return nil })
		lists = append(lists, func() { *p = splitList(raw) })
	}
	list(&c.AppOrigins, "app-origins", "PORTAL_APP_ORIGINS", "webview origins of the native app")
	str(&c.AndroidPackage, "android-package", "PORTAL_ANDROID_PACKAGE", "Android application id for App Links")
	list(&c.AndroidCertFingerprints, "android-cert-fingerprints", "PORTAL_ANDROID_CERT_FINGERPRINTS", "SHA-256 fingerprints of the Android signing certificate")
	list(&c.IOSAppIDs, "ios-app-ids", "PORTAL_IOS_APP_IDS", "TEAMID.bundle ids for Universal Links")
	proxies = getenv("PORTAL_TRUSTED_PROXIES")
	fs.StringVar(&proxies, "trusted-proxies", proxies, "comma-separated trusted proxy addresses or CIDRs (PORTAL_TRUSTED_PROXIES)")
	if v := getenv("PORTAL_PASSWORD_HASH_COST"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil {
			errs = append(errs, fmt.Errorf("PORTAL_PASSWORD_HASH_COST: %w", err))
		}
		c.PasswordHashCost = n
	}
	fs.IntVar(&c.PasswordHashCost, "password-hash-cost", c.PasswordHashCost, "bcrypt cost (PORTAL_PASSWORD_HASH_COST)")
	str(&c.LogFormat, "log-format", "PORTAL_LOG_FORMAT", "text or json")
	str(&c.LogLevel, "log-level", "PORTAL_LOG_LEVEL", "debug, info, warn or error")
	dur(&c.ShutdownTimeout, "shutdown-timeout", "PORTAL_SHUTDOWN_TIMEOUT", "graceful shutdown limit")
	dur(&c.SweepInterval, "sweep-interval", "PORTAL_SWEEP_INTERVAL", "time between expiry sweeps (0: this instance does not sweep)")
	rateLimits := rateLimitsFlag(fs, getenv)
	if err := fs.Parse(args); err != nil {
		return c, err
	}
	if len(errs) > 0 {
		return c, errors.Join(errs...)
	}
	for _, apply := range lists {
		apply()
	}
	c.TrustedProxies = splitList(proxies)
	if err := c.applyRateLimits(*rateLimits); err != nil {
		return c, err
	}
	return c, c.Validate()
}

// Validate checks the settings once, at start.
func (c Config) Validate() error {
	var errs []error
	if _, _, err := net.SplitHostPort(c.Addr); err != nil {
		errs = append(errs, fmt.Errorf("addr %q: %w", c.Addr, err))
	}
	if _, _, err := net.SplitHostPort(c.PlatformAddr); err != nil {
		errs = append(errs, fmt.Errorf("platform addr %q: %w", c.PlatformAddr, err))
	}
	if c.PlatformURL != "" {
		u, err := url.Parse(c.PlatformURL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			errs = append(errs, fmt.Errorf("platform url %q: want http(s)://host[:port]", c.PlatformURL))
		}
	}
	if c.PlatformTimeout <= 0 || c.PlatformTimeout >= WriteTimeout {
		errs = append(errs, fmt.Errorf("platform timeout %s: want more than 0 and less than the write timeout %s", c.PlatformTimeout, WriteTimeout))
	}
	switch c.Environment {
	case "dev", "technet", "staging", "uat", "production":
	default:
		errs = append(errs, fmt.Errorf("environment %q: want dev, technet, staging, uat or production", c.Environment))
	}
	if c.DataDir == "" {
		errs = append(errs, errors.New("data dir must not be empty"))
	}
	errs = append(errs, validateDatabaseURL(c.DatabaseURL), validateSweepInterval(c.SweepInterval))
	if c.SessionIdleTimeout < time.Minute {
		errs = append(errs, errors.New("session idle timeout must be at least 1m"))
	}
	if c.SessionMaxLifetime < c.SessionIdleTimeout {
		errs = append(errs, errors.New("session max lifetime must not be shorter than the idle timeout"))
	}
	switch c.CookieSecure {
	case "auto", "true", "false":
	default:
		errs = append(errs, fmt.Errorf("cookie-secure %q: want auto, true or false", c.CookieSecure))
	}
	if c.PasswordHashCost < 4 || c.PasswordHashCost > 31 {
		errs = append(errs, fmt.Errorf("password hash cost %d: want 4..31", c.PasswordHashCost))
	}
	switch c.LogFormat {
	case "text", "json":
	default:
		errs = append(errs, fmt.Errorf("log format %q: want text or json", c.LogFormat))
	}
	for _, o := range c.AppOrigins {
		if u, err := url.Parse(o); err != nil || u.Scheme == "" || u.Host == "" || u.Path != "" {
			errs = append(errs, fmt.Errorf("app origin %q: want scheme://host", o))
		}
	}
	for _, p := range c.TrustedProxies {
		if net.ParseIP(p) == nil {
			if _, _, err := net.ParseCIDR(p); err != nil {
				errs = append(errs, fmt.Errorf("trusted proxy %q: not an address or CIDR", p))
			}
		}
	}
	return errors.Join(errs...)
}

func splitList(raw string) []string {
	var out []string
	for _, p := range strings.Split(raw, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

package app

import (
	"crypto/rand"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/auth"
	"wealthportal/backend/internal/config"
	"wealthportal/backend/internal/notify"
	"wealthportal/backend/internal/platform"
	"wealthportal/backend/internal/ratelimit"
	"wealthportal/backend/internal/requestinfo"
	"wealthportal/backend/internal/session"
	"wealthportal/backend/internal/store"
)

// App is the assembled portal.
type App struct {
	Config   config.Config
	Log      *slog.Logger
	DB       *store.DB
	WebFiles fs.FS
	Platform platform.API
	Sessions *session.Manager
	Limiter  *ratelimit.Limiter
	Outbox   *notify.DevOutbox
	Engine   *gin.Engine
	// Proxies are the trusted proxies whose forwarded headers decide "is this https".
	Proxies requestinfo.TrustedProxies
}

// Options are the parts a caller (main or a test) provides.
type Options struct {
	Config   config.Config
	Log      *slog.Logger
	DB       *store.DB
	WebFiles fs.FS
	Now      func() time.Time
	Rand     io.Reader
}

// New assembles the portal over an open, migrated store.
func New(o Options) (*App, error) {
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Rand == nil {
		o.Rand = rand.Reader
	}
	gin.SetMode(gin.ReleaseMode)
	a := &App{Config: o.Config, Log: o.Log, DB: o.DB, WebFiles: o.WebFiles}
	var err error
	if a.Proxies, err = requestinfo.ParseTrustedProxies(o.Config.TrustedProxies); err != nil {
		return nil, err
	}

	var sender notify.Sender = notify.Unconfigured{}
	if o.Config.Demo {
		a.Outbox = &notify.DevOutbox{DB: o.DB, Now: o.Now, Log: o.Log}
		sender = a.Outbox
	}
	keys, err := session.LoadOrCreateKeys(o.Config.SessionKeys, o.Config.DataDir)
	if err != nil {
		return nil, fmt.Errorf("session keys: %w", err)
	}
	codecs, err := session.Codecs(keys, int(o.Config.SessionMaxLifetime.Seconds()))
	if err != nil {
		return nil, fmt.Errorf("session keys: %w", err)
	}
	if a.Limiter, err = newLimiter(o, keys); err != nil {
		return nil, err
	}
	if o.Config.PlatformURL != "" {
		// Remote mode: the platform is another process; this store keeps only BFF sessions.
		if a.Platform, err = platform.NewRemoteClient(o.Config.PlatformURL, o.Config.PlatformAppID, o.Config.PlatformTimeout); err != nil {
			return nil, err
		}
	} else {
		// Embedded mode: the BFF calls the platform through Go (platform.Embedded), no HTTP.
		secret, err := serverSecret(keys)
		if err != nil {
			return nil, err
		}
		if a.Platform, _, err = newEmbeddedPlatform(o.DB, sender, o.Now, o.Rand, o.Config.PasswordHashCost, o.Config.PlatformAppID, a.Limiter, secret, o.Log, logCauses(o.Log)); err != nil {
			return nil, err
		}
	}

	var sessions session.Store = session.SQLStore{DB: o.DB}
	if o.Config.PlatformURL == "" {
		// Embedded: a request reads its BFF and platform sessions in one query (auth.BFFSessions),
		// kept between requests where the store counts its changes (auth.CachedBFFSessions).
		sessions = auth.CachedBFFSessions(o.DB)
	}
	a.Sessions = &session.Manager{
		Store: sessions, Codecs: codecs, Now: o.Now, Rand: o.Rand,
		IdleTimeout: o.Config.SessionIdleTimeout, MaxLifetime: o.Config.SessionMaxLifetime,
		SecureMode: o.Config.CookieSecure, Proxies: a.Proxies, Log: o.Log,
	}

	e := gin.New()
	if err := e.SetTrustedProxies(o.Config.TrustedProxies); err != nil {
		return nil, err
	}
	handlers, err := a.guardedHandlers()
	if err != nil {
		return nil, err
	}
	if err := a.routes(e, handlers); err != nil {
		return nil, err
	}
	a.Engine = e
	return a, nil
}

// Handler is the portal's HTTP handler: the routes behind Go's cross-origin protection, which
// refuses state-changing requests a browser marks as coming from another site (CSRF), except
// from the native app's own webview origins.
func (a *App) Handler() http.Handler {
	csrf := http.NewCrossOriginProtection()
	// The native shell's webview origins call the API with credentials too.
	for _, origin := range a.Config.AppOrigins {
		if err := csrf.AddTrustedOrigin(origin); err != nil {
			a.Log.Warn("app origin not trusted", "origin", origin, "err", err)
		}
	}
	return csrf.Handler(a.Engine)
}

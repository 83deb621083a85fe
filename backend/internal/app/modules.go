package app

import (
	"context"
	"crypto/rand"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/accountsec"
	"wealthportal/backend/internal/assets"
	"wealthportal/backend/internal/auth"
	"wealthportal/backend/internal/biometric"
	"wealthportal/backend/internal/clientcontext"
	"wealthportal/backend/internal/entities"
	"wealthportal/backend/internal/health"
	"wealthportal/backend/internal/journeys"
	"wealthportal/backend/internal/messages"
	"wealthportal/backend/internal/notify"
	"wealthportal/backend/internal/performance"
	"wealthportal/backend/internal/platform"
	"wealthportal/backend/internal/portfolio"
	"wealthportal/backend/internal/ratelimit"
	"wealthportal/backend/internal/recovery"
	"wealthportal/backend/internal/reports"
	"wealthportal/backend/internal/review"
	"wealthportal/backend/internal/session"
	"wealthportal/backend/internal/signatures"
	"wealthportal/backend/internal/store"
)

// NewPlatformEngine builds the embedded planning platform over db: the session service and the
// domain modules that make up its /resourceful API. `portal` mounts it in-process and
// `portal platform` serves it on its own.
// appID is the application allowed to call the platform's anonymous resources (help with
// logging in); limiter (required) limits password checks and help with logging in; secret
// (required, the server's: serverSecret) keys the stored signing codes.
func NewPlatformEngine(db *store.DB, sender notify.Sender, now func() time.Time, rnd io.Reader, hashCost int, appID string, limiter *ratelimit.Limiter, secret []byte, log *slog.Logger, middleware ...gin.HandlerFunc) (*gin.Engine, error) {
	_, e, err := newEmbeddedPlatform(db, sender, now, rnd, hashCost, appID, limiter, secret, log, middleware...)
	return e, err
}

// newEmbeddedPlatform is NewPlatformEngine with the Go API the BFF calls it through
// (platform.Embedded).
func newEmbeddedPlatform(db *store.DB, sender notify.Sender, now func() time.Time, rnd io.Reader, hashCost int, appID string, limiter *ratelimit.Limiter, secret []byte, log *slog.Logger, middleware ...gin.HandlerFunc) (*platform.Embedded, *gin.Engine, error) {
	svc, err := auth.NewService(auth.SQLStore{DB: db}, sender, now, rnd, hashCost)
	if err != nil {
		return nil, nil, err
	}
	devices := biometric.NewModule(db, svc, now, rnd, appID)
	security, err := accountsec.NewModule(db, now, hashCost, limiter, func(ctx context.Context, userID int64) error {
		return devices.Service.RevokeAll(ctx, userID, biometric.ReasonPermission)
	})
	if err != nil {
		return nil, nil, err
	}
	docs, err := messages.New(db, now, sender)
	if err != nil {
		return nil, nil, err
	}
	// Digital signatures (issue 16): codes by SMS through sender, limited by limiter, kept as
	// HMACs under secret.
	signing, err := signatures.New(db, sender, limiter, secret, now, rnd, log)
	if err != nil {
		return nil, nil, err
	}
	// Valuation reports (issue 17): runs count against the user's write limit.
	valuations, err := reports.New(db, now, limiter)
	if err != nil {
		return nil, nil, err
	}
	// Journey statuses (issue 18): the fact find's email to the adviser goes through sender.
	statuses, err := journeys.New(db, sender)
	if err != nil {
		return nil, nil, err
	}
	// The annual review (issue 18).
	annualReview, err := review.New(db, now)
	if err != nil {
		return nil, nil, err
	}
	embedded, e := platform.NewEmbedded(svc, db, append(platformModules(db, now), security, devices, clientcontext.NewPlatformModule(db, svc), docs, signing, valuations, statuses, annualReview), appID, middleware...)
	public, err := recovery.NewPublicModule(db, sender, now, rnd, hashCost, limiter, log, appID)
	if err != nil {
		return nil, nil, err
	}
	public.RegisterPublic(e.Group("/resourceful"))
	devices.RegisterPublic(e.Group("/resourceful"))
	(&health.PlatformModule{DB: db}).RegisterPublic(e.Group("/resourceful"))
	return embedded, e, nil
}

// platformModules are the data domains of the embedded platform's API; account security and
// biometric devices are added beside them by NewPlatformEngine, which wires them together.
func platformModules(db *store.DB, now func() time.Time) []platform.Module {
	return []platform.Module{entities.New(db), portfolio.New(db, now), performance.New(db, now), assets.New(db, now)}
}

// NewPlatformServer is the handler of `portal platform`: the embedded platform on its own, with
// request ids, access logs, recovery and body limits, and the demo outbox as its sender in demo
// mode.
func NewPlatformServer(o Options) (http.Handler, error) {
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Rand == nil {
		o.Rand = rand.Reader
	}
	gin.SetMode(gin.ReleaseMode)
	var sender notify.Sender = notify.Unconfigured{}
	if o.Config.Demo {
		sender = &notify.DevOutbox{DB: o.DB, Now: o.Now, Log: o.Log}
	}
	// Its limiter's key comes from the session keys as the portal's does (PORTAL_SESSION_KEYS, or
	// the key file generated in its own data directory).
	keys, err := session.LoadOrCreateKeys(o.Config.SessionKeys, o.Config.DataDir)
	if err != nil {
		return nil, fmt.Errorf("session keys: %w", err)
	}
	limiter, err := newLimiter(o, keys)
	if err != nil {
		return nil, err
	}
	secret, err := serverSecret(keys)
	if err != nil {
		return nil, err
	}
	return NewPlatformEngine(o.DB, sender, o.Now, o.Rand, o.Config.PasswordHashCost, o.Config.PlatformAppID, limiter, secret, o.Log,
		requestID, accessLog(o.Log), gin.CustomRecovery(recovered), DefaultBodyLimits().Middleware)
}

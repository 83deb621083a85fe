package app

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/auth"
	"wealthportal/backend/internal/bff"
	"wealthportal/backend/internal/clientcontext"
	"wealthportal/backend/internal/health"
	"wealthportal/backend/internal/mobileapp"
	"wealthportal/backend/internal/session"
	"wealthportal/backend/internal/siteaccess"
	"wealthportal/backend/internal/spa"
	"wealthportal/backend/internal/toggles"
)

// routes lists every route of the portal, top-down.
func (a *App) routes(e *gin.Engine, guarded guarded) error {
	app := a.mobileApp()
	e.Use(requestID, a.securityHeaders, accessLog(a.Log), gin.CustomRecovery(recovered),
		dynamicGzip(a.WebFiles), app.CORS, DefaultBodyLimits().Middleware)
	// The native shell: App Links / Universal Links association files.
	app.Register(e)

	e.GET("/healthz", a.healthz)
	e.GET("/readyz", a.readyz)

	// The spec's calls (spec 1 §7), answered by the BFF on the user's behalf.
	// Its JSON is labelled exactly "application/json", as XPLAN's is (apierr.JSON).
	xplan := e.Group("/xplanapi", apierr.ExactJSONContentType, a.Sessions.Load)
	authHandler := guarded.auth
	authHandler.Register(xplan)
	// The maintenance checker's health check (no session).
	(&health.Handler{Platform: a.Platform}).Register(xplan)
	// Help with logging in (no session) and the signed-in account-security calls.
	guarded.recovery.Register(xplan)
	security := guarded.security
	security.Register(xplan)
	// The portal's own calls (spec 1 §7 /api/...).
	api := e.Group("/api", a.Sessions.Load)
	authHandler.RegisterAPI(api)
	security.RegisterAPI(api)
	guarded.biometric.Register(api)
	(&toggles.Handler{ServiceURL: a.Config.ToggleServiceURL, Environment: a.Config.Environment,
		Firm: a.Config.PlatformAppID, LineOfBusiness: "wealth", Log: a.Log}).Register(api, a.Sessions.RequireComplete)
	// Every other spec call passes through to the platform's /resourceful API (batch included):
	// the calls of the BFF's table (bff/table.go), nothing else.
	siteAccess := &siteaccess.Source{Files: a.WebFiles, DataDir: a.Config.DataDir}
	relay, err := bff.NewHandler(a.Platform, a.Sessions, siteAccess)
	if err != nil {
		return err
	}
	// An adviser's client in context (/api/client-context), the check of its calls and the
	// audit trail (clientcontext).
	inContext, err := clientcontext.NewHandler(a.Platform, a.Sessions, a.DB, siteAccess, a.Sessions.Now)
	if err != nil {
		return err
	}
	inContext.Register(api, a.Sessions.RequireComplete)
	// Calls of the table the portal answers itself: the SiteTerms login step, which auth
	// records once the platform has the acceptance.
	answered := answerInPortal(bffAnswers(authHandler))
	// A session with additional login steps outstanding may only take its steps (auth.Handler).
	forward := []gin.HandlerFunc{relay.Screen, inContext.Guard, answered, authHandler.RequireCompleteOrStep, relay.Forward}
	for _, p := range bff.Mounts() {
		xplan.Any(p, forward...)
	}

	// The BFF's own aggregates (spec 2 §7, spec 3 §7.5).
	bffAPI := e.Group("/bff/api", a.Sessions.Load, a.Sessions.RequireComplete)
	bffAPI.GET("/account/transactions", inContext.GuardTransactions, relay.Transactions)

	// The built web app, with the SPA fallback, for everything else.
	site := &spa.Handler{Files: a.WebFiles, DataDir: a.Config.DataDir, EnableCaching: a.Config.EnableCaching, PersistFilters: a.Config.PersistFilters,
		SessionCookies: []string{session.CookieName, session.SecureCookieName}}
	e.NoRoute(site.ServeHTTP)
	e.NoMethod(site.ServeHTTP)
	return nil
}

// smallAnswers are the calls whose answer is always a few hundred bytes, asked on every page
// and heartbeat: gzip would cost more CPU per call than the bytes it saves (issue 13).
var smallAnswers = []string{"/xplanapi/session/user", "/api/session/heartbeat"}

// bffAnswers are the calls of the BFF's table that the portal answers instead of forwarding.
func bffAnswers(authHandler *auth.Handler) []bffAnswer {
	return []bffAnswer{
		// POST /xplanapi/entity/client-v3/:client/terms_and_conditions
		{Method: http.MethodPost, Path: "entity/client-v3/{client}/terms_and_conditions", Handler: authHandler.AcceptSiteTerms},
	}
}

// mobileApp is the native shell as the portal knows it: the client paths open the app.
func (a *App) mobileApp() mobileapp.Config {
	return mobileapp.Config{Origins: a.Config.AppOrigins, AndroidPackage: a.Config.AndroidPackage,
		AndroidCertFingerprints: a.Config.AndroidCertFingerprints, IOSAppIDs: a.Config.IOSAppIDs,
		LinkPaths: []string{"/clients/*", "/login", "/help-with-logging-in"}}
}

// GET /healthz: the process is up.
func (a *App) healthz(c *gin.Context) { apierr.JSON(c, http.StatusOK, gin.H{"status": "ok"}) }

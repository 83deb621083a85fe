package app

import (
	"net/http"

	"github.com/gin-contrib/gzip"
	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/auth"
	"wealthportal/backend/internal/spa"
)

// routes lists every route of the portal, top-down.
func (a *App) routes(e *gin.Engine) {
	e.Use(requestID, securityHeaders, accessLog(a.Log), gin.CustomRecovery(a.recovered),
		gzip.Gzip(gzip.DefaultCompression))

	e.GET("/healthz", a.healthz)
	e.GET("/readyz", a.readyz)

	// The spec's calls (spec 1 §7), answered by the BFF on the user's behalf.
	xplan := e.Group("/xplanapi", a.Sessions.Load)
	(&auth.Handler{Platform: a.Platform, Sessions: a.Sessions}).Register(xplan)

	// The built web app, with the SPA fallback, for everything else.
	site := &spa.Handler{Files: a.WebFiles, DataDir: a.Config.DataDir, EnableCaching: true, PersistFilters: true}
	e.NoRoute(site.ServeHTTP)
	e.NoMethod(site.ServeHTTP)
}

// GET /healthz: the process is up.
func (a *App) healthz(c *gin.Context) { c.JSON(http.StatusOK, gin.H{"status": "ok"}) }

// GET /readyz: the store answers.
func (a *App) readyz(c *gin.Context) {
	if err := a.DB.PingContext(c.Request.Context()); err != nil {
		c.JSON(http.StatusServiceUnavailable, gin.H{"status": "unavailable"})
		return
	}
	c.JSON(http.StatusOK, gin.H{"status": "ok"})
}

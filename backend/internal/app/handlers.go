package app

import (
	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/accountsec"
	"wealthportal/backend/internal/auth"
	"wealthportal/backend/internal/biometric"
	"wealthportal/backend/internal/recovery"
)

// guarded are the handlers that protect logins and accounts. They are built through their
// constructors, which refuse a missing platform client, session manager or rate limiter, so a
// portal without one does not start instead of serving those calls unprotected.
type guarded struct {
	auth      *auth.Handler
	recovery  *recovery.Handler
	security  *accountsec.Handler
	biometric *biometric.Handler
}

func (a *App) guardedHandlers() (guarded, error) {
	var g guarded
	var err error
	if g.auth, err = auth.NewHandler(a.Platform, a.Sessions, a.Limiter); err != nil {
		return g, err
	}
	if g.recovery, err = recovery.NewHandler(a.Platform, a.Limiter); err != nil {
		return g, err
	}
	if g.security, err = accountsec.NewHandler(a.Platform, a.Sessions, a.Limiter); err != nil {
		return g, err
	}
	g.security.CompleteStep = func(c *gin.Context) error { return g.auth.CompleteStep(c, auth.StatusSetSecurityQuestions) }
	if g.biometric, err = biometric.NewHandler(a.Platform, a.Sessions, a.Limiter); err != nil {
		return g, err
	}
	return g, nil
}

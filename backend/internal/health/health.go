// Package health is the maintenance switch of spec 1 §2 and §4: the platform's health check
// (GET /resourceful/xplan/health, anonymous) answers {"status":"OK"} or {"status":"BAD"} while
// the firm's platform is under maintenance, and the BFF passes it on at GET
// /xplanapi/xplan/health for the browser's maintenance checker. The switch is a row in the
// shared store's meta table, so every process sees it: `portal maintenance on|off`.
package health

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/http"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/platform"
	"wealthportal/backend/internal/store"
)

// Statuses of the health check.
const (
	StatusOK  = "OK"
	StatusBAD = "BAD"
)

const maintenanceKey = "maintenance"

// UnderMaintenance reports whether the maintenance switch is on.
func UnderMaintenance(ctx context.Context, db *store.DB) (bool, error) {
	var v string
	err := db.QueryRowContext(ctx, db.Rebind(`SELECT value FROM meta WHERE key = ?`), maintenanceKey).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	return v == "1", err
}

// SetMaintenance turns the switch on or off.
func SetMaintenance(ctx context.Context, db *store.DB, on bool) error {
	v := "0"
	if on {
		v = "1"
	}
	_, err := db.ExecContext(ctx, db.Rebind(`INSERT INTO meta (key, value) VALUES (?, ?)
		ON CONFLICT (key) DO UPDATE SET value = excluded.value`), maintenanceKey, v)
	return err
}

// Answer is the health check's body.
type Answer struct {
	Status string `json:"status"`
}

// PlatformModule serves the platform's anonymous health check.
type PlatformModule struct{ DB *store.DB }

// RegisterPublic adds GET xplan/health to the /resourceful group (no session needed).
func (m *PlatformModule) RegisterPublic(r *gin.RouterGroup) {
	r.GET("/xplan/health", apierr.Handler(m.health))
}

// GET /resourceful/xplan/health
func (m *PlatformModule) health(c *gin.Context) error {
	down, err := UnderMaintenance(c.Request.Context(), m.DB)
	if err != nil {
		return err
	}
	status := StatusOK
	if down {
		status = StatusBAD
	}
	c.JSON(http.StatusOK, Answer{Status: status})
	return nil
}

// Handler is the BFF's side: it asks the platform, embedded or remote.
type Handler struct{ Platform platform.API }

// Register adds GET /xplanapi/xplan/health.
func (h *Handler) Register(xplan *gin.RouterGroup) {
	xplan.GET("/xplan/health", apierr.Handler(h.health))
}

// GET /xplanapi/xplan/health: a platform that cannot be reached is reported as BAD too, so the
// browser shows the maintenance page rather than a login that cannot work.
func (h *Handler) health(c *gin.Context) error {
	status, err := Ask(c.Request.Context(), h.Platform)
	if errors.Is(err, ErrEndpointDisabled) {
		return apierr.New(http.StatusForbidden, "endpoint disabled", "endpoint disabled")
	}
	if err != nil {
		status = StatusBAD
	}
	c.Header("Cache-Control", "no-store")
	c.JSON(http.StatusOK, Answer{Status: status})
	return nil
}

// ErrEndpointDisabled is the platform's 403 to its health check: the check is switched off.
var ErrEndpointDisabled = errors.New("health check endpoint disabled")

// Ask calls the platform's health check: StatusOK or StatusBAD, or an error when the platform
// does not answer (a remote client's time-outs apply), or answers something else.
func Ask(ctx context.Context, p platform.API) (string, error) {
	var a Answer
	err := p.Anonymous(ctx, http.MethodGet, "xplan/health", nil, nil, &a)
	var ae *apierr.Error
	var se *platform.StatusError
	if (errors.As(err, &ae) && ae.Status == http.StatusForbidden) || (errors.As(err, &se) && se.Status == http.StatusForbidden) {
		return "", ErrEndpointDisabled
	}
	if err != nil {
		return "", fmt.Errorf("platform health check: %w", err)
	}
	if a.Status != StatusOK && a.Status != StatusBAD {
		return "", fmt.Errorf("platform health check answered status %q", a.Status)
	}
	return a.Status, nil
}

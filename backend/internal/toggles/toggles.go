// Package toggles is the BFF's proxy to the firm's feature-toggle service (spec 1 §3, §7): the
// service is queried per environment (dev, technet, staging, uat, production) with the context
// of firm, environment, account, region and line of business; if it fails, the list is empty.
// The platform's own toggles come from GET /xplanapi/feature_toggle/toggle_condition.
package toggles

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/session"
)

// Environments a toggle service knows.
var Environments = []string{"dev", "technet", "staging", "uat", "production"}

// Toggle is one feature toggle.
type Toggle struct {
	Name    string `json:"name"`
	Enabled bool   `json:"enabled"`
}

// Context is what the service is told about the caller.
type Context struct {
	Firm, Environment, Account, Region, LineOfBusiness string
}

// Query builds the service's query string.
func (c Context) Query() url.Values {
	return url.Values{"firm": {c.Firm}, "environment": {c.Environment}, "account": {c.Account},
		"region": {c.Region}, "line_of_business": {c.LineOfBusiness}}
}

// Fetch asks the service; any failure (unset, unreachable, slow, bad answer) is an empty list.
func Fetch(ctx context.Context, client *http.Client, serviceURL string, tc Context, log *slog.Logger) []Toggle {
	if serviceURL == "" {
		return []Toggle{}
	}
	ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, serviceURL+"?"+tc.Query().Encode(), nil)
	if err != nil {
		return []Toggle{}
	}
	req.Header.Set("Accept", "application/json")
	res, err := client.Do(req)
	if err != nil {
		log.WarnContext(ctx, "feature-toggle service unavailable", "err", err)
		return []Toggle{}
	}
	defer res.Body.Close()
	var list []Toggle
	if res.StatusCode != http.StatusOK || json.NewDecoder(io.LimitReader(res.Body, 1<<20)).Decode(&list) != nil {
		log.WarnContext(ctx, "feature-toggle service answered badly", "status", res.StatusCode)
		return []Toggle{}
	}
	return list
}

// Handler serves GET /api/feature-toggles for a signed-in user.
type Handler struct {
	ServiceURL     string
	Environment    string
	Firm           string
	LineOfBusiness string
	Client         *http.Client
	Log            *slog.Logger
}

// Register adds the route to the /api group (which loads and requires the session).
func (h *Handler) Register(api *gin.RouterGroup, require gin.HandlerFunc) {
	api.GET("/feature-toggles", require, h.list)
}

// GET /api/feature-toggles?region=GB
func (h *Handler) list(c *gin.Context) {
	s := session.From(c)
	tc := Context{Firm: h.Firm, Environment: h.Environment, Account: strconv.FormatInt(s.EntityID, 10),
		Region: c.Query("region"), LineOfBusiness: h.LineOfBusiness}
	client := h.Client
	if client == nil {
		client = http.DefaultClient
	}
	c.Header("Cache-Control", "no-store")
	c.JSON(http.StatusOK, Fetch(c.Request.Context(), client, h.ServiceURL, tc, h.Log))
}

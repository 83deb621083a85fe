package entities

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/access"
	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/resourceful"
)

// GET /resourceful/session/capability
func (m *Module) getSessionCapability(c *gin.Context, q resourceful.Querier, p access.Principal) error {
	caps, err := access.Capabilities(c.Request.Context(), q, p.FirmID, p.Role, p.EntityID)
	if err != nil {
		return err
	}
	resourceful.JSON(c, http.StatusOK, caps)
	return nil
}

// GET /resourceful/entity/client-v3/:id/capability
func (m *Module) getClientCapability(c *gin.Context, q resourceful.Querier, p access.Principal) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	caps, err := ClientCapabilities(c.Request.Context(), q, p, id)
	if err != nil {
		return err
	}
	resourceful.JSON(c, http.StatusOK, caps)
	return nil
}

// ClientCapabilities are a client's capabilities as they apply to the client's own login
// (role ClientUser), whoever asks: an adviser loading a client into context must see what the
// client would see (spec 3 §4.5).
func ClientCapabilities(ctx context.Context, q access.Querier, p access.Principal, clientID int64) (map[string]bool, error) {
	if err := requireClient(ctx, q, p, clientID); err != nil {
		return nil, err
	}
	return access.Capabilities(ctx, q, p.FirmID, access.RoleClient, clientID)
}

// GET /resourceful/session/feature_access?feature_names=multi_currency
func (m *Module) getFeatureAccess(c *gin.Context, q resourceful.Querier, p access.Principal) error {
	params, err := resourceful.ParamsOf(c)
	if err != nil {
		return apierr.BadRequest(err.Error())
	}
	flags, err := FeatureAccess(c.Request.Context(), q, p.FirmID, params.Strings("feature_names"))
	if err != nil {
		return err
	}
	resourceful.JSON(c, http.StatusOK, flags)
	return nil
}

// FeatureAccess answers whether each named toggle is on for the firm; a name the firm has no
// toggle for is off. With no names it answers every toggle of the firm.
func FeatureAccess(ctx context.Context, q access.Querier, firmID int64, names []string) (map[string]bool, error) {
	toggles, err := firmToggles(ctx, q, firmID)
	if err != nil {
		return nil, err
	}
	flags := map[string]bool{}
	if len(names) == 0 {
		for _, t := range toggles {
			flags[t.Name] = t.Enabled
		}
		return flags, nil
	}
	on := map[string]bool{}
	for _, t := range toggles {
		on[t.Name] = t.Enabled
	}
	for _, n := range names {
		flags[n] = on[n]
	}
	return flags, nil
}

// Toggle is a platform feature toggle of a firm.
type Toggle struct {
	Name    string `json:"name"`
	Enabled bool   `json:"enabled"`
}

// GET /resourceful/feature_toggle/toggle_condition
func (m *Module) getToggleConditions(c *gin.Context, q resourceful.Querier, p access.Principal) error {
	toggles, err := firmToggles(c.Request.Context(), q, p.FirmID)
	if err != nil {
		return err
	}
	resourceful.JSON(c, http.StatusOK, toggles)
	return nil
}

func firmToggles(ctx context.Context, q access.Querier, firmID int64) ([]Toggle, error) {
	rows, err := q.QueryContext(ctx, `SELECT name, enabled FROM feature_toggle WHERE firm_id = ? ORDER BY name`, firmID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	toggles := []Toggle{}
	for rows.Next() {
		var t Toggle
		if err := rows.Scan(&t.Name, &t.Enabled); err != nil {
			return nil, err
		}
		toggles = append(toggles, t)
	}
	return toggles, rows.Err()
}

// Site is the answer of GET site: the locales the firm's site offers and the platform version.
type Site struct {
	SiteLocales []string `json:"site_locales"`
	Version     string   `json:"version"`
}

// GET /resourceful/site
func (m *Module) getSite(c *gin.Context, q resourceful.Querier, p access.Principal) error {
	site, err := SiteOf(c.Request.Context(), q, p.FirmID)
	if err != nil {
		return err
	}
	resourceful.JSON(c, http.StatusOK, site)
	return nil
}

// SiteOf reads the caller's firm's site settings.
func SiteOf(ctx context.Context, q access.Querier, firmID int64) (Site, error) {
	var locales, version string
	err := q.QueryRowContext(ctx, `SELECT site_locales, platform_version FROM firm WHERE id = ?`, firmID).Scan(&locales, &version)
	if errors.Is(err, sql.ErrNoRows) {
		return Site{}, apierr.ErrNotFound
	}
	if err != nil {
		return Site{}, err
	}
	return Site{SiteLocales: splitList(locales), Version: version}, nil
}

// splitList splits a stored comma-separated list, dropping blanks.
func splitList(s string) []string {
	out := []string{}
	for _, part := range strings.Split(s, ",") {
		if part = strings.TrimSpace(part); part != "" {
			out = append(out, part)
		}
	}
	return out
}

// LoginProfile is a login profile's session settings; timeouts are in minutes.
type LoginProfile struct {
	ID                           int64  `json:"id"`
	Name                         string `json:"name"`
	InactiveSessionTimeoutClient int    `json:"inactive_session_timeout_client"`
	InactiveSessionTimeout       int    `json:"inactive_session_timeout"`
}

// GET /resourceful/sysadmin/loginsetting/login_profile/:id
func (m *Module) getLoginProfile(c *gin.Context, q resourceful.Querier, p access.Principal) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	lp, err := LoginProfileOf(c.Request.Context(), q, p, id)
	if err != nil {
		return err
	}
	resourceful.JSON(c, http.StatusOK, lp)
	return nil
}

// LoginProfileOf reads a login profile of the caller's firm (the caller's own profile is one of
// them). Another firm's profile answers like a missing one.
func LoginProfileOf(ctx context.Context, q access.Querier, p access.Principal, id int64) (LoginProfile, error) {
	var lp LoginProfile
	var firmID int64
	err := q.QueryRowContext(ctx, `SELECT id, firm_id, name, inactive_session_timeout_client, inactive_session_timeout
		FROM login_profile WHERE id = ?`, id).Scan(&lp.ID, &firmID, &lp.Name, &lp.InactiveSessionTimeoutClient, &lp.InactiveSessionTimeout)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && firmID != p.FirmID) {
		return LoginProfile{}, apierr.ErrNotFound
	}
	return lp, err
}

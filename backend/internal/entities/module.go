package entities

import (
	"sort"
	"strconv"
	"time"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/resourceful"
	"wealthportal/backend/internal/store"
)

// Module is the platform's party API: sessions' capabilities and settings, advisers, clients
// and their addresses, contacts, groups, preferences, terms and field choices.
type Module struct {
	db *store.DB
	// now stamps recorded_at on terms acceptances; tests replace it.
	now func() time.Time
}

// New builds the entities module over the platform's store.
func New(db *store.DB) *Module { return &Module{db: db, now: time.Now} }

// Register adds the party routes to the authenticated /resourceful group.
func (m *Module) Register(r *gin.RouterGroup) {
	// The session's own settings (spec 1 §7).
	r.GET("/session/capability", m.handle(m.getSessionCapability))
	r.GET("/session/feature_access", m.handle(m.getFeatureAccess))
	r.GET("/feature_toggle/toggle_condition", m.handle(m.getToggleConditions))
	r.GET("/site", m.handle(m.getSite))
	r.GET("/sysadmin/loginsetting/login_profile/:id", m.handle(m.getLoginProfile))

	// Advisers (spec 2 §2.9, spec 3 §7.4).
	r.GET("/session/user/adviser", m.handle(m.getSessionAdviser))
	r.GET("/adviser/:id", m.handle(m.getAdviser))
	r.GET("/adviser/:id/contact", m.handle(m.getAdviserContacts))
	r.GET("/adviser/:id/address", m.handle(m.getAdviserAddresses))

	// Clients: the adviser's list and one client's data (spec 3 §3.4, §3.5, §7.4).
	for _, list := range []string{"/entity/client-v3", "/entity/client-v3/", "/entity/client", "/entity/client/"} {
		r.GET(list, m.handle(m.getClientList))
	}
	r.GET("/entity/client/:id", m.handle(m.getClient))
	r.GET("/entity/client-v3/:id", m.handle(m.getClient))
	r.PUT("/entity/client-v3/:id", m.handle(m.updateClient))
	r.PATCH("/entity/client-v3/:id", m.handle(m.updateClient))
	r.GET("/entity/client-v3/:id/capability", m.handle(m.getClientCapability))
	r.GET("/entity/client-v3/:id/address", m.handle(m.getClientAddresses))
	r.GET("/entity/client-v3/:id/address/:address_id", m.handle(m.getClientAddress))
	r.GET("/entity/client-v3/:id/contact", m.handle(m.getClientContacts))
	r.GET("/entity/client/:id/client_group/member", m.handle(m.getGroupMembers))
	r.POST("/entity/client-v3/:id/terms_and_conditions", m.handle(m.acceptTerms))
	r.GET("/entity/user/:id", m.handle(m.getUser))

	// Field metadata and choices (spec 1 §7 "Entity field lookup", spec 3 §7.4).
	r.GET("/ufield/:group", m.handle(m.getFieldGroup))
	r.GET("/ufield/:group/:field", m.handle(m.getField))
	r.GET("/ufield/:group/:field/choice", m.handle(m.getFieldChoices))
}

// handle serves an endpoint with its caller and querier (resourceful.Handle).
func (m *Module) handle(fn resourceful.Endpoint) gin.HandlerFunc { return resourceful.Handle(m.db, fn) }

// pathID reads a numeric path parameter. A malformed id is simply a resource that does not
// exist, so it answers like any other missing id.
func pathID(c *gin.Context, name string) (int64, error) {
	id, err := strconv.ParseInt(c.Param(name), 10, 64)
	if err != nil || id <= 0 {
		return 0, apierr.ErrNotFound
	}
	return id, nil
}

// sortedKeys returns the keys of m in order, so that error messages are deterministic.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

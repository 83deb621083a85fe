package clientcontext

import (
	"errors"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/access"
	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/auth"
	"wealthportal/backend/internal/entities"
	"wealthportal/backend/internal/resourceful"
	"wealthportal/backend/internal/store"
)

// PlatformClient is the platform's answer about a client an adviser puts in context: what the
// BFF needs for its answer, its checks and its audit rows.
type PlatformClient struct {
	EntityID          int64   `json:"entity_id"`
	DisplayName       string  `json:"display_name"`
	PreferredCurrency string  `json:"preferred_currency"`
	LastLoginDatetime *string `json:"last_login_datetime"`
	UserTimezone      string  `json:"user_timezone"`
	// ClientAccessLevel is the description of the client's client_access_level ("" for none).
	ClientAccessLevel string `json:"client_access_level"`
	UserID            *int64 `json:"user_id"`
	HasClientAccess   bool   `json:"has_client_access"`
	PartnerEntityID   *int64 `json:"partner_entity_id"`
	// AdviserUsername is the calling adviser's login, for the audit trail.
	AdviserUsername string `json:"adviser_username"`
}

// PlatformModule is the platform's side: the client in context of a platform session.
type PlatformModule struct {
	db  *store.DB
	svc *auth.Service
}

// NewPlatformModule builds the platform side over the platform's store and session service.
func NewPlatformModule(db *store.DB, svc *auth.Service) *PlatformModule {
	return &PlatformModule{db: db, svc: svc}
}

// Register adds the routes to the authenticated /resourceful group.
func (m *PlatformModule) Register(r *gin.RouterGroup) {
	r.GET("/session/client_context/:id", apierr.Handler(m.candidate))
	r.PUT("/session/client_context/:id", apierr.Handler(m.put))
	r.DELETE("/session/client_context", apierr.Handler(m.clear))
}

// contextFields are the client fields PlatformClient is built from.
var contextFields = []string{"entity_type", "first_name", "last_name", "entity_name", "preferred_currency",
	"last_login_datetime", "user_timezone", "client_access_level", "user_id", "has_client_access", "partner_entity_id"}

// GET /resourceful/session/client_context/:id
func (m *PlatformModule) candidate(c *gin.Context) error {
	p, err := m.lookUp(c)
	if err != nil {
		return err
	}
	resourceful.JSON(c, http.StatusOK, p)
	return nil
}

// PUT /resourceful/session/client_context/:id
func (m *PlatformModule) put(c *gin.Context) error {
	p, err := m.lookUp(c)
	if err != nil {
		return err
	}
	_, token, _ := auth.CallerOf(c)
	if err := m.svc.SetClientInContext(c.Request.Context(), token, p.EntityID); err != nil {
		return err
	}
	resourceful.JSON(c, http.StatusOK, p)
	return nil
}

// DELETE /resourceful/session/client_context
func (m *PlatformModule) clear(c *gin.Context) error {
	if _, err := adviserCaller(c); err != nil {
		return err
	}
	_, token, _ := auth.CallerOf(c)
	if err := m.svc.SetClientInContext(c.Request.Context(), token, 0); err != nil {
		return err
	}
	c.Status(http.StatusNoContent)
	return nil
}

// adviserCaller is the calling adviser; clients have no client in context (403).
func adviserCaller(c *gin.Context) (access.Principal, error) {
	p, ok := access.From(c.Request.Context())
	if !ok {
		return p, apierr.ErrNoSession
	}
	if p.Role != access.RoleAdviser {
		return p, apierr.ErrForbidden
	}
	return p, nil
}

// lookUp reads the client of the path as the calling adviser's book has it: the client now in
// context does not narrow the choice of the next one. Another adviser's client, a missing id
// and an entity that is not a client all answer apierr.ErrNotFound.
func (m *PlatformModule) lookUp(c *gin.Context) (PlatformClient, error) {
	p, err := adviserCaller(c)
	if err != nil {
		return PlatformClient{}, err
	}
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	if err != nil || id <= 0 {
		return PlatformClient{}, apierr.ErrNotFound
	}
	p.ClientInContext = 0
	fields, err := entities.ClientDetail(c.Request.Context(), resourceful.Q(c, m.db), p, id, contextFields)
	if err != nil {
		return PlatformClient{}, err
	}
	u, _, _ := auth.CallerOf(c)
	return platformClientOf(id, fields, u.Username)
}

// platformClientOf reads ClientDetail's answer.
func platformClientOf(id int64, f map[string]any, adviser string) (PlatformClient, error) {
	str := func(k string) string { s, _ := f[k].(string); return s }
	optInt := func(k string) *int64 {
		if v, ok := f[k].(int64); ok {
			return &v
		}
		return nil
	}
	entityType, ok := f["entity_type"].(int)
	if !ok {
		return PlatformClient{}, errors.New("clientcontext: entity_type missing from the client's fields")
	}
	out := PlatformClient{
		EntityID: id, PreferredCurrency: str("preferred_currency"), UserTimezone: str("user_timezone"),
		UserID: optInt("user_id"), PartnerEntityID: optInt("partner_entity_id"), AdviserUsername: adviser,
		DisplayName: auth.Entity{EntityType: entityType, FirstName: str("first_name"), LastName: str("last_name"),
			EntityName: str("entity_name")}.DisplayName(),
	}
	out.HasClientAccess, _ = f["has_client_access"].(bool)
	if s, ok := f["last_login_datetime"].(string); ok {
		out.LastLoginDatetime = &s
	}
	if level, ok := f["client_access_level"].(map[string]any); ok {
		out.ClientAccessLevel, _ = level["description"].(string)
	}
	return out, nil
}

package clientcontext

import (
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"time"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/access"
	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/platform"
	"wealthportal/backend/internal/session"
	"wealthportal/backend/internal/siteaccess"
	"wealthportal/backend/internal/store"
)

// SiteTypeCookie is the cookie the web app reads for the client in context's portal view
// (spec 1 §3 "Client in context", spec 3 §4.5). The server never reads it.
const SiteTypeCookie = "site_type"

// ErrNoClientAccess answers opening a client row that has neither access nor preview (spec 3
// §2.6 'No client access').
var ErrNoClientAccess = apierr.New(http.StatusForbidden, "No client access", "You do not have access to this client.")

// Handler serves /api/client-context and guards an adviser's forwarded calls (guard.go).
type Handler struct {
	platform   *platform.Client
	sessions   *session.Manager
	store      Store
	siteAccess *siteaccess.Source
	now        func() time.Time
}

// NewHandler builds the handler. Every dependency is required: without the store there is no
// audit trail, without the site access lists no client's own portal view.
func NewHandler(platformClient *platform.Client, sessions *session.Manager, db *store.DB, siteAccess *siteaccess.Source, now func() time.Time) (*Handler, error) {
	switch {
	case platformClient == nil:
		return nil, errors.New("clientcontext: the platform client is required")
	case sessions == nil:
		return nil, errors.New("clientcontext: the session manager is required")
	case db == nil:
		return nil, errors.New("clientcontext: the store is required")
	case siteAccess == nil:
		return nil, errors.New("clientcontext: the site access source is required")
	case now == nil:
		return nil, errors.New("clientcontext: the clock is required")
	}
	return &Handler{platform: platformClient, sessions: sessions, store: Store{DB: db}, siteAccess: siteAccess, now: now}, nil
}

// Register adds the client-in-context calls to the /api group; requireComplete (the session
// manager's RequireComplete) answers 401 without a session and 403 while login steps remain.
func (h *Handler) Register(api *gin.RouterGroup, requireComplete gin.HandlerFunc) {
	api.GET("/client-context", requireComplete, apierr.Handler(h.get))
	api.PUT("/client-context", requireComplete, apierr.Handler(h.put))
	api.DELETE("/client-context", requireComplete, apierr.Handler(h.clear))
}

// answer is the body of every /api/client-context answer.
type answer struct {
	ClientInContext *ClientInContext `json:"client_in_context"`
}

// GET /api/client-context
func (h *Handler) get(c *gin.Context) error {
	s := session.From(c)
	if s.RoleName != access.RoleAdviser {
		apierr.JSON(c, http.StatusOK, answer{})
		return nil
	}
	cur, err := h.store.Get(c.Request.Context(), s.Key())
	if err != nil {
		return err
	}
	apierr.JSON(c, http.StatusOK, answerOf(cur))
	return nil
}

func answerOf(cur Context) answer {
	if cur.ClientID == 0 {
		return answer{}
	}
	return answer{ClientInContext: &cur.Answer}
}

// putRequest is PUT /api/client-context's body.
type putRequest struct {
	ClientID        int64   `json:"client_id"`
	SiteAccessLevel *string `json:"site_access_level"`
}

// PUT /api/client-context
func (h *Handler) put(c *gin.Context) error {
	s, err := adviserSession(c)
	if err != nil {
		return err
	}
	var req putRequest
	if err := json.NewDecoder(http.MaxBytesReader(c.Writer, c.Request.Body, 4096)).Decode(&req); err != nil {
		return apierr.BodyError(err, apierr.BadRequest("client_id is required"))
	}
	if req.ClientID <= 0 {
		return apierr.BadRequest("client_id is required")
	}
	var chosen *siteaccess.Level
	if req.SiteAccessLevel != nil {
		l, ok := parseLevel(*req.SiteAccessLevel)
		if !ok {
			return apierr.BadRequest("site_access_level must be Portfolio, Assets, Messages or NotAssigned")
		}
		chosen = &l
	}
	ctx := c.Request.Context()
	path := "session/client_context/" + strconv.FormatInt(req.ClientID, 10)
	var candidate PlatformClient
	if err := h.platform.Do(ctx, s.PlatformSession, http.MethodGet, path, nil, &candidate); err != nil {
		return h.platformError(c, err)
	}
	next := h.contextOf(candidate, chosen)
	if !next.Answer.HasClientAccess && !next.Answer.IsPreviewMode {
		return ErrNoClientAccess
	}
	if err := h.platform.Do(ctx, s.PlatformSession, http.MethodPut, path, nil, nil); err != nil {
		return h.platformError(c, err)
	}
	prev, err := h.store.Get(ctx, s.Key())
	if err != nil {
		return err
	}
	if err := h.store.Set(ctx, s.Key(), &next, h.switchEvents(c, s, prev, next)); err != nil {
		return err
	}
	h.setSiteType(c, next.Level)
	apierr.JSON(c, http.StatusOK, answerOf(next))
	return nil
}

// DELETE /api/client-context
func (h *Handler) clear(c *gin.Context) error {
	s, err := adviserSession(c)
	if err != nil {
		return err
	}
	ctx := c.Request.Context()
	if err := h.platform.Do(ctx, s.PlatformSession, http.MethodDelete, "session/client_context", nil, nil); err != nil {
		return h.platformError(c, err)
	}
	prev, err := h.store.Get(ctx, s.Key())
	if err != nil {
		return err
	}
	var events []Event
	if prev.ClientID != 0 {
		events = append(events, h.event(c, s, prev.Adviser, prev.ClientID, ActionClose, "client-context"))
	}
	if err := h.store.Set(ctx, s.Key(), nil, events); err != nil {
		return err
	}
	http.SetCookie(c.Writer, &http.Cookie{Name: SiteTypeCookie, Value: "", Path: "/", MaxAge: -1,
		Secure: h.sessions.SecureCookies(c.Request), SameSite: http.SameSiteStrictMode})
	apierr.JSON(c, http.StatusOK, answer{})
	return nil
}

// adviserSession is the request's session when it is an adviser's; a client has no client in
// context (403).
func adviserSession(c *gin.Context) (*session.Session, error) {
	s := session.From(c)
	if s == nil {
		return nil, apierr.ErrNoSession
	}
	if s.RoleName != access.RoleAdviser {
		return nil, apierr.ErrForbidden
	}
	return s, nil
}

// platformError answers a failed platform call: a lost platform session ends the BFF's; any
// 404 is exactly ErrNotFound, so every refusal reads alike.
func (h *Handler) platformError(c *gin.Context, err error) error {
	err = h.sessions.Platform(c, err)
	var ae *apierr.Error
	if errors.As(err, &ae) && ae.Status == http.StatusNotFound {
		return apierr.ErrNotFound
	}
	return err
}

// contextOf is the client in context for a candidate and the chosen portal view (nil: the
// client's own). Preview mode is a view other than the client's own, or a client without a
// login (spec 3 §4.5). The client's own view follows its client_access_level and the site
// configuration's lists, as the browser works it out; an unreadable configuration gives
// NotAssigned (fail closed: no portfolio data).
func (h *Handler) contextOf(p PlatformClient, chosen *siteaccess.Level) Context {
	own := siteaccess.NotAssigned
	if lists, err := h.siteAccess.Lists(); err == nil {
		own = siteaccess.Derive(p.ClientAccessLevel, lists)
	}
	level := own
	if chosen != nil {
		level = *chosen
	}
	var partner, user int64
	if p.PartnerEntityID != nil {
		partner = *p.PartnerEntityID
	}
	if p.UserID != nil {
		user = *p.UserID
	}
	return Context{ClientID: p.EntityID, PartnerID: partner, UserID: user, Level: level, Adviser: p.AdviserUsername,
		Answer: ClientInContext{
			ID: p.EntityID, EntityID: p.EntityID, DisplayName: p.DisplayName, PreferredCurrency: p.PreferredCurrency,
			IsPreviewMode: level != own || p.UserID == nil, LastLoginDatetime: p.LastLoginDatetime,
			UserTimezone: p.UserTimezone, SiteAccessLevel: level, HasClientAccess: p.HasClientAccess,
		}}
}

// switchEvents are the audit rows of putting next in context where prev was: another client
// closes the previous one and opens the next; the same client with another portal view is a
// change of view; the same again is an open.
func (h *Handler) switchEvents(c *gin.Context, s *session.Session, prev, next Context) []Event {
	target := "client-context " + string(next.Level)
	switch {
	case prev.ClientID != 0 && prev.ClientID != next.ClientID:
		return []Event{h.event(c, s, prev.Adviser, prev.ClientID, ActionClose, "client-context"),
			h.event(c, s, next.Adviser, next.ClientID, ActionOpen, target)}
	case prev.ClientID == next.ClientID && prev.Level != next.Level:
		return []Event{h.event(c, s, next.Adviser, next.ClientID, ActionPortalView, target)}
	}
	return []Event{h.event(c, s, next.Adviser, next.ClientID, ActionOpen, target)}
}

// event is an audit row of this request: the client address as the trusted proxies allow it
// (gin's ClientIP after SetTrustedProxies) and the request id.
func (h *Handler) event(c *gin.Context, s *session.Session, adviser string, clientID int64, action, target string) Event {
	return Event{At: h.now(), AdviserUserID: s.UserID, AdviserUsername: adviser, ClientID: clientID, Action: action,
		Target: target, RemoteAddr: c.ClientIP(), RequestID: c.GetString("request_id")}
}

// setSiteType writes the site-type cookie: Portfolio, Assets or Messages (NotAssigned is
// treated as Messages, spec 3 §3.4). Informational for the web app; SameSite=Strict, and
// Secure by the session cookie's rule.
func (h *Handler) setSiteType(c *gin.Context, level siteaccess.Level) {
	value := string(level)
	if level == siteaccess.NotAssigned {
		value = string(siteaccess.Messages)
	}
	http.SetCookie(c.Writer, &http.Cookie{Name: SiteTypeCookie, Value: value, Path: "/",
		Secure: h.sessions.SecureCookies(c.Request), SameSite: http.SameSiteStrictMode})
}

// parseLevel reads a portal view by its exact name.
func parseLevel(s string) (siteaccess.Level, bool) {
	switch l := siteaccess.Level(s); l {
	case siteaccess.Portfolio, siteaccess.Assets, siteaccess.Messages, siteaccess.NotAssigned:
		return l, true
	}
	return "", false
}

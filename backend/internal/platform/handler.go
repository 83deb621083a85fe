package platform

import (
	"fmt"
	"net/http"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/access"
	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/auth"
	"wealthportal/backend/internal/resourceful"
	"wealthportal/backend/internal/store"
)

// SessionCookie is the platform's session cookie.
const SessionCookie = "XPLANID"

// AppIDHeader names the calling application in a Basic-auth login.
const AppIDHeader = auth.AppIDHeader

// Module is a domain package's share of the platform API (entities, portfolio ...). Its routes
// are registered on the authenticated /resourceful group, so every one of them has a caller.
type Module interface {
	Register(authed *gin.RouterGroup)
}

// Handler serves the platform API under /resourceful: the login routes of package auth, the
// session and the modules' routes behind authenticate, batch and write transactions.
type Handler struct {
	Service *auth.Service // the login rules: passwords, second factors, sessions, login steps
	DB      *store.DB     // the platform's store: write transactions and batch run against it
	Modules []Module
	// Engine serves the sub-requests of a batch (the engine this handler is mounted on).
	Engine http.Handler
	// Transactions holds the open write transactions; Register creates it when nil.
	Transactions *resourceful.Transactions

	base       string          // the group's path, /resourceful
	stepRoutes map[string]bool // what a session with login steps outstanding may call
}

// Register adds the platform's routes to r (the /resourceful group).
func (h *Handler) Register(r *gin.RouterGroup) {
	if h.Transactions == nil {
		// A transaction's writes are replayed through the engine, so it needs one.
		if h.Engine == nil {
			panic("platform: Handler.Engine is required (batch items and transaction writes run through it)")
		}
		h.Transactions = resourceful.NewTransactions(h.DB.DB, h.Engine, h.Service.Now)
		// A transaction belongs to the session (XPLANID) that opened it, and its replayed
		// writes authenticate with that session again.
		h.Transactions.OwnerOf = func(c *gin.Context) string { return c.GetString("platform.token") }
		h.Transactions.Credentials = sessionCredentials
	}
	batch := &resourceful.Batch{Handler: h.Engine, Root: r.BasePath(), Credentials: sessionCredentials, Now: h.Service.Now}
	h.base, h.stepRoutes = r.BasePath(), stepRouteSet(h.Modules)

	// Enrolling a second-factor device during login: Basic auth on each call, no session (the
	// login is not complete until the device's first code is right), see auth/platform_handler.go.
	logins := auth.PlatformHandler{Service: h.Service}
	logins.RegisterEnrolment(r)

	authed := r.Group("", h.authenticate)
	// Who the session is, the forced password change step and the signed-in change of second
	// factor.
	logins.RegisterSession(authed)
	authed.DELETE("/session", apierr.Handler(h.endSession))
	// Batch and the transaction calls stay outside the transaction middleware: a batch's items
	// (and a commit) take a transaction's turn themselves, so holding it here would deadlock.
	// The modules' routes are inside it: a write made in a transaction is buffered and replayed
	// through the engine (authenticate only reads, so a replay never waits on its own
	// transaction's write lock), see resourceful.Transactions.
	authed.POST("", apierr.Handler(batch.Serve))
	authed.POST("/", apierr.Handler(batch.Serve))
	h.Transactions.Register(authed)

	modules := authed.Group("", h.Transactions.Middleware)
	for _, m := range h.Modules {
		m.Register(modules)
	}
}

// sessionCredentials authenticates a batch item with the caller's platform session (never by
// repeating a Basic-auth login, which would start a new session per item).
func sessionCredentials(c *gin.Context, sub *http.Request) {
	sub.AddCookie(&http.Cookie{Name: SessionCookie, Value: c.GetString("platform.token")})
}

// authenticate accepts the XPLANID cookie, or HTTP Basic auth with an app id, which creates a
// session and sets the cookie (the platform's wire convention); anything else is a 401.
func (h *Handler) authenticate(c *gin.Context) {
	ctx := c.Request.Context()
	if token, err := c.Cookie(SessionCookie); err == nil && token != "" {
		u, err := h.Service.UserForToken(ctx, token)
		if err != nil {
			apierr.Write(c, err)
			return
		}
		if !h.restrict(c, u) {
			return
		}
		inContext, err := h.Service.ClientInContext(ctx, u, token)
		if err != nil {
			apierr.Write(c, err)
			return
		}
		setCaller(c, u, token, inContext)
		c.Next()
		return
	}
	username, secret, ok := c.Request.BasicAuth()
	if !ok {
		apierr.Write(c, apierr.ErrNoSession)
		return
	}
	appID := c.GetHeader(AppIDHeader)
	if appID == "" {
		apierr.Write(c, apierr.New(http.StatusUnauthorized, "An application id is required", apierr.NoSessionUser))
		return
	}
	u, err := h.Service.Authenticate(ctx, username, secret)
	if err != nil {
		auth.WriteLoginError(c, err)
		return
	}
	if !h.restrict(c, u) {
		return
	}
	token, err := h.Service.StartSession(ctx, u, appID)
	if err != nil {
		apierr.Write(c, err)
		return
	}
	http.SetCookie(c.Writer, &http.Cookie{
		Name: SessionCookie, Value: token, Path: "/", HttpOnly: true,
		Secure: c.Request.TLS != nil, SameSite: http.SameSiteLaxMode,
	})
	setCaller(c, u, token, 0)
	c.Next()
}

// setCaller records the authenticated user on the gin context and the access principal on the
// request context, where endpoint packages read it. inContext narrows an adviser to the
// session's client in context (0: none).
func setCaller(c *gin.Context, u auth.User, token string, inContext int64) {
	auth.SetCaller(c, u, token)
	c.Request = c.Request.WithContext(access.WithPrincipal(c.Request.Context(),
		access.Principal{UserID: u.ID, EntityID: u.EntityID, FirmID: u.FirmID, Role: u.RoleName, ClientInContext: inContext}))
}

// DELETE /resourceful/session
func (h *Handler) endSession(c *gin.Context) error {
	h.Transactions.EndSessionOf(c)
	if err := h.Service.EndSession(c.Request.Context(), c.GetString("platform.token")); err != nil {
		return err
	}
	http.SetCookie(c.Writer, &http.Cookie{Name: SessionCookie, Value: "", Path: "/", MaxAge: -1, HttpOnly: true})
	c.Status(http.StatusNoContent)
	return nil
}

// NewEngine builds the platform's own HTTP server: /resourceful and nothing else.
func NewEngine(svc *auth.Service, db *store.DB, modules []Module, middleware ...gin.HandlerFunc) *gin.Engine {
	e := gin.New()
	// A panic answers in the platform's JSON error shape, like every other error; the caller's
	// middleware comes first, so that its logging sees the answer of a recovered panic.
	e.Use(middleware...)
	// Every JSON answer says exactly "application/json", as XPLAN's do, also from the modules
	// that still write with c.JSON (apierr.JSON is the writer to use).
	e.Use(apierr.ExactJSONContentType)
	e.Use(gin.CustomRecovery(func(c *gin.Context, recovered any) {
		apierr.Write(c, fmt.Errorf("panic: %v", recovered))
	}))
	(&Handler{Service: svc, DB: db, Modules: modules, Engine: e}).Register(e.Group("/resourceful"))
	e.NoRoute(func(c *gin.Context) { apierr.Write(c, apierr.ErrNotFound) })
	return e
}

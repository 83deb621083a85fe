package messages

import (
	"errors"
	"net/http"
	"strconv"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/microcosm-cc/bluemonday"

	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/notify"
	"wealthportal/backend/internal/resourceful"
	"wealthportal/backend/internal/store"
)

// Module is the platform's messages and documents API (spec 3 §7.1).
type Module struct {
	db     *store.DB
	now    func() time.Time
	sender notify.Sender
	policy *bluemonday.Policy
}

// New builds the module over the platform's store; now is the clock and sender delivers the
// adviser's notification emails. Every dependency is required.
func New(db *store.DB, now func() time.Time, sender notify.Sender) (*Module, error) {
	switch {
	case db == nil:
		return nil, errors.New("messages: the store is required")
	case now == nil:
		return nil, errors.New("messages: the clock is required")
	case sender == nil:
		return nil, errors.New("messages: the notification sender is required")
	}
	return &Module{db: db, now: now, sender: sender, policy: BodyPolicy()}, nil
}

// Register adds the messages routes to the authenticated /resourceful group.
func (m *Module) Register(r *gin.RouterGroup) {
	r.GET("/docnote-v2", m.handle(m.list))
	r.POST("/docnote-v2", m.handle(m.create))
	r.GET("/docnote-v2/category", m.handle(m.categories))
	r.GET("/docnote-v2/doctype", m.handle(m.doctypes))
	r.GET("/docnote-v2/:id", m.handle(m.get))
	r.GET("/docnote-v2/:id/body", m.handle(m.body))
	r.POST("/docnote-v2/:id/firstread", m.handle(m.firstRead))
	r.GET("/docnote-v2/:id/attachment-v4", m.handle(m.attachments))
	r.GET("/docnote-v2/:id/attachment-v4/:part", m.handle(m.attachment))
	r.POST("/docnote-v2/:id/attachment-v3", m.handle(m.upload))
	r.GET("/docnote/files/:id/:part/:filename", m.handle(m.download))
	r.POST("/email/email", m.handle(m.email))
	r.GET("/email/template/:template", m.handle(m.template))
}

// handle serves an endpoint with its caller and querier (resourceful.Handle).
func (m *Module) handle(fn resourceful.Endpoint) gin.HandlerFunc { return resourceful.Handle(m.db, fn) }

// ErrNoClientInContext is spec 3 §6's answer to an adviser reading messages with no client in
// context.
var ErrNoClientInContext = apierr.New(http.StatusForbidden,
	"I am not a clientUser and no client in context", "I am not a clientUser and no client in context")

// pathID reads a numeric path parameter; a malformed id answers like a missing one.
func pathID(c *gin.Context, name string) (int64, error) {
	id, err := strconv.ParseInt(c.Param(name), 10, 64)
	if err != nil || id <= 0 {
		return 0, apierr.ErrNotFound
	}
	return id, nil
}

package signatures

import (
	"errors"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/access"
	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/notify"
	"wealthportal/backend/internal/ratelimit"
	"wealthportal/backend/internal/resourceful"
	"wealthportal/backend/internal/store"
)

// Module is the platform's digital signatures API (spec 3 §7.2).
type Module struct {
	db      *store.DB
	sender  notify.Sender
	limiter *ratelimit.Limiter
	// codeKey keys the HMAC of stored codes (codeKeyOf of the server secret).
	codeKey []byte
	now     func() time.Time
	rand    io.Reader
	log     *slog.Logger
}

// MinSecretLength is the shortest server secret New accepts.
const MinSecretLength = 16

// New builds the signatures module. Every dependency is required: the codes go out through
// sender, code requests and signatures are limited by limiter, secret (the server's, at least
// MinSecretLength bytes; every platform process on one store must share it) keys the HMAC
// under which codes are stored, now is the clock of code expiry and of signing, rand makes
// codes and handles, log takes e-mail failures.
func New(db *store.DB, sender notify.Sender, limiter *ratelimit.Limiter, secret []byte, now func() time.Time, rand io.Reader, log *slog.Logger) (*Module, error) {
	switch {
	case db == nil:
		return nil, errors.New("signatures: no store")
	case sender == nil:
		return nil, errors.New("signatures: no message sender")
	case limiter == nil:
		return nil, errors.New("signatures: no rate limiter")
	case len(secret) < MinSecretLength:
		return nil, errors.New("signatures: no server secret for the codes (at least 16 bytes)")
	case now == nil || rand == nil:
		return nil, errors.New("signatures: no clock or random source")
	case log == nil:
		return nil, errors.New("signatures: no logger")
	}
	return &Module{db: db, sender: sender, limiter: limiter, codeKey: codeKeyOf(secret), now: now, rand: rand, log: log}, nil
}

// Register adds the digital signature routes to the authenticated /resourceful group.
func (m *Module) Register(r *gin.RouterGroup) {
	r.GET("/digital_signature", m.handle(m.list))
	r.GET("/digital_signature/:id/signatories", m.handle(m.signatories))
	r.POST("/digital_signature/:id/signatories/:sid/generate_code", m.handle(m.generateCode))
	r.POST("/digital_signature/:id/signatories/:sid/sign", m.handle(m.sign))
	r.GET("/digital_signature/content/:id/:filename", m.handle(m.content))
	r.GET("/sysadmin/digital_signature-v2", m.handle(m.settings))
}

// endpoint is a handler that knows its caller.
type endpoint func(c *gin.Context, p access.Principal) error

func (m *Module) handle(fn endpoint) gin.HandlerFunc {
	return apierr.Handler(func(c *gin.Context) error {
		p, ok := access.From(c.Request.Context())
		if !ok {
			return apierr.ErrNoSession
		}
		return fn(c, p)
	})
}

// errNoClientInContext is spec 1 §6's answer to an adviser asking for a client's documents with
// no client in context.
var errNoClientInContext = apierr.New(http.StatusForbidden,
	"I am not a clientUser and no client in context", "I am not a clientUser and no client in context")

// viewer is the client whose documents the caller sees: the client logged in, or the adviser's
// client in context (checked to be theirs).
func (m *Module) viewer(c *gin.Context, p access.Principal) (int64, error) {
	if p.IsClient() {
		return p.EntityID, nil
	}
	if p.Role != access.RoleAdviser || p.ClientInContext == 0 {
		return 0, errNoClientInContext
	}
	if err := access.CanReachEntity(c.Request.Context(), resourceful.Q(c, m.db), p, p.ClientInContext); err != nil {
		return 0, err
	}
	return p.ClientInContext, nil
}

// signer is the client who may act: advisers read only (403), with or without a client.
func signer(p access.Principal) (int64, error) {
	if !p.IsClient() {
		return 0, apierr.ErrForbidden
	}
	return p.EntityID, nil
}

// pathID reads a numeric path parameter; a malformed one answers like a missing resource.
func pathID(c *gin.Context, name string) (int64, error) {
	id, err := strconv.ParseInt(c.Param(name), 10, 64)
	if err != nil || id <= 0 {
		return 0, apierr.ErrNotFound
	}
	return id, nil
}

// apiTime is a stored time as the API writes it: UTC, whole seconds, with Z.
func apiTime(stored string) any {
	t, err := store.ParseTime(stored)
	if err != nil {
		return nil
	}
	return t.UTC().Format(time.RFC3339)
}

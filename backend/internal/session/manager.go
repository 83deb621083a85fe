package session

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/gorilla/securecookie"

	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/requestinfo"
	"wealthportal/backend/internal/store"
)

// CookieName is the session cookie's name over plain http; over https the __Host- prefix makes
// the browser refuse it unless it is Secure, host-only and Path=/.
const (
	CookieName       = "portal_session"
	SecureCookieName = "__Host-portal_session"
)

// touchEvery limits how often activity is written: idle expiry is accurate to this.
const touchEvery = 15 * time.Second

const contextKey = "session"

// Session is the live session of a request.
type Session struct {
	idHash []byte
	Row
}

// Manager issues, loads and ends sessions.
type Manager struct {
	Store       Store
	Codecs      []securecookie.Codec
	Now         func() time.Time
	Rand        io.Reader
	IdleTimeout time.Duration
	MaxLifetime time.Duration
	// SecureMode is auto, true or false: whether the cookie is marked Secure.
	SecureMode string
	// Proxies are the trusted proxies whose X-Forwarded-Proto decides "auto" (none: only a
	// TLS connection to the portal itself counts).
	Proxies requestinfo.TrustedProxies
	// Log receives warnings (never personal data); nil means slog's default logger.
	Log *slog.Logger

	// cookies are the cookie values decoded lately (cookie_cache.go).
	cookies decodedCookies
}

func (m *Manager) secure(r *http.Request) bool {
	switch m.SecureMode {
	case "true":
		return true
	case "false":
		return false
	}
	return requestinfo.IsHTTPS(r, m.Proxies)
}

func (m *Manager) log() *slog.Logger {
	if m.Log != nil {
		return m.Log
	}
	return slog.Default()
}

func (m *Manager) cookieName(r *http.Request) string {
	if m.secure(r) {
		return SecureCookieName
	}
	return CookieName
}

func hashID(id []byte) []byte {
	h := sha256.Sum256(id)
	return h[:]
}

// Identity is who a new session belongs to.
type Identity struct {
	UserID          int64
	RoleName        string
	EntityID        int64
	PartnerEntityID int64
	// PendingSteps are additional login steps still to take; the session is restricted until
	// they are done (CompleteStep).
	PendingSteps []string
	// IdleTimeout is the user's login-profile timeout; 0 uses the manager's default.
	IdleTimeout time.Duration
	// ClientAccessLevel is a client's client_access_level description (site access, spec 1 §3).
	ClientAccessLevel string
}

// Identity is who the row's session belongs to, for issuing its successor (a new id at a
// privilege change keeps everything else).
func (r Row) Identity() Identity {
	return Identity{UserID: r.UserID, RoleName: r.RoleName, EntityID: r.EntityID, PartnerEntityID: r.PartnerEntityID,
		PendingSteps: r.PendingSteps, IdleTimeout: r.IdleTimeout, ClientAccessLevel: r.ClientAccessLevel}
}

// Issue starts a new session for a user and sets its cookie. Any session the request already
// carried is revoked first, so a session id is never carried across a login (fixation).
func (m *Manager) Issue(c *gin.Context, who Identity, platformSession string) (*Session, error) {
	if old, err := m.load(c); err == nil {
		if err := m.Store.Revoke(c.Request.Context(), old.idHash, m.Now()); err != nil {
			return nil, err
		}
	}
	id := make([]byte, idLen)
	if _, err := io.ReadFull(m.Rand, id); err != nil {
		return nil, err
	}
	now := m.Now()
	s := &Session{idHash: hashID(id), Row: Row{
		UserID: who.UserID, RoleName: who.RoleName, EntityID: who.EntityID, PartnerEntityID: who.PartnerEntityID,
		PendingSteps: who.PendingSteps, IdleTimeout: who.IdleTimeout, ClientAccessLevel: who.ClientAccessLevel, PlatformSession: platformSession,
		CreatedAt: now, LastSeenAt: now, ExpiresAt: now.Add(m.MaxLifetime),
	}}
	s.IdleExpiresAt = now.Add(m.idleTimeout(s.Row))
	if err := m.Store.Create(c.Request.Context(), s.idHash, s.Row); err != nil {
		return nil, err
	}
	name := m.cookieName(c.Request)
	// Encrypted in place with the raw serializer (Codecs): the codec gets a copy.
	value, err := securecookie.EncodeMulti(name, bytes.Clone(id), m.Codecs...)
	if err != nil {
		return nil, err
	}
	http.SetCookie(c.Writer, &http.Cookie{
		Name: name, Value: value, Path: "/", HttpOnly: true, Secure: m.secure(c.Request),
		SameSite: http.SameSiteLaxMode, MaxAge: int(m.MaxLifetime.Seconds()),
	})
	c.Set(contextKey, s)
	return s, nil
}

var errNoCookie = errors.New("no session cookie")

func (m *Manager) load(c *gin.Context) (*Session, error) {
	name := m.cookieName(c.Request)
	raw, err := c.Cookie(name)
	if err != nil || raw == "" {
		return nil, errNoCookie
	}
	id, err := m.cookies.decode(name, raw, m.Codecs, m.Now())
	if err != nil {
		return nil, err
	}
	h := hashID(id)
	row, err := m.Store.Get(c.Request.Context(), h, m.Now())
	if err != nil {
		return nil, err
	}
	return &Session{idHash: h, Row: row}, nil
}

// Load is middleware that attaches the request's live session, if any, and records activity.
func (m *Manager) Load(c *gin.Context) {
	s, err := m.load(c)
	if err == nil {
		now := m.Now()
		if now.Sub(s.LastSeenAt) >= touchEvery {
			idle := now.Add(m.idleTimeout(s.Row))
			if idle.After(s.ExpiresAt) {
				idle = s.ExpiresAt
			}
			// A store that cannot take the write (write-locked, read-only) must not stop reads:
			// the session stays valid and its idle time runs from the last recorded activity.
			if err := m.Store.Touch(c.Request.Context(), s.idHash, now, idle); err != nil {
				m.log().WarnContext(c.Request.Context(), "session activity not recorded",
					"request_id", c.GetString("request_id"), "err", err)
			} else {
				s.LastSeenAt, s.IdleExpiresAt = now, idle
			}
		}
		c.Set(contextKey, s)
		if s.Platform != nil {
			c.Request = c.Request.WithContext(NewContext(c.Request.Context(), s))
		}
	} else if !errors.Is(err, errNoCookie) && !errors.Is(err, store.ErrNotFound) && !errors.Is(err, errNotAnID) {
		var scErr securecookie.Error
		if !errors.As(err, &scErr) {
			apierr.Write(c, err)
			return
		}
		// A cookie we cannot decode (old keys, tampering) is simply no session.
	}
	c.Next()
}

// idleTimeout is a session's own inactivity limit, or the default.
func (m *Manager) idleTimeout(r Row) time.Duration {
	if r.IdleTimeout > 0 {
		return r.IdleTimeout
	}
	return m.IdleTimeout
}

// ErrStepsOutstanding answers a call a restricted session may not make yet.
var ErrStepsOutstanding = apierr.New(http.StatusForbidden, "Additional login steps are outstanding", "Please finish logging in first.")

// RequireComplete is Require for a session with no additional login steps outstanding: a
// restricted session gets 403 ErrStepsOutstanding.
func (m *Manager) RequireComplete(c *gin.Context) {
	s := From(c)
	if s == nil {
		apierr.Write(c, apierr.ErrNoSession)
		return
	}
	if len(s.PendingSteps) > 0 {
		apierr.Write(c, ErrStepsOutstanding)
		return
	}
	c.Next()
}

// CompleteStep removes step from the request's session's outstanding steps.
func (m *Manager) CompleteStep(c *gin.Context, step string) error {
	s := From(c)
	if s == nil {
		return apierr.ErrNoSession
	}
	rest := make([]string, 0, len(s.PendingSteps))
	for _, p := range s.PendingSteps {
		if p != step {
			rest = append(rest, p)
		}
	}
	if err := m.Store.SetPendingSteps(c.Request.Context(), s.idHash, rest); err != nil {
		return err
	}
	s.PendingSteps = rest
	return nil
}

// Require is middleware that answers 401 without a live session.
func (m *Manager) Require(c *gin.Context) {
	if From(c) == nil {
		apierr.Write(c, apierr.ErrNoSession)
		return
	}
	c.Next()
}

// From returns the request's session, or nil.
func From(c *gin.Context) *Session {
	if v, ok := c.Get(contextKey); ok {
		return v.(*Session)
	}
	return nil
}

// End revokes the request's session and clears its cookie.
func (m *Manager) End(c *gin.Context) error {
	if s := From(c); s != nil {
		if err := m.Store.Revoke(c.Request.Context(), s.idHash, m.Now()); err != nil {
			return err
		}
	}
	m.ClearCookie(c)
	return nil
}

// Platform relays the answer of a platform call made with the request's session: a platform
// 401 other than wrong credentials means the platform session is gone (expiry, a password reset
// elsewhere, a disabled account), so the BFF session ends too and the answer is the
// lost-session 401 (spec 1 §8). Any other error or success passes through.
func (m *Manager) Platform(c *gin.Context, err error) error {
	var ae *apierr.Error
	if errors.As(err, &ae) && ae.Status == http.StatusUnauthorized && ae.APIMessage != apierr.BadCredentials {
		if err := m.End(c); err != nil {
			return err
		}
		return apierr.ErrNoSession
	}
	return err
}

// ClearCookie tells the browser to forget the session cookie.
func (m *Manager) ClearCookie(c *gin.Context) {
	http.SetCookie(c.Writer, &http.Cookie{
		Name: m.cookieName(c.Request), Value: "", Path: "/", MaxAge: -1, HttpOnly: true,
		Secure: m.secure(c.Request), SameSite: http.SameSiteLaxMode,
	})
}

// RevokeUser ends every session of a user.
func (m *Manager) RevokeUser(c *gin.Context, userID int64) error {
	return m.Store.RevokeUser(c.Request.Context(), userID, m.Now())
}

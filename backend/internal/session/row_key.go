package session

import "net/http"

// Key is the session row's key (a hash of the cookie's random id), for the packages that keep
// more of a session's state in its row (clientcontext: the client in context).
func (s *Session) Key() []byte { return s.idHash }

// SecureCookies reports whether cookies set on the answer to r are marked Secure, by the same
// rule as the session cookie (PORTAL_COOKIE_SECURE: auto follows https).
func (m *Manager) SecureCookies(r *http.Request) bool { return m.secure(r) }

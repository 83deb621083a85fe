// Package session owns the portal's (BFF's) sessions. The browser holds a gorilla/securecookie
// cookie that carries only a random session id; the server keeps a row, keyed by a hash of that
// id, with the user, the platform session and the idle and absolute expiry times. Deleting or
// revoking the row ends the session everywhere, whatever the cookie says. An adviser's client in
// context is kept in the same row (its context_* columns, package clientcontext, keyed by
// Session.Key), so it ends with the session. Rows of ended sessions
// are deleted a day later by the expiry sweep (package housekeeping).
package session

// Package platform is the embedded planning platform's engine and the client the BFF uses to
// reach it, embedded or remote. The engine (handler.go) mounts /resourceful: the module registry
// (Module, StepRouter: each domain package registers its own resources), the authenticate
// middleware, batch and write transactions (package resourceful holds those wire conventions),
// and the login routes of package auth, which owns the login rules (passwords, second factors,
// platform sessions, login steps). It speaks the wire conventions of the planning platform the
// spec was written against (an XPLAN-style "resourceful" API): 401 without a session; HTTP Basic
// auth plus an X-Xplan-App-Id header creates a session kept in an XPLANID cookie; a second-factor
// code travels joined to the password; errors are {"user_message","api_message"}.
//
// The BFF reaches it only through API (api.go), so that pointing the portal at a remote platform
// changes the implementation and nothing else. Embedded (embedded.go, the default) is the
// platform in this process: the session calls (SignIn, SessionUser, EndSession) are Go calls
// into auth.Service returning Go values, with no request and no JSON; a forwarded call (Relay)
// runs the platform's handlers on it and streams their answer straight to the BFF's writer; the
// BFF's rare remaining calls (second-factor and biometric devices, help with logging in, the
// health check) run the handlers in process and read the answer from memory. Client
// (client*.go) reaches a remote platform over HTTP (PORTAL_PLATFORM_URL, `portal platform`).
// TestPlatformContract runs one table of calls against both and requires the same answers.
//
// What is resolved once and what is cached (issue 13): a session/user reads the platform
// session, its login, the login's party and its login profile in one prepared query
// (auth.Service.SessionUserForToken); every other call reads the session and login in one
// query (UserForToken). A batch is authenticated once and each item authorised with that caller
// (the step gate and the modules' own access checks; an item that ends the session ends it for
// the rest). The platform caches nothing across requests: several instances share one database,
// and a logout, a disabled account or a password change elsewhere must be refused on every
// instance at the next request. (On SQLite the BFF keeps a session's read between requests only
// while the store's change counter, shared by every process on the file, has not moved:
// auth.CachedBFFSessions.) The hot queries are prepared once per pool connection
// (store.DB.QueryRowPrepared).
//
// The platform is not mounted on the portal's public listener: the browser talks to the BFF
// alone.
package platform

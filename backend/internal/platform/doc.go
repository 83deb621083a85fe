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
// The BFF reaches it only through Client (client*.go), in process by default, so that pointing
// the portal at a remote platform changes the transport and nothing else. The platform is not
// mounted on the portal's public listener: the browser talks to the BFF alone.
package platform

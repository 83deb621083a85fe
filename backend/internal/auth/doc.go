// Package auth is logging in and out (spec 1 §2-§4, §7), both sides of it, like accountsec,
// recovery and biometric hold both sides of theirs.
//
// BFF side (handler.go, service.go, steps.go, tfa.go, limits.go): it validates the browser's
// input, logs in to the planning platform on the user's behalf through the platform client
// (Basic auth + app id, second-factor code joined to the password), and turns the platform
// session into a portal session. It holds the additional login steps (a restricted session
// until they are done), enrolling a second-factor device during login and changing it on the
// Additional verification page. The browser never sees the platform's credentials or session.
//
// Platform side (platform_*.go): the login rules of the embedded planning platform. Service
// checks passwords and second-factor codes, starts and resolves platform sessions and finds the
// login steps outstanding (platform_service.go, platform_steps.go); the password policy
// (platform_password.go); second-factor devices and authenticator-app codes
// (platform_devices.go, platform_totp.go); their storage (platform_store*.go); and the
// platform's login routes, session/user, auth/tfa, auth/password and session/tfa
// (PlatformHandler, platform_handler.go). Package platform mounts them: its authenticate
// middleware (XPLANID cookie or Basic auth) calls Service and records the caller (SetCaller).
//
// auth imports no platform code (the BFF side reaches the platform through the Platform
// interface), so the platform engine can build on it without an import cycle.
package auth

// Package auth is the BFF side of logging in and out (spec 1 §2, §4, §7): it validates the
// browser's input, logs in to the planning platform on the user's behalf (Basic auth + app id,
// second-factor code joined to the password), and turns the platform session into a portal
// session. It also holds the additional login steps (a restricted session until they are done,
// steps.go), enrolling a second-factor device during login and changing it on the Additional
// verification page (tfa.go). The browser never sees the platform's credentials or session.
package auth

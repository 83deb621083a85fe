// Package accountsec owns a signed-in user's account security (spec 1 §2, §5, §7): the two
// security questions (also the SetSecurityQuestions login step), the Change Password page and
// the biometric login permission. It holds both sides of each call: the planning platform's
// resources under /resourceful/session/... (a platform.Module) and the BFF handlers the browser
// calls, which forward to them with the session's platform session. It also holds the rules the
// forgotten-password flow (package recovery) shares: answer hashing, the password policy and
// setting a password. Its limits are package ratelimit's, the portal's one attempt limiter.
package accountsec

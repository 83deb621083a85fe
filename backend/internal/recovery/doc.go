// Package recovery is "Help with logging in" (spec 1 §2, §4, §5, §8): the forgotten password
// (a reset code sent to the user, then the security answers and a new password) and the
// forgotten username (emailed when an email address and date of birth match). It holds both
// sides: the planning platform's anonymous resources /resourceful/forgotten_password and
// /resourceful/forgot/username (PublicModule, which asks for a known X-Xplan-App-Id instead of a
// session), and the BFF handlers the browser calls, which reach them through the platform
// client. No answer says whether a username exists.
package recovery

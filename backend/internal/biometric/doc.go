// Package biometric owns biometric login on the mobile app (spec 1 §2, issue 5): devices enrolled
// while the biometric permission is 1, each with a random 256-bit device credential that the app
// keeps in biometric-protected secure storage and exchanges for a session. The platform keeps
// only hashes; the credential rotates on every use, a replayed old one revokes its device, and a
// device is revoked when the permission goes to 0, when the password or second factor changes
// (bound_to no longer matches), or by the user from the list of their devices. A login has at
// most MaxDevices active devices (one more is refused, never swapped for the oldest), and only
// its most recently revoked devices stay on record (for 90 days: package housekeeping);
// enrolments and removals count against the user's write limit (ratelimit.ScopeWrite).
//
// Platform side (module.go): POST/GET/DELETE /resourceful/session/biometric_device, and the
// anonymous POST /resourceful/auth/biometric that starts a platform session. BFF side
// (handler.go): /api/biometric/devices and POST /api/biometric/login.
package biometric

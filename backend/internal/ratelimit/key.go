package ratelimit

import (
	"crypto/hmac"
	"crypto/sha256"
	"net/netip"
	"strconv"
	"strings"
)

// Scope names what a counter limits; each scope has its own Policy.
type Scope string

// Scopes of the portal's limits.
const (
	// ScopeAccount counts failed password attempts per username as typed (login, second-factor
	// validation, forced password change, device enrolment).
	ScopeAccount Scope = "account"
	// ScopeAddress counts failed attempts per client address, whatever the username.
	ScopeAddress Scope = "address"
	// ScopeCode counts wrong one-time codes (second factor, reset codes) per code owner; at the
	// limit the code is void until a new one is issued (Reset).
	ScopeCode Scope = "code"
	// ScopeCodeSend counts codes and reset e-mails sent per username, so that requesting new
	// codes cannot be used to get unlimited guesses or to flood someone's phone or inbox.
	ScopeCodeSend Scope = "code_send"
	// ScopeCurrentPassword counts wrong current passwords given to Change Password per login (a
	// session left open on a shared computer must not become a way to learn the password).
	ScopeCurrentPassword Scope = "current_password"
	// ScopeResetRequest counts password-reset code requests per username as typed.
	ScopeResetRequest Scope = "reset_request"
	// ScopeReminder counts username reminders per email address as typed.
	ScopeReminder Scope = "username_reminder"
	// ScopeResetCode counts wrong tries (codes or security answers) against one reset code; at
	// the limit the code is void.
	ScopeResetCode Scope = "reset_code"
)

// Scopes are the portal's scopes, in the order the configuration lists them.
func Scopes() []Scope {
	return []Scope{ScopeAccount, ScopeAddress, ScopeCode, ScopeCodeSend,
		ScopeCurrentPassword, ScopeResetRequest, ScopeReminder, ScopeResetCode}
}

// Key is one limited thing: a scope and a normalised identifier. Build keys with the
// constructors below, which normalise the identifier; the identifier itself is never stored.
type Key struct {
	scope Scope
	id    string
}

// Scope returns the key's scope.
func (k Key) Scope() Scope { return k.scope }

// AccountKey is the key of a username as the user typed it: trimmed and lower-cased (usernames
// are case-insensitive in the platform). Use it whether or not the account exists.
func AccountKey(username string) Key { return Key{ScopeAccount, normaliseName(username)} }

// AddressKey is the key of a client address. IPv4 addresses (also IPv4-mapped IPv6) count one
// by one; an IPv6 address counts with its whole /64, because one subscriber usually holds a /64
// and could otherwise take a fresh address for every attempt. Text that is not an address is
// used as it is.
func AddressKey(ip string) Key { return Key{ScopeAddress, normaliseAddress(ip)} }

// CodeKey is the key of the one-time codes of one subject: a user id for second-factor codes,
// or the typed username for password-reset codes (so unknown usernames behave the same).
func CodeKey(subject string) Key { return Key{ScopeCode, normaliseName(subject)} }

// CodeSendKey is the key of the codes and reset e-mails sent for one subject (typed username or
// user id).
func CodeSendKey(subject string) Key { return Key{ScopeCodeSend, normaliseName(subject)} }

// CurrentPasswordKey is the key of the current-password checks of one login (by id).
func CurrentPasswordKey(userID int64) Key {
	return Key{ScopeCurrentPassword, strconv.FormatInt(userID, 10)}
}

// ResetRequestKey is the key of the reset-code requests for a username as typed (known or not).
func ResetRequestKey(username string) Key { return Key{ScopeResetRequest, normaliseName(username)} }

// ReminderKey is the key of the username reminders for an email address as typed.
func ReminderKey(email string) Key { return Key{ScopeReminder, normaliseName(email)} }

// ResetCodeKey is the key of the wrong tries against one reset code (by the code's id).
func ResetCodeKey(codeID int64) Key { return Key{ScopeResetCode, strconv.FormatInt(codeID, 10)} }

func normaliseName(s string) string { return strings.ToLower(strings.TrimSpace(s)) }

func normaliseAddress(s string) string {
	s = strings.TrimSpace(s)
	a, err := netip.ParseAddr(s)
	if err != nil {
		return s
	}
	a = a.Unmap().WithZone("")
	if a.Is4() {
		return a.String()
	}
	p, _ := a.Prefix(64)
	return p.String()
}

// hashKey derives the stored key: HMAC-SHA256 of scope, a zero byte and the identifier.
func hashKey(secret []byte, k Key) []byte {
	m := hmac.New(sha256.New, secret)
	m.Write([]byte(k.scope))
	m.Write([]byte{0})
	m.Write([]byte(k.id))
	return m.Sum(nil)
}

// deriveSecret turns the configured secret into this package's own key, so a key shared with
// another purpose (the session cookie HMAC key) is never used for two things directly.
func deriveSecret(secret []byte) []byte {
	m := hmac.New(sha256.New, secret)
	m.Write([]byte("wealthportal/ratelimit/v1"))
	return m.Sum(nil)
}

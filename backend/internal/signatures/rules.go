package signatures

import (
	"strings"
	"unicode"
)

// Status of a request to sign (spec 3 §3.2, the numeric map).
const (
	StatusPartSigned        = 0
	StatusSigned            = 1
	StatusDeclined          = 2
	StatusPending           = 3
	StatusAwaitingSignature = 4
)

// Signing methods (spec 3 §3.2).
const (
	MethodSign    = 1
	MethodDecline = 2
)

// CanSign is spec 3 §4.2's rule for one signatory: the request awaits signature, or is part
// signed and this signatory, who may sign, has not acted yet (no signing method: it still
// awaits signature).
func CanSign(status int, canSign, hasMethod bool) bool {
	if !canSign || hasMethod {
		return false
	}
	return status == StatusAwaitingSignature || status == StatusPartSigned
}

// StatusAfter is the request's status once a signatory has acted with method: declined at the
// first decline; signed when no signatory who may sign is still to act (remaining), else part
// signed.
func StatusAfter(method, remaining int) int {
	switch {
	case method == MethodDecline:
		return StatusDeclined
	case remaining == 0:
		return StatusSigned
	default:
		return StatusPartSigned
	}
}

// ValidPhone is spec 3 §5's rule: a registered phone number for codes contains '+' (it is in
// international form); without it the signing step is "invalid phone".
func ValidPhone(phone string) bool { return strings.Contains(phone, "+") }

// MaskPhone hides a phone number but for its leading '+' with the country code and its last 3
// digits: "+44 7700 900417" is "+44 ••• ••• 417". The country code is the first group when the
// number is written in groups, else the first two digits.
func MaskPhone(phone string) string {
	digits := make([]rune, 0, len(phone))
	for _, r := range phone {
		if unicode.IsDigit(r) {
			digits = append(digits, r)
		}
	}
	if len(digits) < 6 {
		return "•••"
	}
	last := string(digits[len(digits)-3:])
	p := strings.TrimSpace(phone)
	if !strings.HasPrefix(p, "+") {
		return "••• ••• " + last
	}
	country := string(digits[:2])
	if first, _, ok := strings.Cut(p[1:], " "); ok && len(first) >= 1 && len(first) <= 3 && isDigits(first) {
		country = first
	}
	return "+" + country + " ••• ••• " + last
}

func isDigits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}

package auth

import (
	"context"
	"net/http"
	"strings"
	"unicode"
	"unicode/utf8"

	"wealthportal/backend/internal/apierr"
)

// The password policy's answers (docs/api-contract.md: the browser shows them as they are).
const (
	PasswordRequired    = "New password is required"
	PasswordTooShort    = "New password must be at least 8 characters"
	PasswordTooLong     = "New password must be at most 64 characters"
	PasswordUnchanged   = "New password must differ from the current password"
	PasswordTooSimple   = "New password must contain at least three of: lower case letters, upper case letters, numbers and symbols"
	PasswordHasUsername = "New password must not contain your username"
)

// Password length limits, in characters. bcrypt reads at most 72 bytes, so the maximum also
// keeps every accepted password whole.
const (
	MinPasswordLength = 8
	MaxPasswordLength = 64
	maxPasswordBytes  = 72
)

// CheckNewPassword applies the password policy to a new password: length, three of the four
// kinds of character, not the username, not the current password. The answer is a 400 whose
// api_message says what to change.
func CheckNewPassword(username, current, next string) error {
	n := utf8.RuneCountInString(next)
	switch {
	case next == "":
		return apierr.BadRequest(PasswordRequired)
	case n < MinPasswordLength:
		return apierr.BadRequest(PasswordTooShort)
	case n > MaxPasswordLength || len(next) > maxPasswordBytes:
		return apierr.BadRequest(PasswordTooLong)
	case next == current:
		return apierr.BadRequest(PasswordUnchanged)
	}
	var lower, upper, digit, other bool
	for _, r := range next {
		switch {
		case unicode.IsLower(r):
			lower = true
		case unicode.IsUpper(r):
			upper = true
		case unicode.IsDigit(r):
			digit = true
		default:
			other = true
		}
	}
	kinds := 0
	for _, k := range []bool{lower, upper, digit, other} {
		if k {
			kinds++
		}
	}
	if kinds < 3 {
		return apierr.BadRequest(PasswordTooSimple)
	}
	name := strings.ToLower(strings.TrimSuffix(strings.ToLower(username), "@client"))
	if len(name) >= 3 && strings.Contains(strings.ToLower(next), name) {
		return apierr.BadRequest(PasswordHasUsername)
	}
	return nil
}

var errNoChangeDue = apierr.New(http.StatusForbidden, "No password change is due", "Your password does not need to be changed here.")

// ChangeForcedPassword is the ForceChangePassword step: the current password is proven again,
// the new one must pass the policy, and every other platform session of the user ends (the
// one making the change, keepToken, goes on).
func (s *Service) ChangeForcedPassword(ctx context.Context, u User, keepToken, current, next string) error {
	if !u.ForceChangePassword {
		return errNoChangeDue
	}
	if matches, err := s.passwordMatches(u, current); err != nil || !matches {
		return orBadCredentials(err)
	}
	if err := CheckNewPassword(u.Username, current, next); err != nil {
		return err
	}
	hash, err := HashPassword(next, s.hashCost())
	if err != nil {
		return err
	}
	if err := s.Store.ChangePassword(ctx, u.ID, hash); err != nil {
		return err
	}
	return s.Store.EndOtherSessions(ctx, u.ID, tokenHash(keepToken))
}

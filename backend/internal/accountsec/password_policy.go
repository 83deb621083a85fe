package accountsec

import (
	"golang.org/x/crypto/bcrypt"

	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/auth"
)

// Texts of the Change Password page (spec 1 §5) and its wrong current password. The policy's
// own reasons are the platform's (auth.CheckNewPassword).
const (
	PreviousPasswordRequired  = "Previous password required"
	PasswordRequired          = "Password required"
	PreviousPasswordIncorrect = "Previous password incorrect"
)

// CheckNewPassword applies the platform's password policy when the current password is known
// only by its hash (a reset by code): the policy, then "not the current password" by comparing
// with currentHash ("" when no password is set).
func CheckNewPassword(username, currentHash, next string) error {
	if err := auth.CheckNewPassword(username, "", next); err != nil {
		return err
	}
	if currentHash != "" && bcrypt.CompareHashAndPassword([]byte(currentHash), []byte(next)) == nil {
		return apierr.BadRequest(auth.PasswordUnchanged)
	}
	return nil
}

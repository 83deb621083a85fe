package recovery

import (
	"net/http"
	"regexp"
	"strings"
	"time"

	"wealthportal/backend/internal/apierr"
)

// Texts of spec 1 §5 and §8 and docs/api-contract.md ("Help with logging in").
const (
	UsernameRequired  = "Please enter a username"
	ResetCodeRequired = "Please enter your reset code"
	PasswordRequired  = "Password is required"
	EmailRequired     = "Please enter an email address"
	EmailInvalid      = "Please enter a valid email address"
	DOBRequired       = "Please enter a date of birth"
	DOBInvalid        = "Please enter a date in a valid format of YYYY-MM-DD"

	// CodeInvalidAPI is the answer to a wrong, expired or spent reset code.
	CodeInvalidAPI  = "Password reset code incorrect or invalid for user"
	CodeInvalidUser = "Reset code incorrect"
	// ArgumentsIncorrectAPI is the answer to wrong security answers.
	ArgumentsIncorrectAPI  = "One or more of the arguments are missing or incorrect."
	ArgumentsIncorrectUser = "One or both of your security answers are incorrect, please try again or contact us"
	// MismatchAPI is the answer to a forgotten username whose email and date of birth match no
	// client login.
	MismatchAPI  = "email_dob_mismatch"
	MismatchUser = "The supplied email and date of birth does not match our records. Please contact our office."
)

// Answers of these calls.
var (
	ErrCodeInvalid        = apierr.New(http.StatusBadRequest, CodeInvalidAPI, CodeInvalidUser)
	ErrArgumentsIncorrect = apierr.New(http.StatusBadRequest, ArgumentsIncorrectAPI, ArgumentsIncorrectUser)
	ErrMismatch           = apierr.New(http.StatusBadRequest, MismatchAPI, MismatchUser)
)

// maxField bounds usernames, codes and email addresses.
const maxField = 256

// CodeRequest is the body of POST forgotten_password.
type CodeRequest struct {
	UserID string `json:"user_id"`
}

// Normalise trims the username and checks it is there.
func (r *CodeRequest) Normalise() error {
	r.UserID = strings.TrimSpace(r.UserID)
	if r.UserID == "" {
		return apierr.BadRequest(UsernameRequired)
	}
	if len(r.UserID) > maxField {
		return apierr.BadRequest(ArgumentsIncorrectAPI)
	}
	return nil
}

// CodeCheck is the query of GET forgotten_password.
type CodeCheck struct {
	UserID    string `json:"user_id"`
	ResetCode string `json:"reset_code"`
}

// Normalise trims both fields and checks they are there.
func (r *CodeCheck) Normalise() error {
	u := CodeRequest{UserID: r.UserID}
	if err := u.Normalise(); err != nil {
		return err
	}
	r.UserID = u.UserID
	r.ResetCode = strings.TrimSpace(r.ResetCode)
	if r.ResetCode == "" {
		return apierr.BadRequest(ResetCodeRequired)
	}
	if len(r.ResetCode) > maxField {
		return ErrCodeInvalid
	}
	return nil
}

// Reset is the body of PUT forgotten_password. Answers are in the order of the questions.
type Reset struct {
	UserID      string   `json:"user_id"`
	ResetCode   string   `json:"reset_code"`
	NewPassword string   `json:"new_password"`
	Answers     []string `json:"answers"`
}

// Normalise trims the username and code and checks every field is there (the password is
// taken as typed).
func (r *Reset) Normalise() error {
	check := CodeCheck{UserID: r.UserID, ResetCode: r.ResetCode}
	if err := check.Normalise(); err != nil {
		return err
	}
	r.UserID, r.ResetCode = check.UserID, check.ResetCode
	if r.NewPassword == "" {
		return apierr.BadRequest(PasswordRequired)
	}
	if len(r.Answers) > 2 {
		return ErrArgumentsIncorrect
	}
	return nil
}

// UsernameReminder is the body of POST forgot/username.
type UsernameReminder struct {
	PreferredEmail string `json:"preferred_email"`
	RoleType       string `json:"role_type"`
	DOB            string `json:"dob"`
}

var emailShape = regexp.MustCompile(`^[^@\s]+@[^@\s]+\.[^@\s.]+$`)

// Normalise trims the fields and checks them (spec 1 §5): an email address, a date of birth
// as YYYY-MM-DD, and the client role (the only one offered the reminder).
func (r *UsernameReminder) Normalise() error {
	r.PreferredEmail = strings.TrimSpace(r.PreferredEmail)
	r.DOB = strings.TrimSpace(r.DOB)
	r.RoleType = strings.TrimSpace(r.RoleType)
	switch {
	case r.PreferredEmail == "":
		return apierr.BadRequest(EmailRequired)
	case len(r.PreferredEmail) > maxField || !emailShape.MatchString(r.PreferredEmail):
		return apierr.BadRequest(EmailInvalid)
	case r.DOB == "":
		return apierr.BadRequest(DOBRequired)
	}
	if _, err := time.Parse(time.DateOnly, r.DOB); err != nil {
		return apierr.BadRequest(DOBInvalid)
	}
	if r.RoleType != "" && r.RoleType != "client" {
		return apierr.BadRequest(ArgumentsIncorrectAPI)
	}
	r.RoleType = "client"
	return nil
}

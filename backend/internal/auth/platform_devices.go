package auth

import (
	"context"
	"encoding/hex"
	"errors"
	"io"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"time"

	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/store"
)

// InvalidNumberAPI is the api_message when a method has no usable destination: no valid mobile
// number (sms) or email address (email) on record.
const InvalidNumberAPI = "invalid_number"

// Enrolment settings.
const (
	enrolCodePurpose = "enrol"
	// deviceLifetime leaves time to set up an authenticator app; an sms or email code expires
	// sooner (codeLifetime).
	deviceLifetime = 10 * time.Minute
)

var (
	errInvalidNumber = apierr.New(http.StatusBadRequest, InvalidNumberAPI,
		"There is a problem with your registered Phone Number or Email Address. Please contact your adviser for assistance.")
	// errUnknownMethod (tfa.go) answers a method the firm does not offer, on both sides.
)

// Enrolment is a device being enrolled, as the enrolment calls answer it.
type Enrolment struct {
	DeviceID   string `json:"device_id"`
	Method     string `json:"method"`
	OTPAuthURI string `json:"otpauth_uri,omitempty"`
	QRCode     string `json:"qr_code,omitempty"`
}

// Results of validating a device's first code.
const (
	ResultDeviceLinked = "device_linked"
	ResultBadOTP       = "bad_otp"
)

// StartEnrolment starts enrolling a device of the method for u, replacing any other device u
// was enrolling: for sms and email a code is sent to the mobile number or email address on
// record; for token a new secret is made, answered as an otpauth:// URI and a QR code.
func (s *Service) StartEnrolment(ctx context.Context, u User, method string) (Enrolment, error) {
	if !slices.Contains(u.FirmMFAMethods, method) || !slices.Contains([]string{MethodSMS, MethodEmail, MethodToken}, method) {
		return Enrolment{}, errUnknownMethod
	}
	buf := make([]byte, 16)
	if _, err := io.ReadFull(s.Rand, buf); err != nil {
		return Enrolment{}, err
	}
	now := s.Now()
	d := Device{ID: "d-" + hex.EncodeToString(buf), UserID: u.ID, Method: method, CreatedAt: now, ExpiresAt: now.Add(deviceLifetime)}
	e := Enrolment{DeviceID: d.ID, Method: method}
	switch method {
	case MethodSMS:
		to, err := s.smsDestination(ctx, u)
		if err != nil {
			return Enrolment{}, err
		}
		d.Destination = to
	case MethodEmail:
		if !emailPattern.MatchString(u.Email) {
			return Enrolment{}, errInvalidNumber
		}
		d.Destination = u.Email
	case MethodToken:
		issuer := u.FirmProductName
		if issuer == "" {
			issuer = "Portal"
		}
		secret, uri, qr, err := newTOTPKey(issuer, u.Username, s.Rand)
		if err != nil {
			return Enrolment{}, err
		}
		d.TOTPSecret, e.OTPAuthURI, e.QRCode = secret, uri, qr
	}
	if err := s.Store.CreateDevice(ctx, d); err != nil {
		return Enrolment{}, err
	}
	if d.Destination != "" {
		if err := s.sendCode(ctx, u, enrolCodePurpose, method, d.Destination); err != nil {
			return Enrolment{}, err
		}
	}
	return e, nil
}

// LinkDevice checks the first code of a device being enrolled. A right code makes the device
// u's second factor (the answer is its method); a wrong one, or a device that is unknown,
// expired or of another method, ends that enrolment, so a code is never tried twice: the user
// asks for a new code, which enrols a new device.
func (s *Service) LinkDevice(ctx context.Context, u User, deviceID, method, code string) (string, bool, error) {
	now := s.Now()
	d, err := s.Store.PendingDevice(ctx, u.ID, deviceID, now)
	if errors.Is(err, store.ErrNotFound) {
		return "", false, s.Store.RetireCodes(ctx, u.ID, enrolCodePurpose, now)
	}
	if err != nil {
		return "", false, err
	}
	ok, step := false, int64(0)
	if method == "" || method == d.Method {
		if d.Method == MethodToken {
			step, ok, err = matchTOTP(d.TOTPSecret, code, now, 0)
		} else {
			ok, err = s.consumeCode(ctx, u.ID, enrolCodePurpose, code)
		}
		if err != nil {
			return "", false, err
		}
	}
	if !ok {
		if err := s.Store.RetireCodes(ctx, u.ID, enrolCodePurpose, now); err != nil {
			return "", false, err
		}
		return "", false, s.Store.DiscardDevice(ctx, u.ID, d.ID)
	}
	if err := s.Store.LinkDevice(ctx, d, step, now); err != nil {
		return "", false, err
	}
	return d.Method, true, nil
}

var emailPattern = regexp.MustCompile(`^[^@\s]+@[^@\s]+\.[^@\s]+$`)

// smsDestination is where an sms code goes: the login's own mobile number, else the party's
// mobile contact, normalised (spec 1 §5); errInvalidNumber when there is none or it is not a
// phone number.
func (s *Service) smsDestination(ctx context.Context, u User) (string, error) {
	if u.MobilePhone != "" {
		if n, ok := NormalisePhone(u.MobilePhone, ""); ok {
			return n, nil
		}
		return "", errInvalidNumber
	}
	number, cc, err := s.Store.MobileContact(ctx, u.EntityID)
	if errors.Is(err, store.ErrNotFound) {
		return "", errInvalidNumber
	}
	if err != nil {
		return "", err
	}
	n, ok := NormalisePhone(number, cc)
	if !ok {
		return "", errInvalidNumber
	}
	return n, nil
}

var phonePattern = regexp.MustCompile(`^\+?[0-9][0-9 -]*$`)

// NormalisePhone turns a phone number on record into one to send codes to (spec 1 §5): digits
// with an optional plus, spaces and hyphens; 00 becomes +; the contact's country code is added
// when the number has none; Australian 1300 numbers stay as they are; otherwise a national
// number keeps (or gets) its leading 0. ok is false when it is not a phone number.
func NormalisePhone(number, countryCode string) (string, bool) {
	number = strings.TrimSpace(number)
	if !phonePattern.MatchString(number) {
		return "", false
	}
	digits := strings.NewReplacer(" ", "", "-", "").Replace(number)
	cc := strings.TrimPrefix(strings.TrimSpace(countryCode), "+")
	switch {
	case strings.HasPrefix(digits, "+"):
	case strings.HasPrefix(digits, "00"):
		digits = "+" + digits[2:]
	case strings.HasPrefix(digits, "1300") && (cc == "61" || cc == ""):
	case cc != "":
		digits = "+" + cc + strings.TrimPrefix(digits, "0")
	case !strings.HasPrefix(digits, "0"):
		digits = "0" + digits
	}
	if n := len(strings.TrimPrefix(digits, "+")); n < 6 || n > 15 {
		return "", false
	}
	return digits, true
}

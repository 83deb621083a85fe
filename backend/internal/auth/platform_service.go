package auth

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"math/big"
	"net/http"
	"sync"
	"time"

	"golang.org/x/crypto/bcrypt"

	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/notify"
	"wealthportal/backend/internal/store"
)

// MFARequiredAPI is the api_message of a 401 whose password was right but whose second factor
// is missing; a code has been sent (sms, email) or the authenticator app has one (token). The
// answer also carries mfa_method and tfa_methods (Challenge).
const MFARequiredAPI = "mfa_required"

// MFAEnrolmentRequiredAPI is the api_message of a 401 whose password was right but whose login
// needs a second factor and has none enrolled: it enrols one (auth/tfa/device) before it can
// log in. tfa_methods lists the methods it may enrol.
const MFAEnrolmentRequiredAPI = "mfa_enrolment_required"

// Second-factor methods (spec 1 §3).
const (
	MethodSMS   = "sms"
	MethodEmail = "email"
	MethodToken = "token"
)

// Challenge is a login answer that asks for a second factor: the error (401, api_message
// MFARequiredAPI or MFAEnrolmentRequiredAPI) and the methods that go with it. On the wire it is
// the error body with mfa_method and tfa_methods added.
type Challenge struct {
	Err        *apierr.Error
	MfaMethod  string
	TfaMethods []string
}

func (c *Challenge) Error() string { return c.Err.APIMessage }

// Unwrap lets errors.As find the *apierr.Error.
func (c *Challenge) Unwrap() error { return c.Err }

// ChallengeBody is a Challenge on the wire (WriteLoginError writes it, the platform client
// reads it back).
type ChallengeBody struct {
	UserMessage string   `json:"user_message"`
	APIMessage  string   `json:"api_message"`
	MfaMethod   string   `json:"mfa_method,omitempty"`
	TfaMethods  []string `json:"tfa_methods"`
}

// Code settings for second-factor login codes.
const (
	loginCodePurpose = "login"
	codeDigits       = 6
	codeLifetime     = 5 * time.Minute
	sessionLifetime  = 12 * time.Hour
)

// Service holds the platform's authentication rules.
type Service struct {
	Store  Store
	Sender notify.Sender
	Now    func() time.Time
	Rand   io.Reader
	// hasher makes and checks bcrypt hashes (bcryptHasher, a few at once: limitedHasher; tests
	// count its calls).
	hasher hasher
	// dummyHash is compared against when a username is unknown, so that a miss takes as long
	// as a hit and timing does not reveal which usernames exist. It is made on first need, once
	// (sync.OnceValues): at the default cost it was most of a cold start.
	dummyHash func() ([]byte, error)
	// cost is the bcrypt cost of new password hashes.
	cost int
}

// hasher is bcrypt, behind an interface so that tests can see which hashes are made and
// compared, and at what cost.
type hasher interface {
	Generate(password []byte, cost int) ([]byte, error)
	Compare(hash, password []byte) error
}

// bcryptHasher is the hasher of a running platform.
type bcryptHasher struct{}

func (bcryptHasher) Generate(password []byte, cost int) ([]byte, error) {
	return bcrypt.GenerateFromPassword(password, cost)
}

func (bcryptHasher) Compare(hash, password []byte) error {
	return bcrypt.CompareHashAndPassword(hash, password)
}

// NewService builds a Service. cost is the bcrypt cost used for the timing-equaliser hash.
// Its password hashes run at most hashSlots at once (platform_hash_slots.go).
func NewService(st Store, sender notify.Sender, now func() time.Time, rnd io.Reader, cost int) (*Service, error) {
	return newService(st, sender, now, rnd, cost, limitHasher(bcryptHasher{}, hashSlots()))
}

func newService(st Store, sender notify.Sender, now func() time.Time, rnd io.Reader, cost int, h hasher) (*Service, error) {
	if cost > bcrypt.MaxCost {
		// Refused here, as when the hash was made at start-up, not at the first unknown username.
		return nil, bcrypt.InvalidCostError(cost)
	}
	dummy := sync.OnceValues(func() ([]byte, error) { return h.Generate([]byte("not-a-real-password"), cost) })
	return &Service{Store: st, Sender: sender, Now: now, Rand: rnd, hasher: h, dummyHash: dummy, cost: cost}, nil
}

// equalise spends the time of a password check when there is no hash to check against.
func (s *Service) equalise(password string) error {
	dummy, err := s.dummyHash()
	if err != nil {
		return err
	}
	_ = s.hasher.Compare(dummy, []byte(password))
	return nil
}

func (s *Service) hashCost() int {
	if s.cost == 0 {
		return bcrypt.DefaultCost
	}
	return s.cost
}

// HashPassword hashes a password for storage.
func HashPassword(password string, cost int) (string, error) {
	h, err := bcrypt.GenerateFromPassword([]byte(password), cost)
	return string(h), err
}

var (
	errBadCredentials = apierr.New(http.StatusUnauthorized, apierr.BadCredentials, apierr.BadCredentials)
	errDisabled       = apierr.New(http.StatusForbidden, apierr.AccountDisabled, apierr.AccountDisabled)
	errBadOTP         = apierr.New(http.StatusUnauthorized, apierr.BadOTPAPI, apierr.BadOTPUser)
	// A token code is not sent, so the text does not say a new one was.
	errBadTokenOTP = apierr.New(http.StatusUnauthorized, apierr.BadOTPAPI,
		"There was an error with the authentication code you entered. Please try again with the current code from your authenticator app.")
)

func (s *Service) passwordMatches(u User, password string) (bool, error) {
	if u.PasswordHash == "" {
		return false, s.equalise(password)
	}
	return s.hasher.Compare([]byte(u.PasswordHash), []byte(password)) == nil, nil
}

// Authenticate checks a username and a secret (the password, or for second-factor users the
// password with the code joined to its end, spec 1 §4). It answers the user, or one of: bad
// credentials, account disabled (only once the password is proven), a Challenge (second factor
// required: a code has been sent; or a device must be enrolled first), or bad code (for sms and
// email a new code has been sent).
func (s *Service) Authenticate(ctx context.Context, username, secret string) (User, error) {
	u, err := s.Store.UserByUsername(ctx, username)
	if errors.Is(err, store.ErrNotFound) {
		if err := s.equalise(secret); err != nil {
			return User{}, err
		}
		return User{}, errBadCredentials
	}
	if err != nil {
		return User{}, err
	}
	matches, err := s.passwordMatches(u, secret)
	if err != nil {
		return User{}, err
	}
	if matches {
		if u.Disabled {
			return User{}, errDisabled
		}
		if u.SecondFactorRequired() {
			return User{}, s.challenge(ctx, u)
		}
		return u, nil
	}
	if !u.SecondFactorRequired() || len(secret) <= codeDigits {
		return User{}, errBadCredentials
	}
	password, code := secret[:len(secret)-codeDigits], secret[len(secret)-codeDigits:]
	if !isDigits(code) {
		return User{}, errBadCredentials
	}
	if matches, err = s.passwordMatches(u, password); err != nil || !matches {
		return User{}, orBadCredentials(err)
	}
	if u.Disabled {
		return User{}, errDisabled
	}
	if u.MFAMethod == "" {
		// No device yet: there is no code to check; the login enrols one first.
		return User{}, s.challenge(ctx, u)
	}
	ok, err := s.checkLoginCode(ctx, u, code)
	if err != nil {
		return User{}, err
	}
	if !ok {
		if u.MFAMethod == MethodToken {
			return User{}, errBadTokenOTP
		}
		if err := s.sendLoginCode(ctx, u); err != nil {
			return User{}, err
		}
		return User{}, errBadOTP
	}
	return u, nil
}

// CheckPassword checks a username and password alone, for the calls of a login that has not
// finished (enrolling a device): bad credentials, or account disabled once the password is
// proven.
func (s *Service) CheckPassword(ctx context.Context, username, password string) (User, error) {
	u, err := s.Store.UserByUsername(ctx, username)
	if errors.Is(err, store.ErrNotFound) {
		if err := s.equalise(password); err != nil {
			return User{}, err
		}
		return User{}, errBadCredentials
	}
	if err != nil {
		return User{}, err
	}
	if matches, err := s.passwordMatches(u, password); err != nil || !matches {
		return User{}, orBadCredentials(err)
	}
	if u.Disabled {
		return User{}, errDisabled
	}
	return u, nil
}

// orBadCredentials is err, or bad credentials when there is no error.
func orBadCredentials(err error) error {
	if err != nil {
		return err
	}
	return errBadCredentials
}

// challenge asks for the second factor: the code is sent (sms, email) or is the app's (token);
// a login with no device enrolled is told to enrol one, with the methods it may choose.
func (s *Service) challenge(ctx context.Context, u User) error {
	if u.MFAMethod == "" {
		return &Challenge{
			Err:        apierr.New(http.StatusUnauthorized, MFAEnrolmentRequiredAPI, "Additional verification is required. Please choose a verification method."),
			TfaMethods: u.FirmMFAMethods,
		}
	}
	if u.MFAMethod != MethodToken {
		if err := s.sendLoginCode(ctx, u); err != nil {
			return err
		}
	}
	return &Challenge{
		Err:       apierr.New(http.StatusUnauthorized, MFARequiredAPI, "Enter security code"),
		MfaMethod: u.MFAMethod, TfaMethods: []string{u.MFAMethod},
	}
}

// checkLoginCode checks a second-factor code at login: a sent code (single use, expiring), or
// the authenticator app's code for the current time step (within one step either side, and
// never the same step twice).
func (s *Service) checkLoginCode(ctx context.Context, u User, code string) (bool, error) {
	if u.MFAMethod != MethodToken {
		return s.consumeCode(ctx, u.ID, loginCodePurpose, code)
	}
	step, ok, err := matchTOTP(u.TOTPSecret, code, s.Now(), u.TOTPLastStep)
	if err != nil || !ok {
		return false, err
	}
	return s.Store.UseTOTPStep(ctx, u.ID, step)
}

func isDigits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}

func hashCode(userID int64, code string) []byte {
	h := sha256.Sum256([]byte(fmt.Sprintf("%d:%s", userID, code)))
	return h[:]
}

// sendLoginCode sends a new login code to the enrolled phone (sms) or email address; any code
// sent before is retired.
func (s *Service) sendLoginCode(ctx context.Context, u User) error {
	to := u.MobilePhone
	if u.MFAMethod == MethodEmail {
		to = u.Email
	}
	if to == "" {
		return errInvalidNumber
	}
	return s.sendCode(ctx, u, loginCodePurpose, u.MFAMethod, to)
}

// sendCode makes a new six-digit code of the purpose (retiring any unused one), keeps only its
// hash, and sends it over the channel (sms or email).
func (s *Service) sendCode(ctx context.Context, u User, purpose, channel, to string) error {
	n, err := randInt(s.Rand, 1_000_000)
	if err != nil {
		return err
	}
	code := fmt.Sprintf("%06d", n)
	now := s.Now()
	if err := s.Store.ReplaceCode(ctx, u.ID, purpose, hashCode(u.ID, code), now, now.Add(codeLifetime)); err != nil {
		return err
	}
	product := u.FirmProductName
	if product == "" {
		product = "portal"
	}
	notifyChannel := notify.SMS
	if channel == MethodEmail {
		notifyChannel = notify.Email
	}
	return s.Sender.Send(ctx, notifyChannel, to, "Your "+product+" security code is "+code+". It expires in 5 minutes.")
}

// consumeCode compares in constant time and uses the code at most once.
func (s *Service) consumeCode(ctx context.Context, userID int64, purpose, code string) (bool, error) {
	now := s.Now()
	id, want, err := s.Store.ActiveCode(ctx, userID, purpose, now)
	if errors.Is(err, store.ErrNotFound) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	if subtle.ConstantTimeCompare(want, hashCode(userID, code)) != 1 {
		return false, nil
	}
	return s.Store.UseCode(ctx, id, now)
}

func randInt(r io.Reader, max int64) (int64, error) {
	n, err := cryptoRandInt(r, big.NewInt(max))
	if err != nil {
		return 0, err
	}
	return n.Int64(), nil
}

// StartSession records the login and returns a new random session token.
func (s *Service) StartSession(ctx context.Context, u User, appID string) (string, error) {
	buf := make([]byte, 32)
	if _, err := io.ReadFull(s.Rand, buf); err != nil {
		return "", err
	}
	token := base64.RawURLEncoding.EncodeToString(buf)
	now := s.Now()
	if err := s.Store.RecordLogin(ctx, u.ID, now); err != nil {
		return "", err
	}
	if err := s.Store.CreateSession(ctx, tokenHash(token), u.ID, appID, now, now.Add(sessionLifetime)); err != nil {
		return "", err
	}
	return token, nil
}

func tokenHash(token string) []byte {
	h := sha256.Sum256([]byte(token))
	return h[:]
}

// UserForToken resolves a session token to its user; ErrNoSession when it is unknown, expired
// or the account has since been disabled.
func (s *Service) UserForToken(ctx context.Context, token string) (User, error) {
	u, err := s.userBySession(ctx, token)
	if errors.Is(err, store.ErrNotFound) {
		return User{}, apierr.ErrNoSession
	}
	if err != nil {
		return User{}, err
	}
	if u.Disabled {
		return User{}, apierr.ErrNoSession
	}
	return u, nil
}

// EndSession forgets a session token.
func (s *Service) EndSession(ctx context.Context, token string) error {
	return s.Store.DeleteSession(ctx, tokenHash(token))
}

// SessionUser builds the session/user answer for a login that has just been recorded.
func (s *Service) SessionUser(ctx context.Context, u User) (SessionUser, error) {
	// Re-read so that last_login reflects the login just recorded.
	fresh, err := s.Store.UserByID(ctx, u.ID)
	if err != nil {
		return SessionUser{}, err
	}
	return s.sessionUserOf(ctx, fresh)
}

// sessionUserOf builds the session/user answer of u: its party and its login profile.
func (s *Service) sessionUserOf(ctx context.Context, u User) (SessionUser, error) {
	e, err := s.Store.EntityByID(ctx, u.EntityID)
	if err != nil {
		return SessionUser{}, err
	}
	id, minutes, ok, err := s.Store.LoginProfile(ctx, u.ID)
	if err != nil {
		return SessionUser{}, err
	}
	return withProfile(NewSessionUser(u, e), Profile{ID: id, Minutes: minutes, OK: ok}), nil
}

// WithSteps adds the additional login steps outstanding to a session/user answer, with the
// site terms to agree to when SiteTerms is the first (how a login learns its steps).
func (s *Service) WithSteps(ctx context.Context, su SessionUser, u User, steps []string) (SessionUser, error) {
	if len(steps) == 0 {
		return su, nil
	}
	su.AdditionalLoginSteps = steps
	if steps[0] == StepSiteTerms {
		terms, err := s.Store.FirmSiteTerms(ctx, u.FirmID)
		if err != nil {
			return SessionUser{}, err
		}
		su.SiteTerms = &terms
	}
	return su, nil
}

// SessionUserForToken is GET session/user of a platform session as Go values: the session and
// its login read in one query, its party and login profile once each, and the steps
// outstanding. The embedded platform answers the BFF with it; the HTTP route answers the same.
func (s *Service) SessionUserForToken(ctx context.Context, token string) (SessionUser, error) {
	u, e, profile, err := s.sessionProfile(ctx, token)
	if errors.Is(err, store.ErrNotFound) || err == nil && u.Disabled {
		return SessionUser{}, apierr.ErrNoSession
	}
	if err != nil {
		return SessionUser{}, err
	}
	steps, err := s.PendingSteps(ctx, u)
	if err != nil {
		return SessionUser{}, err
	}
	return s.WithSteps(ctx, withProfile(NewSessionUser(u, e), profile), u, steps)
}

// withProfile adds a login profile to a session/user answer.
func withProfile(su SessionUser, p Profile) SessionUser {
	if p.OK {
		id := p.ID
		su.LoginProfileID, su.InactiveSessionTimeoutClient = &id, p.Minutes
	}
	return su
}

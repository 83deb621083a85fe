package platform

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
	"time"

	"golang.org/x/crypto/bcrypt"

	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/notify"
	"wealthportal/backend/internal/store"
)

// MFARequiredAPI is the api_message of a 401 whose password was right but whose second factor
// is missing; a code has been sent.
const MFARequiredAPI = "mfa_required"

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
	// dummyHash is compared against when a username is unknown, so that a miss takes as long
	// as a hit and timing does not reveal which usernames exist.
	dummyHash []byte
}

// NewService builds a Service. cost is the bcrypt cost used for the timing-equaliser hash.
func NewService(st Store, sender notify.Sender, now func() time.Time, rnd io.Reader, cost int) (*Service, error) {
	dummy, err := bcrypt.GenerateFromPassword([]byte("not-a-real-password"), cost)
	if err != nil {
		return nil, err
	}
	return &Service{Store: st, Sender: sender, Now: now, Rand: rnd, dummyHash: dummy}, nil
}

// HashPassword hashes a password for storage.
func HashPassword(password string, cost int) (string, error) {
	h, err := bcrypt.GenerateFromPassword([]byte(password), cost)
	return string(h), err
}

var (
	errBadCredentials = apierr.New(http.StatusUnauthorized, apierr.BadCredentials, apierr.BadCredentials)
	errDisabled       = apierr.New(http.StatusForbidden, apierr.AccountDisabled, apierr.AccountDisabled)
	errMFARequired    = apierr.New(http.StatusUnauthorized, MFARequiredAPI, "Enter security code")
	errBadOTP         = apierr.New(http.StatusUnauthorized, apierr.BadOTPAPI, apierr.BadOTPUser)
)

func (s *Service) passwordMatches(u User, password string) bool {
	if u.PasswordHash == "" {
		bcrypt.CompareHashAndPassword(s.dummyHash, []byte(password))
		return false
	}
	return bcrypt.CompareHashAndPassword([]byte(u.PasswordHash), []byte(password)) == nil
}

// Authenticate checks a username and a secret (the password, or for second-factor users the
// password with the code joined to its end, spec 1 §4). It answers the user, or one of: bad
// credentials, account disabled (only once the password is proven), second factor required (a
// code has been sent), or bad code (a new code has been sent).
func (s *Service) Authenticate(ctx context.Context, username, secret string) (User, error) {
	u, err := s.Store.UserByUsername(ctx, username)
	if errors.Is(err, store.ErrNotFound) {
		bcrypt.CompareHashAndPassword(s.dummyHash, []byte(secret))
		return User{}, errBadCredentials
	}
	if err != nil {
		return User{}, err
	}
	if s.passwordMatches(u, secret) {
		if u.Disabled {
			return User{}, errDisabled
		}
		if u.MFAMethod != "" {
			if err := s.sendLoginCode(ctx, u); err != nil {
				return User{}, err
			}
			return User{}, errMFARequired
		}
		return u, nil
	}
	if u.MFAMethod == "" || len(secret) <= codeDigits {
		return User{}, errBadCredentials
	}
	password, code := secret[:len(secret)-codeDigits], secret[len(secret)-codeDigits:]
	if !isDigits(code) || !s.passwordMatches(u, password) {
		return User{}, errBadCredentials
	}
	if u.Disabled {
		return User{}, errDisabled
	}
	ok, err := s.consumeCode(ctx, u.ID, loginCodePurpose, code)
	if err != nil {
		return User{}, err
	}
	if !ok {
		if err := s.sendLoginCode(ctx, u); err != nil {
			return User{}, err
		}
		return User{}, errBadOTP
	}
	return u, nil
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

func (s *Service) sendLoginCode(ctx context.Context, u User) error {
	n, err := randInt(s.Rand, 1_000_000)
	if err != nil {
		return err
	}
	code := fmt.Sprintf("%06d", n)
	now := s.Now()
	if err := s.Store.ReplaceCode(ctx, u.ID, loginCodePurpose, hashCode(u.ID, code), now, now.Add(codeLifetime)); err != nil {
		return err
	}
	return s.Sender.Send(ctx, notify.SMS, u.MobilePhone, "Your Harbour & Vale security code is "+code+". It expires in 5 minutes.")
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
	id, err := s.Store.SessionUserID(ctx, tokenHash(token), s.Now())
	if errors.Is(err, store.ErrNotFound) {
		return User{}, apierr.ErrNoSession
	}
	if err != nil {
		return User{}, err
	}
	u, err := s.Store.UserByID(ctx, id)
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

// SessionUser builds the session/user answer for a login.
func (s *Service) SessionUser(ctx context.Context, u User) (SessionUser, error) {
	// Re-read so that last_login reflects the login just recorded.
	fresh, err := s.Store.UserByID(ctx, u.ID)
	if err != nil {
		return SessionUser{}, err
	}
	e, err := s.Store.EntityByID(ctx, fresh.EntityID)
	if err != nil {
		return SessionUser{}, err
	}
	return NewSessionUser(fresh, e), nil
}

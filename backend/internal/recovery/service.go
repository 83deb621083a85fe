package recovery

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"errors"
	"fmt"
	"io"
	"math/big"
	"strconv"
	"strings"
	"time"

	"wealthportal/backend/internal/accountsec"
	"wealthportal/backend/internal/notify"
	"wealthportal/backend/internal/platform"
	"wealthportal/backend/internal/store"
)

// Reset codes: six digits, five minutes, single use (like second-factor codes), and spent after
// three wrong tries (codes or answers), which is when the browser sends the user back for a new
// one (its codeErrorCount).
const (
	codePurpose   = "password_reset"
	codeDigits    = 6
	codeLifetime  = 5 * time.Minute
	maxCodeMisses = 3
)

// Limits of the anonymous calls. They are keyed by what was asked about, so an unknown
// username or address is limited exactly like a known one.
var (
	codeRequestLimit = accountsec.Limit{Kind: "reset_code_request", Max: 5, Window: 15 * time.Minute}
	reminderLimit    = accountsec.Limit{Kind: "username_reminder", Max: 5, Window: 15 * time.Minute}
	codeMissLimit    = accountsec.Limit{Kind: "reset_code_miss", Max: maxCodeMisses, Window: codeLifetime}
)

// Service holds the rules of the forgotten password and username.
type Service struct {
	Store    SQLStore
	Users    platform.SQLStore
	Security accountsec.SQLStore
	Attempts accountsec.Attempts
	Sender   notify.Sender
	Now      func() time.Time
	Rand     io.Reader
	HashCost int
}

// NewService builds a Service over the platform's store.
func NewService(db *store.DB, sender notify.Sender, now func() time.Time, rnd io.Reader, hashCost int) *Service {
	return &Service{Store: SQLStore{DB: db}, Users: platform.SQLStore{DB: db}, Security: accountsec.SQLStore{DB: db},
		Attempts: accountsec.Attempts{DB: db, Now: now}, Sender: sender, Now: now, Rand: rnd, HashCost: hashCost}
}

// Delivery is a message to send once the caller has been answered; nil sends nothing.
type Delivery func(ctx context.Context) error

// RequestCode starts a reset for a username: when it names an enabled login a new code is
// stored (replacing any earlier one) and the Delivery sends it, by email, or by SMS when the
// login has no email address. An unknown or disabled username gets a nil Delivery and the same
// answer. Too many requests for one username answer ErrTooManyAttempts.
func (s *Service) RequestCode(ctx context.Context, in CodeRequest) (Delivery, error) {
	if err := in.Normalise(); err != nil {
		return nil, err
	}
	if err := s.Attempts.Take(ctx, codeRequestLimit, in.UserID); err != nil {
		return nil, err
	}
	u, ok, err := s.user(ctx, in.UserID)
	if err != nil || !ok {
		return nil, err
	}
	contact, err := s.Store.ContactOf(ctx, u.ID)
	if err != nil {
		return nil, err
	}
	channel, to := notify.Email, contact.Email
	if to == "" {
		channel, to = notify.SMS, contact.Mobile
	}
	if to == "" {
		return nil, nil // nowhere to send a code: the user must contact the firm
	}
	n, err := rand.Int(s.Rand, big.NewInt(1_000_000))
	if err != nil {
		return nil, err
	}
	code := fmt.Sprintf("%0*d", codeDigits, n.Int64())
	now := s.Now()
	if err := s.Users.ReplaceCode(ctx, u.ID, codePurpose, codeHash(u.ID, code), now, now.Add(codeLifetime)); err != nil {
		return nil, err
	}
	body := fmt.Sprintf("Your %s password reset code is %s. It expires in 5 minutes. If you did not ask to reset your password, you can ignore this message.",
		contact.ProductName, code)
	return func(ctx context.Context) error { return s.Sender.Send(ctx, channel, to, body) }, nil
}

// user finds an enabled login by username; ok is false for an unknown or disabled one.
func (s *Service) user(ctx context.Context, username string) (platform.User, bool, error) {
	u, err := s.Users.UserByUsername(ctx, username)
	if errors.Is(err, store.ErrNotFound) {
		return u, false, nil
	}
	if err != nil {
		return u, false, err
	}
	return u, !u.Disabled, nil
}

func codeHash(userID int64, code string) []byte {
	h := sha256.Sum256([]byte(fmt.Sprintf("%s:%d:%s", codePurpose, userID, code)))
	return h[:]
}

// checkCode finds the login and its live reset code and compares the code in constant time.
// Any failure is ErrCodeInvalid, whatever its cause (unknown username, no code, expired, spent,
// wrong). A wrong code counts a miss; the third spends the code.
func (s *Service) checkCode(ctx context.Context, username, code string) (platform.User, int64, error) {
	u, ok, err := s.user(ctx, username)
	if err != nil || !ok {
		return u, 0, errOr(err, ErrCodeInvalid)
	}
	id, want, err := s.Users.ActiveCode(ctx, u.ID, codePurpose, s.Now())
	if errors.Is(err, store.ErrNotFound) {
		return u, 0, ErrCodeInvalid
	}
	if err != nil {
		return u, 0, err
	}
	if subtle.ConstantTimeCompare(want, codeHash(u.ID, code)) != 1 {
		return u, 0, errOr(s.miss(ctx, id), ErrCodeInvalid)
	}
	return u, id, nil
}

// miss counts a wrong try against a code and spends the code at the limit.
func (s *Service) miss(ctx context.Context, codeID int64) error {
	key := strconv.FormatInt(codeID, 10)
	if err := s.Attempts.Record(ctx, codeMissLimit, key); err != nil {
		return err
	}
	n, err := s.Attempts.Count(ctx, codeMissLimit, key)
	if err != nil || n < codeMissLimit.Max {
		return err
	}
	_, err = s.Users.UseCode(ctx, codeID, s.Now())
	return err
}

func errOr(err, otherwise error) error {
	if err != nil {
		return err
	}
	return otherwise
}

// CheckCode checks a reset code and answers the login's security questions, in order (none
// when they were never set). The code stays live for the reset.
func (s *Service) CheckCode(ctx context.Context, in CodeCheck) ([]string, error) {
	if err := in.Normalise(); err != nil {
		return nil, err
	}
	u, _, err := s.checkCode(ctx, in.UserID, in.ResetCode)
	if err != nil {
		return nil, err
	}
	qs, err := s.Security.Questions(ctx, u.ID)
	if err != nil {
		return nil, err
	}
	out := make([]string, 0, len(qs))
	for _, q := range qs {
		out = append(out, q.Question)
	}
	return out, nil
}

// Reset sets a new password with a live reset code and, when the login has security questions,
// both answers. It spends the code and ends every session of the login; the second factor is
// untouched, so the next login still asks for it. Wrong answers count a miss against the code.
func (s *Service) Reset(ctx context.Context, in Reset) error {
	if err := in.Normalise(); err != nil {
		return err
	}
	u, codeID, err := s.checkCode(ctx, in.UserID, in.ResetCode)
	if err != nil {
		return err
	}
	qs, err := s.Security.Questions(ctx, u.ID)
	if err != nil {
		return err
	}
	if len(qs) > 0 {
		if !answersMatch(qs, in.Answers) {
			return errOr(s.miss(ctx, codeID), ErrArgumentsIncorrect)
		}
	}
	if err := accountsec.CheckNewPassword(u.Username, u.PasswordHash, in.NewPassword); err != nil {
		return err
	}
	hash, err := platform.HashPassword(in.NewPassword, s.HashCost)
	if err != nil {
		return err
	}
	spent, err := s.Store.SpendCodeAndSetPassword(ctx, codeID, u.ID, hash, s.Now())
	if err != nil {
		return err
	}
	if !spent {
		return ErrCodeInvalid // another request used the code first
	}
	return nil
}

// answersMatch compares every answer, even after a wrong one, so the time taken does not say
// which was wrong.
func answersMatch(qs []accountsec.StoredQuestion, answers []string) bool {
	ok := len(answers) == len(qs)
	for i, q := range qs {
		a := ""
		if i < len(answers) {
			a = answers[i]
		}
		if strings.TrimSpace(a) == "" {
			ok = false
		}
		if !accountsec.AnswerMatches(q.AnswerHash, a) {
			ok = false
		}
	}
	return ok
}

// RemindUsername emails the usernames of the client logins whose email address and date of
// birth both match; ErrMismatch when none does (spec 1 §8). Too many reminders for one address
// answer ErrTooManyAttempts.
func (s *Service) RemindUsername(ctx context.Context, in UsernameReminder) error {
	if err := in.Normalise(); err != nil {
		return err
	}
	if err := s.Attempts.Take(ctx, reminderLimit, in.PreferredEmail); err != nil {
		return err
	}
	logins, err := s.Store.ClientLoginsByEmailAndDOB(ctx, in.PreferredEmail, in.DOB)
	if err != nil {
		return err
	}
	if len(logins) == 0 {
		return ErrMismatch
	}
	for _, l := range logins {
		body := fmt.Sprintf("Your %s username is %s. If you did not ask for it, please contact our office.", l.ProductName, l.Username)
		if err := s.Sender.Send(ctx, notify.Email, l.Email, body); err != nil {
			return err
		}
	}
	return nil
}

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
	"strings"
	"time"

	"wealthportal/backend/internal/accountsec"
	"wealthportal/backend/internal/auth"
	"wealthportal/backend/internal/notify"
	"wealthportal/backend/internal/ratelimit"
	"wealthportal/backend/internal/store"
)

// Reset codes: six digits, five minutes, single use (like second-factor codes), and void after
// three wrong tries (codes or answers, ratelimit.ScopeResetCode), which is when the browser
// sends the user back for a new one (its codeErrorCount).
const (
	codePurpose  = "password_reset"
	codeDigits   = 6
	codeLifetime = 5 * time.Minute
)

// Service holds the rules of the forgotten password and username.
type Service struct {
	Store    SQLStore
	Users    auth.SQLStore
	Security accountsec.SQLStore
	// Limiter limits the anonymous calls, keyed by what was asked about, so an unknown username
	// or address is limited exactly like a known one: requests per username
	// (ratelimit.ScopeResetRequest) and per email address (ratelimit.ScopeReminder), wrong tries
	// per reset code (ratelimit.ScopeResetCode).
	Limiter  *ratelimit.Limiter
	Sender   notify.Sender
	Now      func() time.Time
	Rand     io.Reader
	HashCost int
}

// NewService builds a Service over the platform's store; the sender and the limiter are
// required.
func NewService(db *store.DB, sender notify.Sender, now func() time.Time, rnd io.Reader, hashCost int, limiter *ratelimit.Limiter) (*Service, error) {
	switch {
	case db == nil:
		return nil, errors.New("recovery: no database")
	case sender == nil:
		return nil, errors.New("recovery: no sender")
	case limiter == nil:
		return nil, errors.New("recovery: no rate limiter")
	}
	return &Service{Store: SQLStore{DB: db}, Users: auth.SQLStore{DB: db}, Security: accountsec.SQLStore{DB: db},
		Limiter: limiter, Sender: sender, Now: now, Rand: rnd, HashCost: hashCost}, nil
}

// Delivery is a message to send once the caller has been answered; nil sends nothing.
type Delivery func(ctx context.Context) error

// RequestCode starts a reset for a username: when it names an enabled login a new code is
// stored (replacing any earlier one) and the Delivery sends it, by email, or by SMS when the
// login has no email address. An unknown or disabled username gets a nil Delivery and the same
// answer. Too many requests for one username answer the limiter's 429.
func (s *Service) RequestCode(ctx context.Context, in CodeRequest) (Delivery, error) {
	if err := in.Normalise(); err != nil {
		return nil, err
	}
	if err := s.Limiter.Take(ctx, ratelimit.ResetRequestKey(in.UserID)); err != nil {
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
func (s *Service) user(ctx context.Context, username string) (auth.User, bool, error) {
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

// codeTry is a try against a live reset code, admitted by the limiter: Miss counts it (a wrong
// code or wrong answers); Done gives it back otherwise. Call Done in every case (defer it).
type codeTry struct {
	lim *ratelimit.Limiter
	ctx context.Context
	d   ratelimit.Decision
}

// Miss counts the try as wrong.
func (t codeTry) Miss() { t.lim.Fail(t.d) }

// Done gives back a try that was not a miss.
func (t codeTry) Done() { _ = t.lim.Release(t.ctx, t.d) }

// checkCode finds the login and its live reset code and compares the code in constant time.
// Any failure is ErrCodeInvalid, whatever its cause (unknown username, no code, expired, spent,
// void, wrong). Every try against a code is counted before it is compared; the three wrong tries
// the limit admits void the code, and the next try spends it. On success the caller holds the
// try (Miss or Done).
func (s *Service) checkCode(ctx context.Context, username, code string) (auth.User, int64, codeTry, error) {
	u, ok, err := s.user(ctx, username)
	if err != nil || !ok {
		return u, 0, codeTry{}, errOr(err, ErrCodeInvalid)
	}
	id, want, err := s.Users.ActiveCode(ctx, u.ID, codePurpose, s.Now())
	if errors.Is(err, store.ErrNotFound) {
		return u, 0, codeTry{}, ErrCodeInvalid
	}
	if err != nil {
		return u, 0, codeTry{}, err
	}
	d, err := s.Limiter.Check(ctx, ratelimit.ResetCodeKey(id))
	if err != nil {
		return u, 0, codeTry{}, err
	}
	if !d.Allowed {
		_, err := s.Users.UseCode(ctx, id, s.Now())
		return u, 0, codeTry{}, errOr(err, ErrCodeInvalid)
	}
	try := codeTry{lim: s.Limiter, ctx: ctx, d: d}
	if subtle.ConstantTimeCompare(want, codeHash(u.ID, code)) != 1 {
		try.Miss()
		return u, 0, codeTry{}, ErrCodeInvalid
	}
	return u, id, try, nil
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
	u, _, try, err := s.checkCode(ctx, in.UserID, in.ResetCode)
	if err != nil {
		return nil, err
	}
	defer try.Done()
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
	u, codeID, try, err := s.checkCode(ctx, in.UserID, in.ResetCode)
	if err != nil {
		return err
	}
	defer try.Done()
	qs, err := s.Security.Questions(ctx, u.ID)
	if err != nil {
		return err
	}
	if len(qs) > 0 {
		if !answersMatch(qs, in.Answers) {
			try.Miss()
			return ErrArgumentsIncorrect
		}
	}
	if err := accountsec.CheckNewPassword(u.Username, u.PasswordHash, in.NewPassword); err != nil {
		return err
	}
	hash, err := auth.HashPassword(in.NewPassword, s.HashCost)
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
// answer the limiter's 429.
func (s *Service) RemindUsername(ctx context.Context, in UsernameReminder) error {
	if err := in.Normalise(); err != nil {
		return err
	}
	if err := s.Limiter.Take(ctx, ratelimit.ReminderKey(in.PreferredEmail)); err != nil {
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

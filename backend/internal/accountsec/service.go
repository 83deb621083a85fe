package accountsec

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"golang.org/x/crypto/bcrypt"

	"wealthportal/backend/internal/access"
	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/auth"
	"wealthportal/backend/internal/ratelimit"
	"wealthportal/backend/internal/store"
)

// TooManyAttempts is the 429 of a limited call (a sentence the browser shows as it is).
const TooManyAttempts = ratelimit.MsgTooManyTries

// Service holds the rules of the signed-in account-security calls.
type Service struct {
	DB    *store.DB
	Store SQLStore
	Users auth.SQLStore
	// Limiter bounds guesses of the current password (ratelimit.ScopeCurrentPassword).
	Limiter  *ratelimit.Limiter
	Now      func() time.Time
	HashCost int
	// PermissionWithdrawn runs when a login sets its biometric permission to 0 (the biometric
	// package revokes the login's devices). Required: without it a withdrawn permission would
	// leave the devices able to log in.
	PermissionWithdrawn func(ctx context.Context, userID int64) error
}

// NewService builds a Service over the platform's store; the limiter and permissionWithdrawn
// (see Service.PermissionWithdrawn) are required.
func NewService(db *store.DB, now func() time.Time, hashCost int, limiter *ratelimit.Limiter, permissionWithdrawn func(ctx context.Context, userID int64) error) (*Service, error) {
	switch {
	case db == nil:
		return nil, errors.New("accountsec: no database")
	case limiter == nil:
		return nil, errors.New("accountsec: no rate limiter")
	case permissionWithdrawn == nil:
		return nil, errors.New("accountsec: no permission withdrawn hook (biometric device revocation)")
	}
	return &Service{DB: db, Store: SQLStore{DB: db}, Users: auth.SQLStore{DB: db},
		Limiter: limiter, Now: now, HashCost: hashCost, PermissionWithdrawn: permissionWithdrawn}, nil
}

// ChangePassword is the body of POST session/password.
type ChangePassword struct {
	UserID      *int64 `json:"user_id,omitempty"`
	OldPassword string `json:"old_password"`
	NewPassword string `json:"new_password"`
}

// ChangePassword changes the caller's own password. The caller's session (token) stays; every
// other platform session of the login ends.
func (s *Service) ChangePassword(ctx context.Context, caller access.Principal, token string, in ChangePassword) error {
	if in.UserID != nil && *in.UserID != caller.UserID {
		return apierr.ErrForbidden
	}
	switch {
	case in.OldPassword == "":
		return apierr.BadRequest(PreviousPasswordRequired)
	case in.NewPassword == "":
		return apierr.BadRequest(PasswordRequired)
	}
	d, err := s.Limiter.Check(ctx, ratelimit.CurrentPasswordKey(caller.UserID))
	if err != nil {
		return err
	}
	if !d.Allowed {
		return d.Err()
	}
	// Only a wrong current password counts; anything else gives the attempt back.
	defer func() { _ = s.Limiter.Release(ctx, d) }()
	u, err := s.Users.UserByID(ctx, caller.UserID)
	if err != nil {
		return noSessionIfMissing(err)
	}
	if u.PasswordHash == "" || bcrypt.CompareHashAndPassword([]byte(u.PasswordHash), []byte(in.OldPassword)) != nil {
		s.Limiter.Fail(d)
		return apierr.BadRequest(PreviousPasswordIncorrect)
	}
	if err := auth.CheckNewPassword(u.Username, in.OldPassword, in.NewPassword); err != nil {
		return err
	}
	hash, err := auth.HashPassword(in.NewPassword, s.HashCost)
	if err != nil {
		return err
	}
	return s.DB.InTx(ctx, func(tx *sql.Tx) error {
		return SetPassword(ctx, s.DB, tx, u.ID, hash, token)
	})
}

// QuestionsBody is the body of POST session/password_reset_questions.
type QuestionsBody struct {
	Questions []QuestionAndAnswer `json:"questions"`
}

// SetQuestions checks and stores the caller's two security questions. The answer minimum
// follows the version of the caller's platform (spec 1 §5).
func (s *Service) SetQuestions(ctx context.Context, caller access.Principal, pairs []QuestionAndAnswer) error {
	version, err := s.Store.PlatformVersion(ctx, caller.FirmID)
	if err != nil {
		return err
	}
	if err := CheckQuestions(pairs, AnswerMinimum(version)); err != nil {
		return err
	}
	var qs [2]StoredQuestion
	for i, p := range pairs {
		h, err := HashAnswer(p.Answer, s.HashCost)
		if err != nil {
			return err
		}
		qs[i] = StoredQuestion{Question: strings.TrimSpace(p.Question), AnswerHash: h}
	}
	return s.Store.SetQuestions(ctx, caller.UserID, qs, s.Now())
}

// Permission is the body and answer of the biometric permission calls.
type Permission struct {
	Permission *int `json:"permission"`
}

// ErrBadPermission answers a permission other than 1 or 0.
var ErrBadPermission = apierr.BadRequest("The permission must be 1 or 0")

// CheckPermission reads a permission body: 1 or 0.
func CheckPermission(p Permission) (int, error) {
	if p.Permission == nil || (*p.Permission != 0 && *p.Permission != 1) {
		return 0, ErrBadPermission
	}
	return *p.Permission, nil
}

// BiometricPermission is the caller's biometric permission.
func (s *Service) BiometricPermission(ctx context.Context, caller access.Principal) (int, error) {
	return s.Store.BiometricPermission(ctx, caller.UserID)
}

// SetBiometricPermission records the caller's biometric permission.
func (s *Service) SetBiometricPermission(ctx context.Context, caller access.Principal, p Permission) (int, error) {
	v, err := CheckPermission(p)
	if err != nil {
		return 0, err
	}
	if err := s.Store.SetBiometricPermission(ctx, caller.UserID, v, s.Now()); err != nil {
		return 0, err
	}
	if v == 0 {
		if err := s.PermissionWithdrawn(ctx, caller.UserID); err != nil {
			return 0, err
		}
	}
	return v, nil
}

// noSessionIfMissing keeps store.ErrNotFound out of answers: a login that vanished mid-session is a
// lost session.
func noSessionIfMissing(err error) error {
	if errors.Is(err, store.ErrNotFound) {
		return apierr.ErrNoSession
	}
	return err
}

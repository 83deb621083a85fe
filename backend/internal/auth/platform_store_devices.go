package auth

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"wealthportal/backend/internal/store"
)

// Device is a second-factor device being enrolled: a phone number, an email address or a
// software token (with its secret).
type Device struct {
	ID          string
	UserID      int64
	Method      string
	Destination string
	TOTPSecret  string
	CreatedAt   time.Time
	ExpiresAt   time.Time
}

func splitMethods(s string) []string {
	out := []string{}
	for _, m := range strings.Split(s, ",") {
		if m = strings.TrimSpace(m); m != "" {
			out = append(out, m)
		}
	}
	return out
}

// RetireCodes marks every unused code of the purpose used.
func (s SQLStore) RetireCodes(ctx context.Context, userID int64, purpose string, now time.Time) error {
	_, err := s.DB.ExecContext(ctx, s.q(`UPDATE otp_code SET used_at = ? WHERE user_id = ? AND purpose = ? AND used_at IS NULL`),
		store.FormatTime(now), userID, purpose)
	return err
}

// SiteTermsAccepted reports whether the party accepted the login disclaimer in an acceptance
// recorded after the one numbered after (see app_user.site_terms_after).
func (s SQLStore) SiteTermsAccepted(ctx context.Context, entityID, after int64) (bool, error) {
	var n int
	err := s.DB.QueryRowPrepared(ctx, `SELECT COUNT(*) FROM terms_acceptance WHERE entity_id = ? AND description = ? AND id > ?`,
		entityID, loginDisclaimer, after).Scan(&n)
	return n > 0, err
}

// SecurityQuestionsSet reports whether the login has both of its security questions.
func (s SQLStore) SecurityQuestionsSet(ctx context.Context, userID int64) (bool, error) {
	var n int
	err := s.DB.QueryRowPrepared(ctx, `SELECT COUNT(*) FROM security_question WHERE user_id = ?`, userID).Scan(&n)
	return n >= 2, err
}

// FirmSiteTerms returns a firm's site terms.
func (s SQLStore) FirmSiteTerms(ctx context.Context, firmID int64) (SiteTerms, error) {
	var t SiteTerms
	err := s.DB.QueryRowContext(ctx, s.q(`SELECT site_terms_heading, site_terms_disclaimer FROM firm WHERE id = ?`), firmID).Scan(&t.Heading, &t.Disclaimer)
	if errors.Is(err, sql.ErrNoRows) {
		return t, store.ErrNotFound
	}
	return t, err
}

// ChangePassword stores a new password hash; a forced change is then done.
func (s SQLStore) ChangePassword(ctx context.Context, userID int64, hash string) error {
	_, err := s.DB.ExecContext(ctx, s.q(`UPDATE app_user SET password_hash = ?, force_change_password = 0 WHERE id = ?`), hash, userID)
	return err
}

// EndOtherSessions ends every platform session of a user but the one whose token hashes to
// keepTokenHash (nil: all of them).
func (s SQLStore) EndOtherSessions(ctx context.Context, userID int64, keepTokenHash []byte) error {
	if keepTokenHash == nil {
		keepTokenHash = []byte{}
	}
	_, err := s.DB.ExecContext(ctx, s.q(`DELETE FROM platform_session WHERE user_id = ? AND token_hash <> ?`), userID, keepTokenHash)
	return err
}

// MobileContact returns the party's mobile number (contact type p3), the preferred one first.
func (s SQLStore) MobileContact(ctx context.Context, entityID int64) (string, string, error) {
	var number, cc string
	err := s.DB.QueryRowContext(ctx, s.q(`SELECT value, country_code FROM contact WHERE entity_id = ? AND type = 'p3'
		ORDER BY preferred DESC, id LIMIT 1`), entityID).Scan(&number, &cc)
	if errors.Is(err, sql.ErrNoRows) {
		return "", "", store.ErrNotFound
	}
	return number, cc, err
}

// CreateDevice stores a device being enrolled; any other device the user was enrolling is
// dropped, so only the newest one can be linked.
func (s SQLStore) CreateDevice(ctx context.Context, d Device) error {
	return s.DB.InTx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, s.q(`DELETE FROM mfa_device WHERE user_id = ? AND linked_at IS NULL`), d.UserID); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, s.q(`INSERT INTO mfa_device (id, user_id, method, destination, totp_secret, created_at, expires_at)
			VALUES (?, ?, ?, ?, ?, ?, ?)`), d.ID, d.UserID, d.Method, d.Destination, d.TOTPSecret,
			store.FormatTime(d.CreatedAt), store.FormatTime(d.ExpiresAt))
		return err
	})
}

// PendingDevice returns the user's unexpired, unlinked device of that id.
func (s SQLStore) PendingDevice(ctx context.Context, userID int64, id string, now time.Time) (Device, error) {
	d := Device{ID: id, UserID: userID}
	var created, expires string
	err := s.DB.QueryRowContext(ctx, s.q(`SELECT method, destination, totp_secret, created_at, expires_at FROM mfa_device
		WHERE id = ? AND user_id = ? AND linked_at IS NULL AND expires_at > ?`), id, userID, store.FormatTime(now)).
		Scan(&d.Method, &d.Destination, &d.TOTPSecret, &created, &expires)
	if errors.Is(err, sql.ErrNoRows) {
		return d, store.ErrNotFound
	}
	if err != nil {
		return d, err
	}
	if d.CreatedAt, err = store.ParseTime(created); err != nil {
		return d, err
	}
	d.ExpiresAt, err = store.ParseTime(expires)
	return d, err
}

// DiscardDevice drops a device being enrolled.
func (s SQLStore) DiscardDevice(ctx context.Context, userID int64, id string) error {
	_, err := s.DB.ExecContext(ctx, s.q(`DELETE FROM mfa_device WHERE id = ? AND user_id = ? AND linked_at IS NULL`), id, userID)
	return err
}

// LinkDevice makes d the user's second factor: the method, and the phone number (sms) or the
// token's secret and the step its first code used (token).
func (s SQLStore) LinkDevice(ctx context.Context, d Device, totpStep int64, now time.Time) error {
	return s.DB.InTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.q(`UPDATE mfa_device SET linked_at = ? WHERE id = ? AND user_id = ? AND linked_at IS NULL`),
			store.FormatTime(now), d.ID, d.UserID)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n != 1 {
			if err == nil {
				err = store.ErrNotFound
			}
			return err
		}
		if _, err := tx.ExecContext(ctx, s.q(`DELETE FROM mfa_device WHERE user_id = ? AND linked_at IS NULL`), d.UserID); err != nil {
			return err
		}
		switch d.Method {
		case MethodSMS:
			_, err = tx.ExecContext(ctx, s.q(`UPDATE app_user SET mfa_method = ?, mobile_phone = ?, totp_secret = '', totp_last_step = 0 WHERE id = ?`),
				d.Method, d.Destination, d.UserID)
		case MethodToken:
			_, err = tx.ExecContext(ctx, s.q(`UPDATE app_user SET mfa_method = ?, totp_secret = ?, totp_last_step = ? WHERE id = ?`),
				d.Method, d.TOTPSecret, totpStep, d.UserID)
		default:
			_, err = tx.ExecContext(ctx, s.q(`UPDATE app_user SET mfa_method = ?, totp_secret = '', totp_last_step = 0 WHERE id = ?`),
				d.Method, d.UserID)
		}
		return err
	})
}

// UseTOTPStep records that a token code of the step was accepted; false when that step (or a
// later one) was already used, so a code is never accepted twice, even by two racing requests.
func (s SQLStore) UseTOTPStep(ctx context.Context, userID, step int64) (bool, error) {
	res, err := s.DB.ExecContext(ctx, s.q(`UPDATE app_user SET totp_last_step = ? WHERE id = ? AND totp_last_step < ?`), step, userID, step)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

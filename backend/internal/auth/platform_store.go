package auth

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"wealthportal/backend/internal/store"
)

// Store is what the platform needs from storage.
type Store interface {
	UserByUsername(ctx context.Context, username string) (User, error)
	UserByID(ctx context.Context, id int64) (User, error)
	EntityByID(ctx context.Context, id int64) (Entity, error)
	RecordLogin(ctx context.Context, userID int64, at time.Time) error
	CreateSession(ctx context.Context, tokenHash []byte, userID int64, appID string, now, expires time.Time) error
	SessionUserID(ctx context.Context, tokenHash []byte, now time.Time) (int64, error)
	DeleteSession(ctx context.Context, tokenHash []byte) error
	// The client an adviser's session acts for (platform_client_context.go).
	SessionClientInContext(ctx context.Context, tokenHash []byte) (int64, error)
	SetSessionClientInContext(ctx context.Context, tokenHash []byte, clientID int64) error
	ReplaceCode(ctx context.Context, userID int64, purpose string, codeHash []byte, now, expires time.Time) error
	ActiveCode(ctx context.Context, userID int64, purpose string, now time.Time) (id int64, codeHash []byte, err error)
	UseCode(ctx context.Context, id int64, now time.Time) (bool, error)
	RetireCodes(ctx context.Context, userID int64, purpose string, now time.Time) error

	// Additional login steps (platform_store_devices.go).
	SiteTermsAccepted(ctx context.Context, entityID, after int64) (bool, error)
	SecurityQuestionsSet(ctx context.Context, userID int64) (bool, error)
	FirmSiteTerms(ctx context.Context, firmID int64) (SiteTerms, error)
	ChangePassword(ctx context.Context, userID int64, hash string) error
	EndOtherSessions(ctx context.Context, userID int64, keepTokenHash []byte) error

	// Second-factor devices (platform_store_devices.go).
	MobileContact(ctx context.Context, entityID int64) (number, countryCode string, err error)
	CreateDevice(ctx context.Context, d Device) error
	PendingDevice(ctx context.Context, userID int64, id string, now time.Time) (Device, error)
	DiscardDevice(ctx context.Context, userID int64, id string) error
	LinkDevice(ctx context.Context, d Device, totpStep int64, now time.Time) error
	UseTOTPStep(ctx context.Context, userID, step int64) (bool, error)

	// LoginProfile is the user's login profile id and client inactivity timeout in minutes
	// (the firm's first profile when the user has none); ok is false when the firm has none.
	LoginProfile(ctx context.Context, userID int64) (id int64, timeoutMinutes int, ok bool, err error)
}

// LoginProfile implements Store.
func (s SQLStore) LoginProfile(ctx context.Context, userID int64) (int64, int, bool, error) {
	var id int64
	var minutes int
	err := s.DB.QueryRowContext(ctx, s.q(`SELECT lp.id, lp.inactive_session_timeout_client FROM app_user u
		JOIN entity e ON e.id = u.entity_id
		JOIN login_profile lp ON lp.firm_id = e.firm_id
		WHERE u.id = ? ORDER BY (lp.id = u.login_profile_id) DESC, lp.id LIMIT 1`), userID).Scan(&id, &minutes)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, 0, false, nil
	}
	return id, minutes, err == nil, err
}

// SQLStore implements Store over the shared database.
type SQLStore struct{ DB *store.DB }

func (s SQLStore) q(query string) string { return s.DB.Rebind(query) }

// selectUser reads a login with what authentication needs of its party and firm.
const selectUser = `SELECT u.id, u.username, u.password_hash, u.role_name, u.entity_id, u.disabled, u.mfa_method, u.mobile_phone,
	u.last_login, u.previous_login, e.firm_id, e.preferred_email, f.product_name, f.mfa_methods, f.site_terms_disclaimer <> '',
	u.mfa_required, u.totp_secret, u.totp_last_step, u.force_change_password, u.set_security_questions, u.site_terms_after
	FROM app_user u JOIN entity e ON e.id = u.entity_id JOIN firm f ON f.id = e.firm_id`

func scanUser(row interface{ Scan(...any) error }) (User, error) {
	var u User
	var last, prev sql.NullString
	var methods string
	var termsAfter sql.NullInt64
	err := row.Scan(&u.ID, &u.Username, &u.PasswordHash, &u.RoleName, &u.EntityID, &u.Disabled, &u.MFAMethod, &u.MobilePhone,
		&last, &prev, &u.FirmID, &u.Email, &u.FirmProductName, &methods, &u.FirmHasSiteTerms,
		&u.MFARequired, &u.TOTPSecret, &u.TOTPLastStep, &u.ForceChangePassword, &u.SetSecurityQuestions, &termsAfter)
	if errors.Is(err, sql.ErrNoRows) {
		return u, store.ErrNotFound
	}
	if err != nil {
		return u, err
	}
	u.FirmMFAMethods = splitMethods(methods)
	if termsAfter.Valid {
		n := termsAfter.Int64
		u.SiteTermsAfter = &n
	}
	for _, p := range []struct {
		src sql.NullString
		dst **time.Time
	}{{last, &u.LastLogin}, {prev, &u.PreviousLogin}} {
		if p.src.Valid {
			t, err := store.ParseTime(p.src.String)
			if err != nil {
				return u, err
			}
			*p.dst = &t
		}
	}
	return u, nil
}

// UserByUsername finds a login, ignoring case: lower() on both sides is the one spelling both
// dialects share, and app_user_username_lower_uq (migration 0013) serves it on each.
func (s SQLStore) UserByUsername(ctx context.Context, username string) (User, error) {
	return scanUser(s.DB.QueryRowContext(ctx, s.q(selectUser+` WHERE lower(u.username) = lower(?)`), username))
}

// UserByID finds a login by id.
func (s SQLStore) UserByID(ctx context.Context, id int64) (User, error) {
	return scanUser(s.DB.QueryRowContext(ctx, s.q(selectUser+` WHERE u.id = ?`), id))
}

// EntityByID loads a party with its access level choice and partner's name.
func (s SQLStore) EntityByID(ctx context.Context, id int64) (Entity, error) {
	var e Entity
	var code sql.NullInt64
	var desc, pfirst, plast sql.NullString
	var partner sql.NullInt64
	err := s.DB.QueryRowContext(ctx, s.q(`
		SELECT e.id, e.entity_type, e.title, e.first_name, e.last_name, e.preferred_name, e.entity_name,
		       e.region, e.locale, e.user_timezone, e.preferred_currency,
		       e.client_access_level, c.description, e.partner_entity_id, p.first_name, p.last_name
		FROM entity e
		LEFT JOIN client_access_level_choice c ON c.code = e.client_access_level
		LEFT JOIN entity p ON p.id = e.partner_entity_id
		WHERE e.id = ?`), id).Scan(&e.ID, &e.EntityType, &e.Title, &e.FirstName, &e.LastName, &e.PreferredName,
		&e.EntityName, &e.Region, &e.Locale, &e.UserTimezone, &e.PreferredCurrency, &code, &desc, &partner, &pfirst, &plast)
	if errors.Is(err, sql.ErrNoRows) {
		return e, store.ErrNotFound
	}
	if err != nil {
		return e, err
	}
	if code.Valid {
		e.ClientAccessLevel = &Choice{Code: itoa(code.Int64), Description: desc.String}
	}
	if partner.Valid {
		p := partner.Int64
		e.PartnerEntityID = &p
		e.PartnerName = joinName(pfirst.String, plast.String)
	}
	return e, nil
}

func joinName(first, last string) string {
	switch {
	case first == "":
		return last
	case last == "":
		return first
	}
	return first + " " + last
}

// RecordLogin moves the current login time to previous_login and stamps a new one.
func (s SQLStore) RecordLogin(ctx context.Context, userID int64, at time.Time) error {
	_, err := s.DB.ExecContext(ctx, s.q(`UPDATE app_user SET previous_login = last_login, last_login = ? WHERE id = ?`), store.FormatTime(at), userID)
	return err
}

// CreateSession stores a platform session by the hash of its token.
func (s SQLStore) CreateSession(ctx context.Context, tokenHash []byte, userID int64, appID string, now, expires time.Time) error {
	_, err := s.DB.ExecContext(ctx, s.q(`INSERT INTO platform_session (token_hash, user_id, app_id, created_at, last_seen_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)`),
		tokenHash, userID, appID, store.FormatTime(now), store.FormatTime(now), store.FormatTime(expires))
	return err
}

// SessionUserID returns the user of a live session.
func (s SQLStore) SessionUserID(ctx context.Context, tokenHash []byte, now time.Time) (int64, error) {
	var id int64
	err := s.DB.QueryRowContext(ctx, s.q(`SELECT user_id FROM platform_session WHERE token_hash = ? AND expires_at > ?`), tokenHash, store.FormatTime(now)).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, store.ErrNotFound
	}
	return id, err
}

// DeleteSession ends a platform session.
func (s SQLStore) DeleteSession(ctx context.Context, tokenHash []byte) error {
	_, err := s.DB.ExecContext(ctx, s.q(`DELETE FROM platform_session WHERE token_hash = ?`), tokenHash)
	return err
}

// ReplaceCode retires every unused code of the purpose and stores a new one.
func (s SQLStore) ReplaceCode(ctx context.Context, userID int64, purpose string, codeHash []byte, now, expires time.Time) error {
	return s.DB.InTx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, s.q(`UPDATE otp_code SET used_at = ? WHERE user_id = ? AND purpose = ? AND used_at IS NULL`),
			store.FormatTime(now), userID, purpose); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, s.q(`INSERT INTO otp_code (user_id, purpose, code_hash, created_at, expires_at) VALUES (?, ?, ?, ?, ?)`),
			userID, purpose, codeHash, store.FormatTime(now), store.FormatTime(expires))
		return err
	})
}

// ActiveCode returns the unused, unexpired code of the purpose.
func (s SQLStore) ActiveCode(ctx context.Context, userID int64, purpose string, now time.Time) (int64, []byte, error) {
	var id int64
	var h []byte
	err := s.DB.QueryRowContext(ctx, s.q(`SELECT id, code_hash FROM otp_code WHERE user_id = ? AND purpose = ? AND used_at IS NULL AND expires_at > ? ORDER BY id DESC LIMIT 1`),
		userID, purpose, store.FormatTime(now)).Scan(&id, &h)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil, store.ErrNotFound
	}
	return id, h, err
}

// UseCode marks a code used; false when another request used it first.
func (s SQLStore) UseCode(ctx context.Context, id int64, now time.Time) (bool, error) {
	res, err := s.DB.ExecContext(ctx, s.q(`UPDATE otp_code SET used_at = ? WHERE id = ? AND used_at IS NULL`), store.FormatTime(now), id)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

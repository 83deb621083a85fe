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
	// UserBySession is the login of a live session (store.ErrNotFound: unknown or expired).
	UserBySession(ctx context.Context, tokenHash []byte, now time.Time) (User, error)
	// SessionProfile is UserBySession with the login's party and login profile, for
	// session/user.
	SessionProfile(ctx context.Context, tokenHash []byte, now time.Time) (User, Entity, Profile, error)
	EntityByID(ctx context.Context, id int64) (Entity, error)
	RecordLogin(ctx context.Context, userID int64, at time.Time) error
	CreateSession(ctx context.Context, tokenHash []byte, userID int64, appID string, now, expires time.Time) error
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
	err := s.DB.QueryRowPrepared(ctx, `SELECT lp.id, lp.inactive_session_timeout_client FROM app_user u
		JOIN entity e ON e.id = u.entity_id
		JOIN login_profile lp ON lp.firm_id = e.firm_id
		WHERE u.id = ? ORDER BY (lp.id = u.login_profile_id) DESC, lp.id LIMIT 1`, userID).Scan(&id, &minutes)
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

// scanUser reads selectUser's columns, then any more into extra.
func scanUser(row interface{ Scan(...any) error }, extra ...any) (User, error) {
	var u User
	var last, prev sql.NullString
	var methods string
	var termsAfter sql.NullInt64
	err := row.Scan(append([]any{&u.ID, &u.Username, &u.PasswordHash, &u.RoleName, &u.EntityID, &u.Disabled, &u.MFAMethod, &u.MobilePhone,
		&last, &prev, &u.FirmID, &u.Email, &u.FirmProductName, &methods, &u.FirmHasSiteTerms,
		&u.MFARequired, &u.TOTPSecret, &u.TOTPLastStep, &u.ForceChangePassword, &u.SetSecurityQuestions, &termsAfter}, extra...)...)
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
	return scanUser(s.DB.QueryRowPrepared(ctx, selectUser+` WHERE lower(u.username) = lower(?)`, username))
}

// UserByID finds a login by id.
func (s SQLStore) UserByID(ctx context.Context, id int64) (User, error) {
	return scanUser(s.DB.QueryRowPrepared(ctx, selectUser+` WHERE u.id = ?`, id))
}

// UserBySession finds the login of a live platform session in one query (the session and its
// user are read together, once per request).
func (s SQLStore) UserBySession(ctx context.Context, tokenHash []byte, now time.Time) (User, error) {
	return scanUser(s.DB.QueryRowPrepared(ctx, selectUser+` JOIN platform_session ps ON ps.user_id = u.id
		WHERE ps.token_hash = ? AND ps.expires_at > ?`, tokenHash, store.FormatTime(now)))
}

// selectEntity reads a party with its access level choice and partner's name (entity e,
// client_access_level_choice c, partner entity p); entityColumns scans it.
const selectEntity = `e.id, e.entity_type, e.title, e.first_name, e.last_name, e.preferred_name, e.entity_name,
	e.region, e.locale, e.user_timezone, e.preferred_currency,
	e.client_access_level, c.description, e.partner_entity_id, p.first_name, p.last_name`

// entityJoins are the joins selectEntity needs beside entity e.
const entityJoins = ` LEFT JOIN client_access_level_choice c ON c.code = e.client_access_level
	LEFT JOIN entity p ON p.id = e.partner_entity_id`

// entityColumns are the scan destinations of selectEntity; done completes the Entity.
type entityColumns struct {
	e             Entity
	code, partner sql.NullInt64
	desc          sql.NullString
	pfirst, plast sql.NullString
}

func (c *entityColumns) dest() []any {
	e := &c.e
	return []any{&e.ID, &e.EntityType, &e.Title, &e.FirstName, &e.LastName, &e.PreferredName,
		&e.EntityName, &e.Region, &e.Locale, &e.UserTimezone, &e.PreferredCurrency, &c.code, &c.desc, &c.partner, &c.pfirst, &c.plast}
}

func (c *entityColumns) done() Entity {
	e := c.e
	if c.code.Valid {
		e.ClientAccessLevel = &Choice{Code: itoa(c.code.Int64), Description: c.desc.String}
	}
	if c.partner.Valid {
		p := c.partner.Int64
		e.PartnerEntityID = &p
		e.PartnerName = joinName(c.pfirst.String, c.plast.String)
	}
	return e
}

// EntityByID loads a party with its access level choice and partner's name.
func (s SQLStore) EntityByID(ctx context.Context, id int64) (Entity, error) {
	var cols entityColumns
	err := s.DB.QueryRowPrepared(ctx, `SELECT `+selectEntity+` FROM entity e`+entityJoins+` WHERE e.id = ?`, id).Scan(cols.dest()...)
	if errors.Is(err, sql.ErrNoRows) {
		return Entity{}, store.ErrNotFound
	}
	if err != nil {
		return Entity{}, err
	}
	return cols.done(), nil
}

// Profile is a login's login profile: its id and the client inactivity timeout in minutes; OK
// is false when the firm has none.
type Profile struct {
	ID      int64
	Minutes int
	OK      bool
}

// SessionProfile implements Store: the session, its login, the login's party and its login
// profile (the user's own, else the firm's first, as LoginProfile chooses) in one query.
func (s SQLStore) SessionProfile(ctx context.Context, tokenHash []byte, now time.Time) (User, Entity, Profile, error) {
	var sp sessionProfileScan
	u, err := scanUser(s.DB.QueryRowPrepared(ctx, `SELECT `+sessionProfileColumns+` FROM platform_session ps`+sessionProfileJoins+`
	WHERE ps.token_hash = ? AND ps.expires_at > ?`, tokenHash, store.FormatTime(now)), sp.dest()...)
	if err != nil {
		return User{}, Entity{}, Profile{}, err
	}
	e, p := sp.done()
	return u, e, p, nil
}

// sessionProfileColumns are what session/user needs of a platform session (ps) joined by
// sessionProfileJoins: selectUser's columns (scanUser), then sessionProfileScan's.
const sessionProfileColumns = `u.id, u.username, u.password_hash, u.role_name, u.entity_id, u.disabled, u.mfa_method, u.mobile_phone,
	u.last_login, u.previous_login, e.firm_id, e.preferred_email, f.product_name, f.mfa_methods, f.site_terms_disclaimer <> '',
	u.mfa_required, u.totp_secret, u.totp_last_step, u.force_change_password, u.set_security_questions, u.site_terms_after,
	` + selectEntity + `, lp.id, lp.inactive_session_timeout_client`

// sessionProfileJoins join a platform session ps to its login, party, firm and login profile.
const sessionProfileJoins = ` JOIN app_user u ON u.id = ps.user_id JOIN entity e ON e.id = u.entity_id JOIN firm f ON f.id = e.firm_id` + entityJoins + `
	LEFT JOIN login_profile lp ON lp.id = (SELECT l.id FROM login_profile l WHERE l.firm_id = e.firm_id
		ORDER BY CASE WHEN l.id = u.login_profile_id THEN 0 ELSE 1 END, l.id LIMIT 1)`

// sessionProfileScan are the destinations of sessionProfileColumns after the user's.
type sessionProfileScan struct {
	cols            entityColumns
	lpID, lpMinutes sql.NullInt64
}

func (sp *sessionProfileScan) dest() []any { return append(sp.cols.dest(), &sp.lpID, &sp.lpMinutes) }

func (sp *sessionProfileScan) done() (Entity, Profile) {
	return sp.cols.done(), Profile{ID: sp.lpID.Int64, Minutes: int(sp.lpMinutes.Int64), OK: sp.lpID.Valid}
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

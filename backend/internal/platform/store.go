package platform

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
	ReplaceCode(ctx context.Context, userID int64, purpose string, codeHash []byte, now, expires time.Time) error
	ActiveCode(ctx context.Context, userID int64, purpose string, now time.Time) (id int64, codeHash []byte, err error)
	UseCode(ctx context.Context, id int64, now time.Time) (bool, error)
}

// SQLStore implements Store over the shared database.
type SQLStore struct{ DB *store.DB }

func (s SQLStore) q(query string) string { return s.DB.Rebind(query) }

const userColumns = `id, username, password_hash, role_name, entity_id, disabled, mfa_method, mobile_phone, last_login, previous_login,
	(SELECT firm_id FROM entity WHERE entity.id = app_user.entity_id)`

func scanUser(row interface{ Scan(...any) error }) (User, error) {
	var u User
	var last, prev sql.NullString
	err := row.Scan(&u.ID, &u.Username, &u.PasswordHash, &u.RoleName, &u.EntityID, &u.Disabled, &u.MFAMethod, &u.MobilePhone, &last, &prev, &u.FirmID)
	if errors.Is(err, sql.ErrNoRows) {
		return u, store.ErrNotFound
	}
	if err != nil {
		return u, err
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

// UserByUsername finds a login, ignoring case.
func (s SQLStore) UserByUsername(ctx context.Context, username string) (User, error) {
	return scanUser(s.DB.QueryRowContext(ctx, s.q(`SELECT `+userColumns+` FROM app_user WHERE username = ?`), username))
}

// UserByID finds a login by id.
func (s SQLStore) UserByID(ctx context.Context, id int64) (User, error) {
	return scanUser(s.DB.QueryRowContext(ctx, s.q(`SELECT `+userColumns+` FROM app_user WHERE id = ?`), id))
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

package biometric

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"wealthportal/backend/internal/store"
)

// Device is an enrolled device as the store keeps it.
type Device struct {
	ID             string
	UserID         int64
	Name           string
	CredentialHash []byte
	PreviousHash   []byte
	BoundTo        []byte
	CreatedAt      time.Time
	LastUsedAt     *time.Time
}

// SQLStore keeps devices in the platform's store.
type SQLStore struct{ DB *store.DB }

func (s SQLStore) q(query string) string { return s.DB.Rebind(query) }

// Create stores a new device unless its user has maxActive active devices already (false
// then), and deletes the user's revoked devices beyond the keepRevoked most recently revoked.
// The count and the insert share a transaction holding the user's lock (lockUser), so parallel
// enrolments, from any portal instance, cannot pass the cap.
func (s SQLStore) Create(ctx context.Context, d Device, maxActive, keepRevoked int) (bool, error) {
	created := false
	err := s.DB.InTx(ctx, func(tx *sql.Tx) error {
		if err := s.lockUser(ctx, tx, d.UserID); err != nil {
			return err
		}
		var active int
		if err := tx.QueryRowContext(ctx, s.q(`SELECT COUNT(*) FROM biometric_device WHERE user_id = ? AND revoked_at IS NULL`),
			d.UserID).Scan(&active); err != nil {
			return err
		}
		if active >= maxActive {
			return nil
		}
		if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO biometric_device (id, user_id, name, credential_hash, bound_to, created_at)
			VALUES (?, ?, ?, ?, ?, ?)`), d.ID, d.UserID, d.Name, d.CredentialHash, d.BoundTo, store.FormatTime(d.CreatedAt)); err != nil {
			return err
		}
		created = true
		_, err := tx.ExecContext(ctx, s.q(`DELETE FROM biometric_device WHERE user_id = ? AND revoked_at IS NOT NULL AND id NOT IN
			(SELECT id FROM biometric_device WHERE user_id = ? AND revoked_at IS NOT NULL ORDER BY revoked_at DESC, id DESC LIMIT ?)`),
			d.UserID, d.UserID, keepRevoked)
		return err
	})
	return created && err == nil, err
}

// lockUser serialises the transactions that count a user's devices and then add one. SQLite's
// write transactions are taken immediately (store.OpenSQLite: _txlock=immediate), which is lock
// enough; PostgreSQL's READ COMMITTED lets two transactions count the same rows, so the login's
// row is locked until the transaction ends. The device's foreign key means the row exists.
func (s SQLStore) lockUser(ctx context.Context, tx *sql.Tx, userID int64) error {
	if s.DB.Dialect != store.Postgres {
		return nil
	}
	_, err := tx.ExecContext(ctx, s.q(`SELECT id FROM app_user WHERE id = ? FOR UPDATE`), userID)
	return err
}

// Active finds a device that is not revoked; store.ErrNotFound otherwise.
func (s SQLStore) Active(ctx context.Context, id string) (Device, error) {
	var d Device
	var created string
	var used sql.NullString
	err := s.DB.QueryRowContext(ctx, s.q(`SELECT id, user_id, name, credential_hash, previous_hash, bound_to, created_at, last_used_at
		FROM biometric_device WHERE id = ? AND revoked_at IS NULL`), id).
		Scan(&d.ID, &d.UserID, &d.Name, &d.CredentialHash, &d.PreviousHash, &d.BoundTo, &created, &used)
	if errors.Is(err, sql.ErrNoRows) {
		return d, store.ErrNotFound
	}
	if err != nil {
		return d, err
	}
	return d, d.setTimes(created, used)
}

// setTimes parses the stored creation and last-use times.
func (d *Device) setTimes(created string, used sql.NullString) error {
	var err error
	if d.CreatedAt, err = store.ParseTime(created); err != nil {
		return err
	}
	if used.Valid {
		t, err := store.ParseTime(used.String)
		if err != nil {
			return err
		}
		d.LastUsedAt = &t
	}
	return nil
}

// Rotate replaces a device's credential hash with next if it is still current, keeping the old
// one as previous; false when another request rotated it first.
func (s SQLStore) Rotate(ctx context.Context, id string, current, next []byte, now time.Time) (bool, error) {
	res, err := s.DB.ExecContext(ctx, s.q(`UPDATE biometric_device SET previous_hash = credential_hash, credential_hash = ?, last_used_at = ?
		WHERE id = ? AND credential_hash = ? AND revoked_at IS NULL`), next, store.FormatTime(now), id, current)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// List returns a user's devices that are not revoked, newest first.
func (s SQLStore) List(ctx context.Context, userID int64) ([]Device, error) {
	rows, err := s.DB.QueryContext(ctx, s.q(`SELECT id, name, created_at, last_used_at FROM biometric_device
		WHERE user_id = ? AND revoked_at IS NULL ORDER BY created_at DESC, id`), userID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Device{}
	for rows.Next() {
		d := Device{UserID: userID}
		var created string
		var used sql.NullString
		if err := rows.Scan(&d.ID, &d.Name, &created, &used); err != nil {
			return nil, err
		}
		if err := d.setTimes(created, used); err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	return out, rows.Err()
}

// Revoke ends one of a user's devices; false when the user has no such active device.
func (s SQLStore) Revoke(ctx context.Context, userID int64, id, reason string, now time.Time) (bool, error) {
	res, err := s.DB.ExecContext(ctx, s.q(`UPDATE biometric_device SET revoked_at = ?, revoked_reason = ?
		WHERE id = ? AND user_id = ? AND revoked_at IS NULL`), store.FormatTime(now), reason, id, userID)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// RevokeAll ends every device of a user.
func (s SQLStore) RevokeAll(ctx context.Context, userID int64, reason string, now time.Time) error {
	_, err := s.DB.ExecContext(ctx, s.q(`UPDATE biometric_device SET revoked_at = ?, revoked_reason = ?
		WHERE user_id = ? AND revoked_at IS NULL`), store.FormatTime(now), reason, userID)
	return err
}

// Binding is what a device is bound to: the login's password hash and second factor (method,
// software-token secret and the newest linked device).
func (s SQLStore) Binding(ctx context.Context, userID int64) (string, error) {
	var b string
	err := s.DB.QueryRowContext(ctx, s.q(`SELECT u.password_hash || '|' || u.mfa_method || '|' || u.totp_secret || '|' ||
		COALESCE((SELECT d.id FROM mfa_device d WHERE d.user_id = u.id AND d.linked_at IS NOT NULL ORDER BY d.linked_at DESC, d.id DESC LIMIT 1), '')
		FROM app_user u WHERE u.id = ?`), userID).Scan(&b)
	if errors.Is(err, sql.ErrNoRows) {
		return "", store.ErrNotFound
	}
	return b, err
}

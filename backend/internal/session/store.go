package session

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"wealthportal/backend/internal/store"
)

// Row is a stored session.
type Row struct {
	UserID          int64
	RoleName        string
	EntityID        int64 // the caller's party in the platform
	PartnerEntityID int64 // 0 when none
	PlatformSession string
	// PendingSteps are the additional login steps still to take (spec 1 §4), in order; a
	// session with any is restricted to the step calls.
	PendingSteps []string
	// IdleTimeout is this session's inactivity limit; 0 means the manager's default.
	IdleTimeout time.Duration
	// ClientAccessLevel is a client's client_access_level description at login.
	ClientAccessLevel string
	CreatedAt         time.Time
	LastSeenAt        time.Time
	IdleExpiresAt     time.Time
	ExpiresAt         time.Time
}

// Store keeps session rows.
type Store interface {
	Create(ctx context.Context, idHash []byte, r Row) error
	Get(ctx context.Context, idHash []byte, now time.Time) (Row, error)
	Touch(ctx context.Context, idHash []byte, now, idleExpires time.Time) error
	SetPendingSteps(ctx context.Context, idHash []byte, steps []string) error
	Revoke(ctx context.Context, idHash []byte, now time.Time) error
	RevokeUser(ctx context.Context, userID int64, now time.Time) error
}

// SQLStore implements Store over the shared database.
type SQLStore struct{ DB *store.DB }

// Create inserts a session row.
func (s SQLStore) Create(ctx context.Context, idHash []byte, r Row) error {
	_, err := s.DB.ExecContext(ctx, s.DB.Rebind(`INSERT INTO bff_session
		(id_hash, user_id, role_name, entity_id, partner_entity_id, pending_steps, idle_timeout_seconds, client_access_level, platform_session, created_at, last_seen_at, idle_expires_at, expires_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
		idHash, r.UserID, r.RoleName, r.EntityID, r.PartnerEntityID, strings.Join(r.PendingSteps, ","), int64(r.IdleTimeout.Seconds()), r.ClientAccessLevel, r.PlatformSession, store.FormatTime(r.CreatedAt), store.FormatTime(r.LastSeenAt),
		store.FormatTime(r.IdleExpiresAt), store.FormatTime(r.ExpiresAt))
	return err
}

// Get returns a live session: not revoked, not idle too long, not past its lifetime.
func (s SQLStore) Get(ctx context.Context, idHash []byte, now time.Time) (Row, error) {
	var r Row
	var created, seen, idle, expires, steps string
	var idleSeconds int64
	n := store.FormatTime(now)
	err := s.DB.QueryRowPrepared(ctx, `SELECT user_id, role_name, entity_id, partner_entity_id, pending_steps, idle_timeout_seconds, client_access_level, platform_session, created_at, last_seen_at, idle_expires_at, expires_at
		FROM bff_session WHERE id_hash = ? AND revoked_at IS NULL AND idle_expires_at > ? AND expires_at > ?`, idHash, n, n).
		Scan(&r.UserID, &r.RoleName, &r.EntityID, &r.PartnerEntityID, &steps, &idleSeconds, &r.ClientAccessLevel, &r.PlatformSession, &created, &seen, &idle, &expires)
	if errors.Is(err, sql.ErrNoRows) {
		return r, store.ErrNotFound
	}
	if err != nil {
		return r, err
	}
	if steps != "" {
		r.PendingSteps = strings.Split(steps, ",")
	}
	r.IdleTimeout = time.Duration(idleSeconds) * time.Second
	for _, p := range []struct {
		s string
		t *time.Time
	}{{created, &r.CreatedAt}, {seen, &r.LastSeenAt}, {idle, &r.IdleExpiresAt}, {expires, &r.ExpiresAt}} {
		if *p.t, err = store.ParseTime(p.s); err != nil {
			return r, err
		}
	}
	return r, nil
}

// Touch records activity, pushing the idle expiry out.
func (s SQLStore) Touch(ctx context.Context, idHash []byte, now, idleExpires time.Time) error {
	_, err := s.DB.ExecPrepared(ctx, `UPDATE bff_session SET last_seen_at = ?, idle_expires_at = ? WHERE id_hash = ? AND revoked_at IS NULL`,
		store.FormatTime(now), store.FormatTime(idleExpires), idHash)
	return err
}

// SetPendingSteps records the additional login steps still to take.
func (s SQLStore) SetPendingSteps(ctx context.Context, idHash []byte, steps []string) error {
	_, err := s.DB.ExecContext(ctx, s.DB.Rebind(`UPDATE bff_session SET pending_steps = ? WHERE id_hash = ? AND revoked_at IS NULL`),
		strings.Join(steps, ","), idHash)
	return err
}

// Revoke ends one session.
func (s SQLStore) Revoke(ctx context.Context, idHash []byte, now time.Time) error {
	_, err := s.DB.ExecContext(ctx, s.DB.Rebind(`UPDATE bff_session SET revoked_at = ? WHERE id_hash = ? AND revoked_at IS NULL`), store.FormatTime(now), idHash)
	return err
}

// RevokeUser ends every session of a user (password change, account disabled).
func (s SQLStore) RevokeUser(ctx context.Context, userID int64, now time.Time) error {
	_, err := s.DB.ExecContext(ctx, s.DB.Rebind(`UPDATE bff_session SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL`), store.FormatTime(now), userID)
	return err
}

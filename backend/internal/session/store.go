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

	// PlatformKey is the key under which a platform sharing this store keeps PlatformSession
	// (embedded mode: the hash of its token), written by Create so that a store can read the
	// two together; nil in remote mode.
	PlatformKey []byte
	// Platform is what a store read about the platform session in the same query as the row
	// (embedded mode: the login behind it, package auth), for the request that read it only;
	// nil when it read the row alone. Create ignores it.
	Platform any
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
		(id_hash, user_id, role_name, entity_id, partner_entity_id, pending_steps, idle_timeout_seconds, client_access_level, platform_session, created_at, last_seen_at, idle_expires_at, expires_at, platform_token_hash)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
		idHash, r.UserID, r.RoleName, r.EntityID, r.PartnerEntityID, strings.Join(r.PendingSteps, ","), int64(r.IdleTimeout.Seconds()), r.ClientAccessLevel, r.PlatformSession, store.FormatTime(r.CreatedAt), store.FormatTime(r.LastSeenAt),
		store.FormatTime(r.IdleExpiresAt), store.FormatTime(r.ExpiresAt), r.PlatformKey)
	return err
}

// Get returns a live session: not revoked, not idle too long, not past its lifetime.
func (s SQLStore) Get(ctx context.Context, idHash []byte, now time.Time) (Row, error) {
	var rs RowScan
	n := store.FormatTime(now)
	err := s.DB.QueryRowPrepared(ctx, `SELECT `+RowColumns+` FROM bff_session b WHERE `+LiveRow, idHash, n, n).Scan(rs.Dest()...)
	if errors.Is(err, sql.ErrNoRows) {
		return Row{}, store.ErrNotFound
	}
	if err != nil {
		return Row{}, err
	}
	return rs.Row()
}

// RowColumns are a session row's columns (table alias b), as Get reads them; RowScan scans
// them. A store that reads more beside the row (package auth, embedded mode) selects them first.
const RowColumns = `b.user_id, b.role_name, b.entity_id, b.partner_entity_id, b.pending_steps, b.idle_timeout_seconds, b.client_access_level, b.platform_session, b.created_at, b.last_seen_at, b.idle_expires_at, b.expires_at`

// LiveRow is the condition of a live row (alias b) with three parameters: the id hash, then now
// twice. Revocation, idle expiry and lifetime are checked in the store on every read, so a
// logout on one instance is refused by every instance at its next request.
const LiveRow = `b.id_hash = ? AND b.revoked_at IS NULL AND b.idle_expires_at > ? AND b.expires_at > ?`

// RowScan is the scan destinations of RowColumns.
type RowScan struct {
	r                                   Row
	created, seen, idle, expires, steps string
	idleSeconds                         int64
}

// Dest are the destinations of RowColumns, in order.
func (rs *RowScan) Dest() []any {
	r := &rs.r
	return []any{&r.UserID, &r.RoleName, &r.EntityID, &r.PartnerEntityID, &rs.steps, &rs.idleSeconds, &r.ClientAccessLevel, &r.PlatformSession, &rs.created, &rs.seen, &rs.idle, &rs.expires}
}

// Row is the row scanned.
func (rs *RowScan) Row() (Row, error) {
	r := rs.r
	if rs.steps != "" {
		r.PendingSteps = strings.Split(rs.steps, ",")
	}
	r.IdleTimeout = time.Duration(rs.idleSeconds) * time.Second
	var err error
	if r.CreatedAt, err = store.ParseTime(rs.created); err != nil {
		return r, err
	}
	if r.LastSeenAt, err = store.ParseTime(rs.seen); err != nil {
		return r, err
	}
	if r.IdleExpiresAt, err = store.ParseTime(rs.idle); err != nil {
		return r, err
	}
	if r.ExpiresAt, err = store.ParseTime(rs.expires); err != nil {
		return r, err
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

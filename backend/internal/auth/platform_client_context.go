package auth

import (
	"context"
	"database/sql"
	"errors"

	"github.com/gin-gonic/gin"

	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/store"
)

// CallerOf is the platform caller SetCaller recorded on c and its session token; ok is false
// outside the platform's authenticated routes.
func CallerOf(c *gin.Context) (u User, token string, ok bool) {
	u, ok = c.Value(userKey).(User)
	return u, c.GetString(tokenKey), ok
}

// ClientInContext is the client an adviser's platform session acts for (0: none). Only
// advisers' sessions are asked: a client's session never has one.
func (s *Service) ClientInContext(ctx context.Context, u User, token string) (int64, error) {
	if u.RoleName != RoleAdviser {
		return 0, nil
	}
	id, err := s.Store.SessionClientInContext(ctx, tokenHash(token))
	if errors.Is(err, store.ErrNotFound) {
		return 0, apierr.ErrNoSession // ended since UserForToken read it
	}
	return id, err
}

// SetClientInContext records the client a platform session acts for; 0 clears it. The caller
// has checked that the session's adviser may reach the client.
func (s *Service) SetClientInContext(ctx context.Context, token string, clientID int64) error {
	return s.Store.SetSessionClientInContext(ctx, tokenHash(token), clientID)
}

// SessionClientInContext implements Store.
func (s SQLStore) SessionClientInContext(ctx context.Context, tokenHash []byte) (int64, error) {
	var id sql.NullInt64
	err := s.DB.QueryRowContext(ctx, s.q(`SELECT client_in_context FROM platform_session WHERE token_hash = ?`), tokenHash).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, store.ErrNotFound
	}
	return id.Int64, err
}

// SetSessionClientInContext implements Store; 0 stores NULL.
func (s SQLStore) SetSessionClientInContext(ctx context.Context, tokenHash []byte, clientID int64) error {
	var v any
	if clientID != 0 {
		v = clientID
	}
	res, err := s.DB.ExecContext(ctx, s.q(`UPDATE platform_session SET client_in_context = ? WHERE token_hash = ?`), v, tokenHash)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err == nil && n == 0 {
		return store.ErrNotFound
	}
	return err
}

package auth

import (
	"context"
	"errors"
	"sync/atomic"
	"time"

	"wealthportal/backend/internal/session"
	"wealthportal/backend/internal/store"
)

// BFFSessions is the BFF's session store in embedded mode, where the platform's sessions live
// in the same store: each BFF row keeps its platform session's key (Create), and Get reads the
// live BFF row, its live platform session, the login, its party and its login profile in one
// prepared query (issue 13: one query per authenticated request instead of two). The login
// read beside the row answers the platform's first look-up of that session in the same request
// (SessionUserForToken, UserForToken) instead of a second query.
//
// BFFSessions itself keeps nothing between requests: revocation, expiry and a disabled login are
// read from the store on every request, so a logout on one instance is refused by every instance
// at its next request. On SQLite it runs behind a session.Cache (CachedBFFSessions), which keeps
// a read only while nothing it depends on has changed on any process. A row without a live platform session beside it (a platform session that ended, a
// row written before migration 0018) is read alone, as session.SQLStore does, and the
// platform's own look-up then decides.
type BFFSessions struct{ session.SQLStore }

// NewBFFSessions is the embedded mode's session store over db, the platform's own store.
func NewBFFSessions(db *store.DB) BFFSessions { return BFFSessions{session.SQLStore{DB: db}} }

// Create implements session.Store, keeping the platform session's key beside the row.
func (s BFFSessions) Create(ctx context.Context, idHash []byte, r session.Row) error {
	r.PlatformKey = tokenHash(r.PlatformSession)
	return s.SQLStore.Create(ctx, idHash, r)
}

// Get implements session.Store: the row with its platform session's login (Row.Platform).
func (s BFFSessions) Get(ctx context.Context, idHash []byte, now time.Time) (session.Row, error) {
	var rs session.RowScan
	var sp sessionProfileScan
	var psExpires string
	n := store.FormatTime(now)
	u, err := scanUser(s.DB.QueryRowPrepared(ctx, `SELECT `+sessionProfileColumns+`, ps.expires_at, `+session.RowColumns+`
	FROM bff_session b JOIN platform_session ps ON ps.token_hash = b.platform_token_hash`+sessionProfileJoins+`
	WHERE `+session.LiveRow+` AND ps.expires_at > ?`, idHash, n, n, n), append(append(sp.dest(), &psExpires), rs.Dest()...)...)
	if errors.Is(err, store.ErrNotFound) {
		return s.SQLStore.Get(ctx, idHash, now)
	}
	if err != nil {
		return session.Row{}, err
	}
	r, err := rs.Row()
	if err != nil {
		return r, err
	}
	l := &sessionLogin{user: u}
	l.entity, l.profile = sp.done()
	if l.expires, err = store.ParseTime(psExpires); err != nil {
		return r, err
	}
	r.Platform = l
	return r, nil
}

// sessionLogin is a platform session's login as BFFSessions read it beside the BFF row.
type sessionLogin struct {
	user    User
	entity  Entity
	profile Profile
	// expires is the platform session's expiry.
	expires time.Time
	// used is set by the first look-up it answers: later ones in the same request (a batch's
	// items after one of them ended the session, a write replayed after a commit) read the
	// store, which has seen whatever the request changed.
	used atomic.Bool
}

// ForRequest implements session.RequestData: the login, not yet used, for one more request.
func (l *sessionLogin) ForRequest() any {
	return &sessionLogin{user: l.user, entity: l.entity, profile: l.profile, expires: l.expires}
}

// LiveUntil implements session.RequestData: the platform session's expiry.
func (l *sessionLogin) LiveUntil() time.Time { return l.expires }

// readWithRow is the login BFFSessions read for the platform session token with the request's
// BFF session (session.FromContext), once; nil when there is none, it is another session's,
// or it was used.
func readWithRow(ctx context.Context, token string) *sessionLogin {
	s := session.FromContext(ctx)
	if s == nil || s.PlatformSession != token {
		return nil
	}
	l, ok := s.Platform.(*sessionLogin)
	if !ok || !l.used.CompareAndSwap(false, true) {
		return nil
	}
	return l
}

// userBySession is the login of a live platform session: read with the request's BFF row, or
// from the store.
func (s *Service) userBySession(ctx context.Context, token string) (User, error) {
	if l := readWithRow(ctx, token); l != nil {
		return l.user, nil
	}
	return s.Store.UserBySession(ctx, tokenHash(token), s.Now())
}

// sessionProfile is a live platform session's login, party and login profile: read with the
// request's BFF row, or from the store.
func (s *Service) sessionProfile(ctx context.Context, token string) (User, Entity, Profile, error) {
	if l := readWithRow(ctx, token); l != nil {
		return l.user, l.entity, l.profile, nil
	}
	return s.Store.SessionProfile(ctx, tokenHash(token), s.Now())
}

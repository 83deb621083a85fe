package auth

import (
	"wealthportal/backend/internal/session"
	"wealthportal/backend/internal/store"
)

// bffSessionTables are the tables BFFSessions.Get reads beside the BFF row: a committed write to
// any of them ends every kept session (session.Cache), whoever wrote it. The BFF row's own
// changes that matter (revocation, login steps) go through the session store, which counts
// them; its activity updates do not count.
var bffSessionTables = []string{"platform_session", "app_user", "entity", "firm", "login_profile", "client_access_level_choice"}

// CachedBFFSessions is the embedded mode's session store (BFFSessions) behind a session.Cache
// on a store that counts its changes (SQLite: every process on the file); on one that cannot
// (PostgreSQL, whose instances share no memory) every request reads the store, as BFFSessions
// alone does.
func CachedBFFSessions(db *store.DB) session.Store {
	changes := db.Changes()
	if changes == nil {
		return NewBFFSessions(db)
	}
	changes.Watch(bffSessionTables...)
	return session.NewCache(NewBFFSessions(db), changes)
}

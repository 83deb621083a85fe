package store

import (
	"sync/atomic"

	"modernc.org/sqlite"
)

// Changes counts the committed writes to a set of watched tables of a SQLite store, in a counter
// every process that opened the same file shares (a small file mapped beside it, as SQLite's own
// -shm is): a per-process cache of what those tables hold (package session's Cache) stays valid
// while the count is unchanged, without reading the store. Every connection of the pool reports
// a row written to a watched table (SQLite's pre-update hook, so every package's SQL counts,
// triggers' too), and the count moves once the connection is handed back to the pool, that is
// after its statement or transaction has committed (or rolled back, which costs a needless
// miss): a reader that reads the count before it reads the rows never keeps rows older than the
// count says. A connection held outside the pool (DB.Conn) counts its writes when it is released.
//
// Only writes through this package are counted: a hand edit with the sqlite3 shell is not, so a
// cache built on it also expires its entries after a short time of its own.
type Changes struct {
	count   *atomic.Uint64
	watched atomic.Pointer[map[string]bool]
}

// Changes is the store's write counter, or nil when it has none (PostgreSQL, whose instances
// share no memory; or a SQLite file whose counter could not be mapped): a caller then keeps
// nothing between requests.
func (db *DB) Changes() *Changes { return db.changes }

// Watch adds tables to the ones whose writes are counted.
func (c *Changes) Watch(tables ...string) {
	for {
		old := c.watched.Load()
		next := map[string]bool{}
		if old != nil {
			for t := range *old {
				next[t] = true
			}
		}
		for _, t := range tables {
			next[t] = true
		}
		if c.watched.CompareAndSwap(old, &next) {
			return
		}
	}
}

// Count is the number of counted writes so far (all processes on the file).
func (c *Changes) Count() uint64 { return c.count.Load() }

// Bump counts a change that a caller made or knows of without a watched row written.
func (c *Changes) Bump() { c.count.Add(1) }

// watches says whether a write to table is counted.
func (c *Changes) watches(table string) bool {
	w := c.watched.Load()
	return w != nil && (*w)[table]
}

// track makes conn report writes to watched tables to c through pc.
func (c *Changes) track(conn sqliteConn, pc *poolConn) {
	hr, ok := conn.(sqlite.HookRegisterer)
	if !ok {
		return
	}
	hr.RegisterPreUpdateHook(func(d sqlite.SQLitePreUpdateData) {
		if c.watches(d.TableName) {
			pc.wrote.Store(true)
		}
	})
	pc.changes = c
}

// settle counts pc's writes once they are over (the connection is back in the pool or closed).
func (pc *poolConn) settle() {
	if pc.changes != nil && pc.wrote.Swap(false) {
		pc.changes.Bump()
	}
}

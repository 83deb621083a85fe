package session

import (
	"context"
	"sync"
	"time"
)

// Counter is a count of the writes that can change a live session or what is read with it
// (store.Changes on SQLite: every process on the store file counts in it).
type Counter interface {
	Count() uint64
	Bump()
}

// RequestData is what a store reads beside a row (Row.Platform) when a Cache may keep it:
// ForRequest is a copy for one request (what the platform marks as used belongs to that request
// alone) and LiveUntil is when it stops being valid whatever else happens (the platform
// session's expiry).
type RequestData interface {
	ForRequest() any
	LiveUntil() time.Time
}

// CacheTTL is how long a Cache serves a session it read without reading it again. Every write
// through the store that could change a session ends its entries at once (Counter); the TTL
// only bounds what the counter cannot see, a hand edit of the store file.
const CacheTTL = 10 * time.Second

// cacheMax bounds the entries: a Cache that fills up starts again empty.
const cacheMax = 10000

// Cache is a Store that keeps the live sessions it read, with what was read beside them, for the
// requests that follow (issue 13: the store read was most of an authenticated request's cost).
// An entry is served only while the counter has not moved since it was read, before CacheTTL,
// and before the row's idle and absolute expiry and the platform session's; anything else reads
// the store again, which decides. The counter moves on every committed write to the tables the
// read joins, by any code and any process on the store (store.Changes), and on this Store's own
// revocations and step changes, so a logout, a revocation, a password change, a step-up or a
// disabled login on any instance is refused by the next request on every instance. Touch only
// moves expiry later, which an entry never serves past, so it does not count.
//
// Rows read without RequestData (remote mode, or a row whose platform session had ended) are
// not kept: the platform decides on them.
type Cache struct {
	Store
	counter Counter

	mu      sync.RWMutex
	entries map[string]cacheEntry
}

type cacheEntry struct {
	row   Row
	count uint64
	until time.Time
}

// NewCache keeps the sessions inner reads, valid while counter has not moved. A nil counter
// (a store with none: PostgreSQL, whose instances share no memory) keeps nothing: inner itself
// is answered.
func NewCache(inner Store, counter Counter) Store {
	if counter == nil {
		return inner
	}
	return &Cache{Store: inner, counter: counter, entries: map[string]cacheEntry{}}
}

// Get implements Store: the kept row while it is valid, else the store's.
func (c *Cache) Get(ctx context.Context, idHash []byte, now time.Time) (Row, error) {
	key := string(idHash)
	count := c.counter.Count()
	c.mu.RLock()
	e, ok := c.entries[key]
	c.mu.RUnlock()
	if ok && e.count == count && now.Before(e.until) {
		r := e.row
		r.Platform = r.Platform.(RequestData).ForRequest()
		return r, nil
	}
	// The count is read before the store: a write that commits after the read moves it, and
	// the entry is not served.
	r, err := c.Store.Get(ctx, idHash, now)
	if err != nil {
		if ok {
			c.forget(key)
		}
		return r, err
	}
	data, keep := r.Platform.(RequestData)
	if !keep {
		return r, nil
	}
	until := now.Add(CacheTTL)
	for _, t := range []time.Time{r.IdleExpiresAt, r.ExpiresAt, data.LiveUntil()} {
		if t.Before(until) {
			until = t
		}
	}
	kept := r
	kept.Platform = data.ForRequest()
	c.mu.Lock()
	if len(c.entries) >= cacheMax {
		clear(c.entries)
	}
	c.entries[key] = cacheEntry{row: kept, count: count, until: until}
	c.mu.Unlock()
	return r, nil
}

// Touch implements Store, moving the kept row's activity too.
func (c *Cache) Touch(ctx context.Context, idHash []byte, now, idleExpires time.Time) error {
	if err := c.Store.Touch(ctx, idHash, now, idleExpires); err != nil {
		return err
	}
	key := string(idHash)
	c.mu.Lock()
	if e, ok := c.entries[key]; ok {
		e.row.LastSeenAt, e.row.IdleExpiresAt = now, idleExpires
		c.entries[key] = e
	}
	c.mu.Unlock()
	return nil
}

// SetPendingSteps implements Store; the change counts for every instance.
func (c *Cache) SetPendingSteps(ctx context.Context, idHash []byte, steps []string) error {
	defer c.changed(string(idHash))
	return c.Store.SetPendingSteps(ctx, idHash, steps)
}

// Revoke implements Store; the change counts for every instance.
func (c *Cache) Revoke(ctx context.Context, idHash []byte, now time.Time) error {
	defer c.changed(string(idHash))
	return c.Store.Revoke(ctx, idHash, now)
}

// RevokeUser implements Store; the change counts for every instance.
func (c *Cache) RevokeUser(ctx context.Context, userID int64, now time.Time) error {
	defer c.changed("")
	return c.Store.RevokeUser(ctx, userID, now)
}

// changed forgets key's entry and moves the counter, after the write (whether or not it
// succeeded: a failed write costs a needless read, never a stale answer).
func (c *Cache) changed(key string) {
	if key != "" {
		c.forget(key)
	}
	c.counter.Bump()
}

func (c *Cache) forget(key string) {
	c.mu.Lock()
	delete(c.entries, key)
	c.mu.Unlock()
}

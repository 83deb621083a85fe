package session

import (
	"context"
	"testing"
	"time"
)

// fakeCounter is a Counter in memory.
type fakeCounter struct{ n uint64 }

func (c *fakeCounter) Count() uint64 { return c.n }
func (c *fakeCounter) Bump()         { c.n++ }

// login is RequestData: each request gets its own copy, numbered.
type login struct {
	copyOf *login
	until  time.Time
}

func (l *login) ForRequest() any      { return &login{copyOf: l, until: l.until} }
func (l *login) LiveUntil() time.Time { return l.until }

// readsStore is a Store whose Get answers row (with a fresh login) and counts its reads.
type readsStore struct {
	Store
	row   Row
	reads int
	calls []string
}

func (s *readsStore) Get(context.Context, []byte, time.Time) (Row, error) {
	s.reads++
	r := s.row
	if r.Platform != nil {
		r.Platform = &login{until: r.Platform.(*login).until}
	}
	return r, nil
}

func (s *readsStore) Touch(context.Context, []byte, time.Time, time.Time) error {
	s.calls = append(s.calls, "touch")
	return nil
}
func (s *readsStore) Revoke(context.Context, []byte, time.Time) error {
	s.calls = append(s.calls, "revoke")
	return nil
}
func (s *readsStore) RevokeUser(context.Context, int64, time.Time) error {
	s.calls = append(s.calls, "revoke user")
	return nil
}
func (s *readsStore) SetPendingSteps(context.Context, []byte, []string) error {
	s.calls = append(s.calls, "steps")
	return nil
}

// A Cache serves a session it read until anything could have changed it: the counter moving
// (any instance's write), its own revocations and step changes, the row's idle or absolute
// expiry, the platform session's expiry, or CacheTTL; every request gets its own copy of what
// was read beside the row. Rows without it are never kept, and without a counter nothing is.
func TestCacheServesASessionUntilAnythingCouldHaveChangedIt(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC)
	row := Row{UserID: 7, PlatformSession: "p", LastSeenAt: now,
		IdleExpiresAt: now.Add(15 * time.Minute), ExpiresAt: now.Add(12 * time.Hour),
		Platform: &login{until: now.Add(12 * time.Hour)}}
	id := []byte("session-1")

	inner := &readsStore{row: row}
	counter := &fakeCounter{}
	c := NewCache(inner, counter).(*Cache)
	get := func(at time.Time) Row {
		t.Helper()
		r, err := c.Get(ctx, id, at)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	expectReads := func(what string, n int) {
		t.Helper()
		if inner.reads != n {
			t.Fatalf("%s: %d store reads, want %d", what, inner.reads, n)
		}
	}

	first, second := get(now), get(now.Add(time.Second))
	expectReads("a second request", 1)
	if first.Platform == second.Platform || second.Platform.(*login).copyOf == nil {
		t.Fatal("two requests share what was read beside the row")
	}
	if second.UserID != 7 || second.PlatformSession != "p" {
		t.Fatalf("kept row %+v", second)
	}

	counter.Bump() // another instance revoked, a password changed, a name was edited...
	get(now)
	expectReads("after the counter moved", 2)
	get(now)
	expectReads("kept again", 2)

	for _, change := range []struct {
		name string
		do   func() error
	}{
		{"revoke", func() error { return c.Revoke(ctx, id, now) }},
		{"revoke user", func() error { return c.RevokeUser(ctx, 7, now) }},
		{"steps", func() error { return c.SetPendingSteps(ctx, id, nil) }},
	} {
		before := counter.n
		if err := change.do(); err != nil {
			t.Fatal(err)
		}
		if counter.n != before+1 || inner.calls[len(inner.calls)-1] != change.name {
			t.Fatalf("%s: counter %d→%d, store calls %v", change.name, before, counter.n, inner.calls)
		}
		n := inner.reads
		get(now)
		expectReads("after "+change.name, n+1)
	}

	// Touch moves the kept row's activity without a read.
	later := now.Add(time.Second)
	if err := c.Touch(ctx, id, later, later.Add(15*time.Minute)); err != nil {
		t.Fatal(err)
	}
	n := inner.reads
	if r := get(later); !r.LastSeenAt.Equal(later) || !r.IdleExpiresAt.Equal(later.Add(15*time.Minute)) || inner.reads != n {
		t.Fatalf("after a touch: %+v, %d reads (was %d)", r, inner.reads, n)
	}

	// Never past CacheTTL, the row's expiry or the platform session's.
	for _, tc := range []struct {
		name string
		row  Row
		at   time.Duration
	}{
		{"the TTL", row, CacheTTL},
		{"the idle expiry", func() Row { r := row; r.IdleExpiresAt = now.Add(time.Second); return r }(), time.Second},
		{"the absolute expiry", func() Row { r := row; r.ExpiresAt = now.Add(2 * time.Second); return r }(), 2 * time.Second},
		{"the platform session's expiry", func() Row { r := row; r.Platform = &login{until: now.Add(3 * time.Second)}; return r }(), 3 * time.Second},
	} {
		inner.row = tc.row
		counter.Bump()
		get(now)
		n := inner.reads
		get(now.Add(tc.at - time.Nanosecond))
		expectReads(tc.name+": just before", n)
		get(now.Add(tc.at))
		expectReads(tc.name+": at it", n+1)
	}

	// A row read without what a cache can keep beside it is read every time.
	inner.row = row
	inner.row.Platform = nil
	counter.Bump()
	n = inner.reads
	get(now)
	get(now)
	expectReads("a row without request data", n+2)

	if s := NewCache(inner, nil); s != Store(inner) {
		t.Fatalf("without a counter NewCache gave %T, want the store itself", s)
	}
}

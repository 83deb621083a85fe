package clientcontext

import (
	"context"
	"errors"
	"testing"
	"time"

	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/housekeeping"
	"wealthportal/backend/internal/siteaccess"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

func TestMain(m *testing.M) { testdb.Main(m) }

// addSession inserts a live BFF session row keyed key.
func addSession(t *testing.T, db *store.DB, key string, now time.Time) {
	t.Helper()
	testdb.MustExec(t, db, `INSERT INTO bff_session (id_hash, user_id, role_name, platform_session, created_at, last_seen_at, idle_expires_at, expires_at)
		VALUES (?, 1, 'User', 'p', ?, ?, ?, ?)`, []byte(key), store.FormatTime(now), store.FormatTime(now),
		store.FormatTime(now.Add(time.Hour)), store.FormatTime(now.Add(time.Hour)))
}

// The session row keeps the client in context and its audit rows go in with it; clearing it
// leaves none; a revoked session has none and cannot be given one. On each dialect.
func TestStoreKeepsTheClientInContext(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		ctx, s, now := context.Background(), Store{DB: db}, time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)
		addSession(t, db, "k", now)
		if got, err := s.Get(ctx, []byte("k")); err != nil || got.ClientID != 0 {
			t.Fatalf("fresh session: %+v %v", got, err)
		}
		last := "2026-11-20T08:00:00Z"
		c := Context{ClientID: 3, PartnerID: 4, UserID: 9, Level: siteaccess.Assets, Adviser: "oliver@client",
			Answer: ClientInContext{ID: 3, EntityID: 3, DisplayName: "Eleanor Whitfield", PreferredCurrency: "GBP", IsPreviewMode: true,
				LastLoginDatetime: &last, UserTimezone: "Europe/London", SiteAccessLevel: siteaccess.Assets, HasClientAccess: true}}
		open := Event{At: now, AdviserUserID: 1, AdviserUsername: "oliver@client", ClientID: 3, Action: ActionOpen, Target: "client-context Assets"}
		if err := s.Set(ctx, []byte("k"), &c, []Event{open}); err != nil {
			t.Fatal(err)
		}
		got, err := s.Get(ctx, []byte("k"))
		if err != nil || got.ClientID != 3 || got.PartnerID != 4 || got.UserID != 9 || got.Level != siteaccess.Assets ||
			got.Adviser != "oliver@client" || got.Answer.DisplayName != "Eleanor Whitfield" || *got.Answer.LastLoginDatetime != last {
			t.Fatalf("read back %+v %v", got, err)
		}
		if err := s.Set(ctx, []byte("k"), nil, []Event{{At: now, ClientID: 3, Action: ActionClose}}); err != nil {
			t.Fatal(err)
		}
		if got, err := s.Get(ctx, []byte("k")); err != nil || got.ClientID != 0 {
			t.Fatalf("cleared: %+v %v", got, err)
		}
		var n int
		if err := db.QueryRow(`SELECT COUNT(*) FROM audit_event WHERE client_entity_id = 3`).Scan(&n); err != nil || n != 2 {
			t.Fatalf("audit rows %d %v", n, err)
		}

		testdb.MustExec(t, db, `UPDATE bff_session SET revoked_at = ? WHERE id_hash = ?`, store.FormatTime(now), []byte("k"))
		if got, err := s.Get(ctx, []byte("k")); err != nil || got.ClientID != 0 {
			t.Fatalf("revoked: %+v %v", got, err)
		}
		if err := s.Set(ctx, []byte("k"), &c, []Event{open}); !errors.Is(err, apierr.ErrNoSession) {
			t.Fatalf("set on a revoked session: %v", err)
		}
		if err := db.QueryRow(`SELECT COUNT(*) FROM audit_event`).Scan(&n); err != nil || n != 2 {
			t.Fatalf("the refused set wrote audit rows: %d %v", n, err)
		}
	})
}

// Append writes a batch's rows in one statement, and the expiry sweep never deletes them,
// however old, while it deletes the dead session beside them. On each dialect.
func TestAuditTrailOutlivesTheSweep(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		ctx, long := context.Background(), time.Date(2016, 1, 1, 0, 0, 0, 0, time.UTC)
		addSession(t, db, "old", long)
		var events []Event
		for i := range 50 {
			events = append(events, Event{At: long.Add(time.Duration(i) * time.Second), AdviserUserID: 1, AdviserUsername: "a", ClientID: 3,
				Action: ActionView, Target: "GET portfolio/account/{id}", RemoteAddr: "192.0.2.1", RequestID: "r"})
		}
		if err := (Store{DB: db}).Append(ctx, events); err != nil {
			t.Fatal(err)
		}
		sweep, err := housekeeping.New(db, housekeeping.Options{Now: func() time.Time { return long.AddDate(10, 0, 0) }})
		if err != nil {
			t.Fatal(err)
		}
		res, err := sweep.Sweep(ctx)
		if err != nil || res.Total() != 1 {
			t.Fatalf("sweep: %+v %v", res, err)
		}
		var n int
		if err := db.QueryRow(`SELECT COUNT(*) FROM audit_event`).Scan(&n); err != nil || n != 50 {
			t.Fatalf("%d audit rows left, want 50 (%v)", n, err)
		}
	})
}

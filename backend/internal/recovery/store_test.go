package recovery

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

var recT0 = time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)

// recStore is a migrated store with a firm, two client parties sharing an email address (in
// different case) and a date of birth, their logins (3 disabled), an adviser login on the first
// party's address, a platform session of login 1 and an unused reset code (id 7) of login 1.
func recStore(t *testing.T, db *store.DB) SQLStore {
	t.Helper()
	for _, q := range []string{
		`INSERT INTO firm (id, name, product_name, region) VALUES (1, 'F', 'Portal', 'GB')`,
		`INSERT INTO entity (id, firm_id, entity_kind, first_name, last_name, entity_name, dob, preferred_email) VALUES
			(10, 1, 'client', 'Ada', 'Lovelace', 'Lovelace, Ada', '1990-12-10', 'Ada@Example.org'),
			(11, 1, 'client', 'Bea', 'Lovelace', 'Lovelace, Bea', '1990-12-10', 'ada@example.ORG'),
			(12, 1, 'client', 'Cy', 'Lovelace', 'Lovelace, Cy', '1990-12-10', 'ada@example.org'),
			(13, 1, 'adviser', 'Dee', 'Adviser', 'Adviser, Dee', '1990-12-10', 'ada@example.org')`,
		`INSERT INTO app_user (id, username, password_hash, role_name, entity_id, mobile_phone, created_at) VALUES
			(1, 'ada', 'old', 'ClientUser', 10, '+447700900001', 'x'), (2, 'bea', 'h', 'ClientUser', 11, '', 'x'),
			(3, 'cy', 'h', 'ClientUser', 12, '', 'x'), (4, 'dee', 'h', 'User', 13, '', 'x')`,
		`UPDATE app_user SET disabled = 1 WHERE id = 3`,
		`INSERT INTO platform_session (token_hash, user_id, app_id, created_at, last_seen_at, expires_at) VALUES ('t', 1, 'app', 'x', 'x', 'x')`,
		`INSERT INTO otp_code (id, user_id, purpose, code_hash, created_at, expires_at) VALUES (7, 1, 'reset', 'h', 'x', 'x')`,
	} {
		if _, err := db.Exec(db.Rebind(q)); err != nil {
			t.Fatal(err)
		}
	}
	if err := db.SyncIdentities(context.Background(), db); err != nil {
		t.Fatal(err)
	}
	return SQLStore{DB: db}
}

func TestSQLStoreContactAndClientLogins(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		s, ctx := recStore(t, db), context.Background()
		if c, err := s.ContactOf(ctx, 1); err != nil || c != (Contact{"Ada@Example.org", "+447700900001", "Portal"}) {
			t.Fatalf("contact %+v %v", c, err)
		}
		if _, err := s.ContactOf(ctx, 99); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("unknown login: %v", err)
		}
		logins, err := s.ClientLoginsByEmailAndDOB(ctx, "ADA@example.org", "1990-12-10")
		if err != nil || fmt.Sprint(logins) != "[{ada Ada@Example.org Portal} {bea ada@example.ORG Portal}]" {
			t.Fatalf("logins %v %v", logins, err)
		}
		if logins, err := s.ClientLoginsByEmailAndDOB(ctx, "ada@example.org", "1990-12-11"); len(logins) != 0 || err != nil {
			t.Fatalf("another date of birth: %v %v", logins, err)
		}
	})
}

// A reset code is spent once however many requests race for it, from two portal processes;
// the one that spends it sets the password and ends the login's platform sessions.
func TestSpendCodeAndSetPasswordOnce(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		s, ctx := recStore(t, db), context.Background()
		stores := []SQLStore{s, {DB: testdb.Reopen(t, db)}}
		start := make(chan struct{})
		var wg sync.WaitGroup
		var mu sync.Mutex
		spent := 0
		for i := range 8 {
			wg.Go(func() {
				<-start
				ok, err := stores[i%2].SpendCodeAndSetPassword(ctx, 7, 1, "new", recT0)
				if err != nil {
					t.Error(err)
				}
				if ok {
					mu.Lock()
					spent++
					mu.Unlock()
				}
			})
		}
		close(start)
		wg.Wait()
		var hash string
		var sessions int
		db.QueryRow(`SELECT password_hash FROM app_user WHERE id = 1`).Scan(&hash)
		db.QueryRow(`SELECT COUNT(*) FROM platform_session`).Scan(&sessions)
		if spent != 1 || hash != "new" || sessions != 0 {
			t.Fatalf("spent %d times, hash %q, %d sessions left", spent, hash, sessions)
		}
	})
}

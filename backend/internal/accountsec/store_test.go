package accountsec

import (
	"context"
	"database/sql"
	"fmt"
	"sync"
	"testing"
	"time"

	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

var secT0 = time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)

// secStore is a migrated store with a firm, a party, login 1 and two of its platform sessions.
func secStore(t *testing.T, db *store.DB) SQLStore {
	t.Helper()
	for _, q := range []string{
		`INSERT INTO firm (id, name, product_name, region, platform_version) VALUES (1, 'F', 'P', 'GB', '9.1')`,
		`INSERT INTO entity (id, firm_id, entity_kind, first_name, last_name, entity_name) VALUES (10, 1, 'client', 'Ada', 'Lovelace', 'Lovelace, Ada')`,
		`INSERT INTO app_user (id, username, password_hash, role_name, entity_id, force_change_password, created_at) VALUES (1, 'ada', 'old', 'ClientUser', 10, 1, 'x')`,
	} {
		if _, err := db.Exec(db.Rebind(q)); err != nil {
			t.Fatal(err)
		}
	}
	for _, tok := range []string{"keep", "other"} {
		if _, err := db.Exec(db.Rebind(`INSERT INTO platform_session (token_hash, user_id, app_id, created_at, last_seen_at, expires_at) VALUES (?, 1, 'app', 'x', 'x', 'x')`), TokenHash(tok)); err != nil {
			t.Fatal(err)
		}
	}
	if err := db.SyncIdentities(context.Background(), db); err != nil {
		t.Fatal(err)
	}
	return SQLStore{DB: db}
}

func TestSQLStoreQuestionsPasswordAndPermission(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		s, ctx := secStore(t, db), context.Background()
		if v, err := s.PlatformVersion(ctx, 1); v != "9.1" || err != nil {
			t.Fatalf("version %q %v", v, err)
		}
		if qs, err := s.Questions(ctx, 1); len(qs) != 0 || err != nil {
			t.Fatalf("questions before any: %v %v", qs, err)
		}
		for _, set := range [][2]StoredQuestion{{{"Q1", "h1"}, {"Q2", "h2"}}, {{"Q3", "h3"}, {"Q4", "h4"}}} {
			if err := s.SetQuestions(ctx, 1, set, secT0); err != nil {
				t.Fatal(err)
			}
			if qs, err := s.Questions(ctx, 1); err != nil || len(qs) != 2 || qs[0] != set[0] || qs[1] != set[1] {
				t.Fatalf("questions %v %v, want %v", qs, err, set)
			}
		}
		if err := db.InTx(ctx, func(tx *sql.Tx) error { return SetPassword(ctx, db, tx, 1, "new", "keep") }); err != nil {
			t.Fatal(err)
		}
		var hash string
		var force, sessions int
		db.QueryRow(`SELECT password_hash, force_change_password FROM app_user WHERE id = 1`).Scan(&hash, &force)
		db.QueryRow(`SELECT COUNT(*) FROM platform_session`).Scan(&sessions)
		if hash != "new" || force != 0 || sessions != 1 {
			t.Fatalf("after SetPassword: %q force %d, %d sessions", hash, force, sessions)
		}
		for _, p := range []int{1, 0} {
			if err := s.SetBiometricPermission(ctx, 1, p, secT0); err != nil {
				t.Fatal(err)
			}
			if got, err := s.BiometricPermission(ctx, 1); got != p || err != nil {
				t.Fatalf("permission %d %v, want %d", got, err, p)
			}
		}
	})
}

// Parallel replacements of a login's questions, from two portal processes, all succeed and
// leave one whole pair.
func TestParallelSetQuestions(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		s, ctx := secStore(t, db), context.Background()
		stores := []SQLStore{s, {DB: testdb.Reopen(t, db)}}
		start := make(chan struct{})
		var wg sync.WaitGroup
		for i := range 16 {
			wg.Go(func() {
				<-start
				pair := [2]StoredQuestion{{fmt.Sprint("A", i), "h"}, {fmt.Sprint("B", i), "h"}}
				if err := stores[i%2].SetQuestions(ctx, 1, pair, secT0); err != nil {
					t.Errorf("set %d: %v", i, err)
				}
			})
		}
		close(start)
		wg.Wait()
		qs, err := s.Questions(ctx, 1)
		if err != nil || len(qs) != 2 || qs[0].Question[1:] != qs[1].Question[1:] {
			t.Fatalf("questions after parallel sets: %v %v", qs, err)
		}
	})
}

package demo

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"wealthportal/backend/internal/store"
)

func seeded(t *testing.T) *store.DB {
	t.Helper()
	db, err := store.OpenSQLite(filepath.Join(t.TempDir(), "portal.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if err := db.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	if ok, err := Seed(context.Background(), db, 4, time.Date(2026, 11, 1, 9, 0, 0, 0, time.UTC)); err != nil || !ok {
		t.Fatalf("seed: %v %v", ok, err)
	}
	return db
}

func TestSeedOnceAndDeterministic(t *testing.T) {
	a, b := seeded(t), seeded(t)
	if again, err := Seed(context.Background(), a, 4, time.Now()); err != nil || again {
		t.Fatalf("second seed ran: %v %v", again, err)
	}
	dump := func(db *store.DB) string {
		var s string
		if err := db.QueryRow(`SELECT group_concat(entity_name || '|' || IFNULL(dob,'') || '|' || preferred_postcode, ';') FROM (SELECT * FROM entity ORDER BY id)`).Scan(&s); err != nil {
			t.Fatal(err)
		}
		return s
	}
	if dump(a) != dump(b) {
		t.Fatal("two seeds differ")
	}
}

func TestSeedBooks(t *testing.T) {
	db := seeded(t)
	count := func(q string, args ...any) int {
		var n int
		if err := db.QueryRow(q, args...).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	book := `SELECT COUNT(*) FROM entity c JOIN app_user a ON a.entity_id = c.adviser_entity_id WHERE a.username = ?`
	if n := count(book, "demo.adviser@client"); n < 54 {
		t.Errorf("demo.adviser has %d clients, want at least 54", n)
	}
	if n := count(book, "demo.adviser2@client"); n < 1 {
		t.Errorf("demo.adviser2 has no clients")
	}
	// demo.adviser owns the four demo clients; demo.adviser2 owns none of them.
	owned := `SELECT COUNT(*) FROM app_user u JOIN entity c ON c.id = u.entity_id JOIN app_user a ON a.entity_id = c.adviser_entity_id
		WHERE a.username = ? AND u.username IN ('demo.client', 'demo.assets', 'demo.messages', 'demo.mfa')`
	if n := count(owned, "demo.adviser@client"); n != 4 {
		t.Errorf("demo.adviser owns %d demo clients, want 4", n)
	}
	if n := count(owned, "demo.adviser2@client"); n != 0 {
		t.Errorf("demo.adviser2 owns %d demo clients, want 0", n)
	}
	if n := count(`SELECT COUNT(*) FROM entity e JOIN app_user u ON u.entity_id = e.id WHERE u.username = 'demo.client' AND e.partner_entity_id IS NOT NULL AND e.region = 'GB' AND e.client_access_level = 1`); n != 1 {
		t.Error("demo.client is not a GB Portfolio client with a partner")
	}
}

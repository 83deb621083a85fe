package entities

import (
	"context"
	"database/sql"
	"fmt"
	"testing"

	"wealthportal/backend/internal/access"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// benchClients is the size of the adviser's book the client list must stay fast on.
const benchClients = 10000

// newBenchDB is a firm whose one adviser has benchClients clients, inserted in one transaction.
func newBenchDB(b *testing.B) *store.DB {
	b.Helper()
	db := openDB(b, store.SQLite)
	testdb.MustExec(b, db, `INSERT INTO firm (id, name, product_name, region) VALUES (1, 'Bench', 'Bench', 'GB')`)
	testdb.MustExec(b, db, `INSERT INTO client_access_level_choice (code, description) VALUES (1, 'Client Portfolio')`)
	testdb.MustExec(b, db, `INSERT INTO entity (id, firm_id, entity_kind, first_name, last_name, entity_name) VALUES (100, 1, 'adviser', 'A', 'Adviser', 'Adviser, A')`)
	lastNames := []string{"Smith", "Jones", "Taylor", "Brown", "Williams", "Wilson", "Johnson", "Davies", "Robinson", "Wright",
		"Thompson", "Evans", "Walker", "White", "Roberts", "Green", "Hall", "Wood", "Jackson", "Clarke"}
	firstNames := []string{"Oliver", "Amelia", "George", "Isla", "Harry", "Ava", "Jack", "Mia", "Noah", "Emily", "Leo", "Grace"}
	err := db.InTx(context.Background(), func(tx *sql.Tx) error {
		stmt, err := tx.Prepare(`INSERT INTO entity (firm_id, entity_kind, first_name, last_name, entity_name, dob,
			preferred_email, preferred_postcode, client_access_level, adviser_entity_id) VALUES (1, 'client', ?, ?, ?, ?, ?, ?, 1, 100)`)
		if err != nil {
			return err
		}
		defer stmt.Close()
		for i := 0; i < benchClients; i++ {
			first, last := firstNames[i%len(firstNames)], fmt.Sprintf("%s%d", lastNames[i%len(lastNames)], i/len(lastNames))
			if _, err := stmt.Exec(first, last, last+", "+first, fmt.Sprintf("19%02d-%02d-%02d", 40+i%60, 1+i%12, 1+i%28),
				fmt.Sprintf("c%d@example.com", i), fmt.Sprintf("AB%d %dCD", i%90, i%9)); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	return db
}

func BenchmarkClientListSearch(b *testing.B) {
	db := newBenchDB(b)
	p := access.Principal{UserID: 1, EntityID: 100, FirmID: 1, Role: access.RoleAdviser}
	ctx := context.Background()
	run := func(b *testing.B, quicksearch string, wantAtLeast int) {
		search, err := parseQuicksearch(quicksearch)
		if err != nil {
			b.Fatal(err)
		}
		req := clientListRequest{Search: search, Sort: listSort{Field: "entity_name"}, PageSize: defaultPageSize, Fields: listFields}
		b.ResetTimer()
		for b.Loop() {
			items, err := ListClients(ctx, db, p, req)
			if err != nil {
				b.Fatal(err)
			}
			if len(items) < wantAtLeast {
				b.Fatalf("%q: %d items", quicksearch, len(items))
			}
		}
	}
	b.Run("first page", func(b *testing.B) { run(b, "", defaultPageSize) })
	b.Run("name search", func(b *testing.B) { run(b, "smith", defaultPageSize) })
	b.Run("name and first name", func(b *testing.B) { run(b, "smith oliver", 1) })
	b.Run("postcode", func(b *testing.B) { run(b, "pcode:AB1 1", 1) })
	b.Run("last page", func(b *testing.B) {
		req := clientListRequest{Sort: listSort{Field: "entity_name"}, PageSize: defaultPageSize, Fields: listFields,
			After: &bookmark{Key: "Wright490", ID: 1}}
		for b.Loop() {
			if _, err := ListClients(ctx, db, p, req); err != nil {
				b.Fatal(err)
			}
		}
	})
}

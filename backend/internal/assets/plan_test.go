package assets

import (
	"strings"
	"testing"

	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// seedMany writes a firm of 300 clients with 8 records each, every tenth joint with the next
// client, and has the planner read the tables' statistics, as a live store's would be.
func seedMany(t *testing.T, db *store.DB) {
	testdb.MustExec(t, db, `INSERT INTO firm (id, name, product_name, region) VALUES (1, 'Firm', 'Portal', 'GB')`)
	for c := range 300 {
		id := 1000 + c
		testdb.MustExec(t, db, `INSERT INTO entity (id, firm_id, entity_kind, first_name, last_name, entity_name) VALUES (?, 1, 'client', 'A', 'B', 'B, A')`, id)
		for i, list := range []string{ListAsset, ListAsset, ListAsset, ListPension, ListPension, ListAnnuity, ListLiability, ListLiability} {
			asset := id*10 + i
			testdb.MustExec(t, db, `INSERT INTO client_asset (id, entity_id, list_name, description, amount) VALUES (?, ?, ?, 'x', 100)`, asset, id, list)
			if c%10 == 0 && c > 0 {
				testdb.MustExec(t, db, `INSERT INTO client_asset_owner (asset_id, entity_id, percentage) VALUES (?, ?, 50), (?, ?, 50)`, asset, id, asset, id-1)
			}
		}
	}
	testdb.MustExec(t, db, `ANALYZE`)
}

// A client's list is read through the indexes of migration 0022 on both dialects, never by
// walking every client's records: client_asset_entity_list_idx searched by the client for the
// records kept for it, client_asset_owner_entity_idx for those it owns a share of; an asset's
// owners through the owner table's primary key.
func TestListQueryUsesIndexes(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		seedMany(t, db)
		plan := strings.Join(testdb.QueryPlan(t, db, listQuery, 1010, ListAsset, 1010, ListAsset), "\n")
		for _, index := range []string{"client_asset_entity_list_idx", "client_asset_owner_entity_idx"} {
			if !strings.Contains(plan, index) {
				t.Errorf("plan does not use %s:\n%s", index, plan)
			}
		}
		if strings.Contains(plan, "SCAN ") || strings.Contains(plan, "Seq Scan") || strings.Contains(plan, "Index Cond: (list_name") {
			t.Errorf("plan walks a table or every client's list:\n%s", plan)
		}
		ownerPlan := strings.Join(testdb.QueryPlan(t, db, strings.Replace(ownersQuery, "%s", "?, ?", 1), 10100, 10101), "\n")
		if strings.Contains(ownerPlan, "SCAN ") || strings.Contains(ownerPlan, "Seq Scan") ||
			!(strings.Contains(ownerPlan, "sqlite_autoindex_client_asset_owner_1") || strings.Contains(ownerPlan, "client_asset_owner_pkey")) {
			t.Errorf("owners plan:\n%s", ownerPlan)
		}
	})
}

package performance

import (
	"strings"
	"testing"

	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// A client's partners are found through the primary key and entity_partner_idx, not by
// scanning every entity (the dashboard's profit analysis asks on every call).
func TestPartnersQueryPlanUsesIndexes(t *testing.T) {
	db := testdb.Open(t, store.SQLite)
	rows, err := db.Query(`EXPLAIN QUERY PLAN `+partnersQuery, 10, 10)
	if err != nil {
		t.Fatal(err)
	}
	var plan []string
	for rows.Next() {
		var id, parent, unused int
		var detail string
		if err := rows.Scan(&id, &parent, &unused, &detail); err != nil {
			t.Fatal(err)
		}
		plan = append(plan, detail)
	}
	rows.Close()
	joined := strings.Join(plan, "\n")
	if !strings.Contains(joined, "SEARCH entity USING INTEGER PRIMARY KEY (rowid=?)") ||
		!strings.Contains(joined, "SEARCH entity USING COVERING INDEX entity_partner_idx (partner_entity_id=?)") ||
		strings.Contains(joined, "SCAN entity") {
		t.Fatalf("plan:\n%s", joined)
	}
}

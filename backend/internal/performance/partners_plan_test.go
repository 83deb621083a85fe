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
	plan := testdb.QueryPlan(t, db, partnersQuery, 10, 10)
	joined := strings.Join(plan, "\n")
	if !strings.Contains(joined, "SEARCH entity USING INTEGER PRIMARY KEY (rowid=?)") ||
		!strings.Contains(joined, "SEARCH entity USING COVERING INDEX entity_partner_idx (partner_entity_id=?)") ||
		strings.Contains(joined, "SCAN entity") {
		t.Fatalf("plan:\n%s", joined)
	}
}

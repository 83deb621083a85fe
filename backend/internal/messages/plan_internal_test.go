package messages

import (
	"strings"
	"testing"

	"wealthportal/backend/internal/access"
	"wealthportal/backend/internal/resourceful"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

func TestMain(m *testing.M) { testdb.Main(m) }

// Every list query of the folders (spec 3 §7.1) reads one index in its order: no scan of the
// table, no sort, so a client with thousands of documents pays for the page only.
func TestListQueryPlansUseIndexes(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		client := viewer{p: access.Principal{Role: access.RoleClient, EntityID: 1}, clientID: 1}
		bookmark := resourceful.EncodeBookmark("2026-01-01T00:00:00.000000000Z", int64(10))
		for _, c := range []struct {
			name   string
			params resourceful.Params
			index  string
		}{
			{"inbox", resourceful.Params{"docsubtype_exclude": "Client Initiated"}, "docnote_entity_created_idx"},
			{"inbox, next page", resourceful.Params{"docsubtype_exclude": "Client Initiated", "page_bookmark": bookmark}, "docnote_entity_created_idx"},
			{"sent", resourceful.Params{"docsubtype": "Client Initiated"}, "docnote_entity_created_idx"},
			{"important", resourceful.Params{"categories": []any{"3"}, "page_size": "20"}, "docnote_entity_category_idx"},
			{"unread count", resourceful.Params{"page_size": "21", "firstread": map[string]any{"include_read_notes": "false"}}, "docnote_entity_unread_idx"},
			{"by subject", resourceful.Params{"page_sort": "subject"}, "docnote_entity_subject_idx"},
			{"by reference date", resourceful.Params{"page_sort": "-reference_date"}, "docnote_entity_reference_idx"},
		} {
			lq, err := parseList(client, c.params, []int64{1})
			if err != nil {
				t.Fatal(err)
			}
			query, args, err := lq.sql()
			if err != nil {
				t.Fatal(err)
			}
			plan := strings.Join(testdb.QueryPlan(t, db, query, args...), "\n")
			bad := strings.Contains(plan, "TEMP B-TREE") || strings.Contains(plan, "SCAN d") || strings.Contains(plan, "Seq Scan on docnote ") ||
				strings.Contains(plan, "Sort")
			if !strings.Contains(plan, c.index) || bad {
				t.Errorf("%s: want %s in index order, plan:\n%s", c.name, c.index, plan)
			}
		}
	})
}

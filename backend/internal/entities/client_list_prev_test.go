package entities

import (
	"fmt"
	"net/url"
	"reflect"
	"strings"
	"testing"

	"wealthportal/backend/internal/access"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// page_dir=prev walks the client list backwards: from the last page (no bookmark), each page
// is the one before the first item of the page after it, in the list's own order, until a
// short page; together they are the one-page answer. A previous page still seeks in the
// adviser's index.
func TestClientListPagingBackwards(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		e := newTestEnv(t, dialect)
		addClients(t, e, 43)
		ids := func(items []map[string]any) []any {
			out := make([]any, len(items))
			for i, it := range items {
				out[i] = it["id"]
			}
			return out
		}
		for _, sortBy := range []string{"", "-entity_name", "+dob", "-dob", "first_name", "-preferred_postcode"} {
			for _, size := range []int{1, 7, 20, 48} {
				var whole []map[string]any
				e.getJSON("alice", "entity/client-v3?fields=entity_name&page_size=200&page_sort="+url.QueryEscape(sortBy), &whole)
				var walked []any
				bookmarkParam := ""
				for pages := 0; ; pages++ {
					if pages > 100 {
						t.Fatalf("sort %q size %d: paging does not end", sortBy, size)
					}
					var page []map[string]any
					e.getJSON("alice", fmt.Sprintf("entity/client-v3?fields=entity_name&page_dir=prev&page_size=%d&page_sort=%s%s",
						size, url.QueryEscape(sortBy), bookmarkParam), &page)
					walked = append(ids(page), walked...)
					// In the list's order: the same items as the forward list has there.
					if start := len(whole) - len(walked); len(page) > 0 && !reflect.DeepEqual(ids(whole[start:start+len(page)]), ids(page)) {
						t.Fatalf("sort %q size %d: page %v, the list has %v there", sortBy, size, ids(page), ids(whole[start:start+len(page)]))
					}
					if len(page) < size {
						break
					}
					bookmarkParam = "&page_bookmark=" + url.QueryEscape(page[0]["bookmark"].(string))
				}
				if !reflect.DeepEqual(walked, ids(whole)) {
					t.Fatalf("sort %q size %d: walked %v\nwant %v", sortBy, size, walked, ids(whole))
				}
			}
		}
		if code, body := e.get("alice", "entity/client-v3?page_dir=sideways"); code != 400 || !strings.Contains(body, "page_dir") {
			t.Errorf("page_dir=sideways: %d %s", code, body)
		}

		if dialect != store.SQLite {
			return // the plan below is SQLite's (EXPLAIN QUERY PLAN)
		}
		adviser := access.Principal{UserID: aliceUser, EntityID: alice, FirmID: 1, Role: access.RoleAdviser}
		query, args := clientListSQL(adviser, clientListRequest{Sort: listSort{Field: "entity_name", Prev: true}, After: &bookmark{Key: "m", ID: 5}, PageSize: 20})
		plan := queryPlan(t, e, query, args)
		if !strings.HasPrefix(plan[0], "SEARCH e USING INDEX entity_adviser_name_idx (adviser_entity_id=? AND <expr><?)") || strings.Contains(strings.Join(plan, "\n"), "TEMP B-TREE") {
			t.Errorf("previous page plan:\n%s", strings.Join(plan, "\n"))
		}
	})
}

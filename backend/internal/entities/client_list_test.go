package entities

import (
	"fmt"
	"net/http"
	"net/url"
	"reflect"
	"sort"
	"strings"
	"testing"

	"wealthportal/backend/internal/access"
	"wealthportal/backend/internal/resourceful"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// names lists the entity_name of each item.
func names(items []map[string]any) []string {
	out := []string{}
	for _, it := range items {
		out = append(out, it["entity_name"].(string))
	}
	return out
}

func TestClientListShape(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		e := newTestEnv(t, dialect)
		var items []map[string]any
		e.getJSON("alice", "entity/client-v3", &items)
		// Alice's clients by entity_name, case-insensitively; nobody else's.
		want := []string{"de la Cruz, Maria", "O'Brien, Sean", "Whitfield Family Trust", "Whitfield, Eleanor", "Whitfield, James"}
		if got := names(items); !reflect.DeepEqual(got, want) {
			t.Fatalf("alice's list: %v, want %v", got, want)
		}
		wantKeys := append(append([]string{}, listFields...), "bookmark")
		sort.Strings(wantKeys)
		for _, it := range items {
			if got := keysOf(it); !reflect.DeepEqual(got, wantKeys) {
				t.Fatalf("item keys: %v, want %v", got, wantKeys)
			}
			if b, _ := it["bookmark"].(string); b == "" {
				t.Errorf("%v has no bookmark", it["entity_name"])
			}
		}
		byName := map[string]map[string]any{}
		for _, it := range items {
			byName[it["entity_name"].(string)] = it
		}
		el := byName["Whitfield, Eleanor"]
		checks := []struct {
			name string
			got  any
			want any
		}{
			{"dob", el["dob"], map[string]any{"_type": "Date", "_val": "1970-03-14"}},
			{"client_access_level", el["client_access_level"], map[string]any{"code": "1", "description": "Client Portfolio"}},
			{"user_id", el["user_id"], float64(eleanorUser)},
			{"partner_entity_id", el["partner_entity_id"], float64(james)},
			{"entity_groups", el["entity_groups"], []any{map[string]any{"id": float64(1), "name": "Whitfield household"}}},
			// The platform's own login time wins over an imported one; without logins the import shows.
			{"last_login_datetime (login)", el["last_login_datetime"], "2026-11-20T09:14:03Z"},
			{"last_login_datetime (imported)", byName["O'Brien, Sean"]["last_login_datetime"], "2026-10-01T10:00:00Z"},
			{"has_client_access", el["has_client_access"], true},
			{"is_partner (adviser caller)", el["is_partner"], false},
			{"preferred_postcode", el["preferred_postcode"], "SW1A 2AA"},
			{"address_title", el["address_title"], "Mrs E Whitfield"},
			{"salutation", el["salutation"], "Dear Eleanor"},
			{"entity_type", el["entity_type"], float64(1)},
			// No login at all, and a disabled login: neither has client access.
			{"trust has_client_access", byName["Whitfield Family Trust"]["has_client_access"], false},
			{"trust user_id", byName["Whitfield Family Trust"]["user_id"], nil},
			{"trust entity_type", byName["Whitfield Family Trust"]["entity_type"], float64(0)},
			{"trust client_access_level", byName["Whitfield Family Trust"]["client_access_level"], nil},
			{"maria has_client_access", byName["de la Cruz, Maria"]["has_client_access"], false},
			{"maria user_id", byName["de la Cruz, Maria"]["user_id"], float64(14)},
			{"maria dob", byName["de la Cruz, Maria"]["dob"], nil},
			{"sean entity_groups", byName["O'Brien, Sean"]["entity_groups"], []any{}},
		}
		for _, c := range checks {
			if !reflect.DeepEqual(c.got, c.want) {
				t.Errorf("%s = %#v, want %#v", c.name, c.got, c.want)
			}
		}
		// A login is the latest login time, once the client has logged in.
		e.login("james")
		e.getJSON("alice", "entity/client-v3?quicksearch=james", &items)
		if len(items) != 1 || items[0]["last_login_datetime"] != fixtureNow {
			t.Errorf("james after login: %v", items)
		}
	})
}

func TestClientListScope(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		e := newTestEnv(t, dialect)
		cases := []struct {
			user, path string
			want       []string
		}{
			{"bob", "entity/client-v3", []string{"Cole, Carol"}},
			{"zoe", "entity/client-v3", []string{"Dover, Dan"}},
			{"zoe", "entity/client-v3?quicksearch=whitfield", []string{}},
			// A client lists only itself, whatever it searches for.
			{"eleanor", "entity/client-v3", []string{"Whitfield, Eleanor"}},
			{"eleanor", "entity/client-v3?quicksearch=james", []string{}},
			{"james", "entity/client-v3/", []string{"Whitfield, James"}},
			// The legacy list answers the same shape, filtered by login.
			{"eleanor", fmt.Sprintf("entity/client?user_id=%d", eleanorUser), []string{"Whitfield, Eleanor"}},
			{"eleanor", fmt.Sprintf("entity/client?user_id=%d", jamesUser), []string{}},
			{"alice", fmt.Sprintf("entity/client/?user_id=%d", jamesUser), []string{"Whitfield, James"}},
			{"alice", fmt.Sprintf("entity/client?user_id=%d", carolUser), []string{}},
			{"bob", fmt.Sprintf("entity/client?user_id=%d", carolUser), []string{"Cole, Carol"}},
		}
		for _, tc := range cases {
			var items []map[string]any
			e.getJSON(tc.user, tc.path, &items)
			if got := names(items); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("%s %s: %v, want %v", tc.user, tc.path, got, tc.want)
			}
		}
		var items []map[string]any
		e.getJSON("eleanor", "entity/client?user_id="+fmt.Sprint(eleanorUser), &items)
		if items[0]["is_partner"] != false || items[0]["bookmark"] == "" {
			t.Errorf("legacy item: %v", items[0])
		}
		e.getJSON("eleanor", "entity/client-v3", &items)
		wantKeys := append(append([]string{}, listFields...), "bookmark")
		sort.Strings(wantKeys)
		if !reflect.DeepEqual(keysOf(items[0]), wantKeys) {
			t.Errorf("v3 item keys %v", keysOf(items[0]))
		}
	})
}

func TestClientListQuicksearch(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		e := newTestEnv(t, dialect)
		cases := []struct {
			quicksearch string
			want        []string
		}{
			{"whitfield", []string{"Whitfield Family Trust", "Whitfield, Eleanor", "Whitfield, James"}},
			{"WHITFIELD eleanor", []string{"Whitfield, Eleanor"}},
			{"whit ele", []string{"Whitfield, Eleanor"}},
			{"ellie", []string{"Whitfield, Eleanor"}}, // preferred name
			{"family", []string{"Whitfield Family Trust"}},
			{"cruz", []string{"de la Cruz, Maria"}},
			{"o'brien", []string{"O'Brien, Sean"}},
			{"field", []string{}}, // words match from their start
			{"an", []string{}},    // not inside "Sean"
			{"a_b", []string{}},   // an underscore is a literal, not a LIKE wildcard
			{"pcode:SW1A 2AA", []string{"Whitfield Family Trust", "Whitfield, Eleanor", "Whitfield, James"}},
			{"pcode:sw1a2aa", []string{"Whitfield Family Trust", "Whitfield, Eleanor", "Whitfield, James"}},
			{"pcode:M1", []string{"O'Brien, Sean"}},
			{"pcode:2000", []string{"de la Cruz, Maria"}}, // Dan's postcode too, but Dan is another firm's
			{"dob:19700314", []string{"Whitfield, Eleanor"}},
			{"whitfield dob:19680701", []string{"Whitfield, James"}},
			{"james pcode:SW1A 2AA dob:19680701", []string{"Whitfield, James"}},
			{"eleanor pcode:SW1A 2AA dob:19680701", []string{}},
			{"dob:19700314 pcode:SW1A", []string{"Whitfield, Eleanor"}},
			{"", []string{"de la Cruz, Maria", "O'Brien, Sean", "Whitfield Family Trust", "Whitfield, Eleanor", "Whitfield, James"}},
		}
		for _, tc := range cases {
			var items []map[string]any
			e.getJSON("alice", "entity/client-v3?quicksearch="+url.QueryEscape(tc.quicksearch), &items)
			if got := names(items); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("quicksearch %q: %v, want %v", tc.quicksearch, got, tc.want)
			}
		}
	})
}

func TestClientListErrors(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		e := newTestEnv(t, dialect)
		badBookmark := resourceful.ErrInvalidBookmark.APIMessage
		cases := []struct {
			query, want string
		}{
			{"page_sort=%2Bfoo", `Invalid page_sort: cannot sort by "foo"`},
			{"page_sort=-password_hash", `Invalid page_sort: cannot sort by "password_hash"`},
			{"page_sort=%2Blast_name,%2Bfirst_name", badSortMessage},
			{"page_bookmark=not-a-bookmark!", badBookmark},
			{"page_bookmark=" + url.QueryEscape(resourceful.EncodeBookmark("Whitfield, Eleanor")), badBookmark}, // no id
			{"page_bookmark=" + url.QueryEscape(resourceful.EncodeBookmark(5, "x")), badBookmark},               // key and id swapped
			{"page_bookmark=" + url.QueryEscape(resourceful.EncodeBookmark("a", 0)), badBookmark},
			{"quicksearch=" + url.QueryEscape("dob:19701332"), badDOBMessage},
			{"quicksearch=" + url.QueryEscape("dob:1970-03-14"), badDOBMessage},
			{"quicksearch=" + url.QueryEscape("dob:"), badDOBMessage},
			{"quicksearch=" + url.QueryEscape("dob:19700314 dob:19700314"), badDOBMessage},
			{"quicksearch=" + url.QueryEscape("pcode:SW1A-2AA"), badPostcodeMessage},
			{"quicksearch=" + url.QueryEscape("pcode:"), badPostcodeMessage},
			{"quicksearch=" + url.QueryEscape("smith%"), badNameMessage},
			{"quicksearch=" + url.QueryEscape("name:smith"), badNameMessage},
			{"page_size=0", "Invalid page_size: must be at least 1"},
			{"fields=entity_name,password_hash", "invalid field name: password_hash"},
			{"fields.0=title", "invalid field name: title"}, // a detail field, not a list field
		}
		for _, tc := range cases {
			e.expectError("alice", http.MethodGet, "entity/client-v3?"+tc.query, nil, http.StatusBadRequest, tc.want)
		}
		for _, query := range []string{"page_size=ten", "user_id=me"} {
			if code, body := e.get("alice", "entity/client-v3?"+query); code != http.StatusBadRequest {
				t.Errorf("%s: %d %s", query, code, body)
			}
		}
		// A page larger than the maximum is cut to it, as everywhere on the platform.
		addClients(t, e, 210)
		var items []map[string]any
		e.getJSON("alice", "entity/client-v3?page_size=500&fields=id", &items)
		if len(items) != maxPageSize {
			t.Errorf("page_size=500 answered %d items, want %d", len(items), maxPageSize)
		}
		e.getJSON("alice", "entity/client-v3?fields=id", &items)
		if len(items) != defaultPageSize {
			t.Errorf("default page: %d items", len(items))
		}
	})
}

func TestClientListFieldSelection(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		e := newTestEnv(t, dialect)
		for _, query := range []string{"fields.0=entity_name&fields.1=dob", "fields=entity_name,dob", "fields=entity_name&fields=dob&fields=dob"} {
			var items []map[string]any
			e.getJSON("alice", "entity/client-v3?"+query, &items)
			if len(items) != 5 {
				t.Fatalf("%s: %d items", query, len(items))
			}
			for _, it := range items {
				if got := keysOf(it); !reflect.DeepEqual(got, []string{"bookmark", "dob", "entity_name", "id"}) {
					t.Errorf("%s: keys %v", query, got)
				}
			}
		}
		var items []map[string]any
		e.getJSON("alice", "entity/client-v3?fields=entity_groups&quicksearch=eleanor", &items)
		if !reflect.DeepEqual(keysOf(items[0]), []string{"bookmark", "entity_groups", "id"}) || len(items[0]["entity_groups"].([]any)) != 1 {
			t.Errorf("entity_groups only: %v", items[0])
		}
	})
}

// addClients gives Alice n more clients with names in mixed case, some sharing a name and some
// without a date of birth, so that every sort has ties and blanks to page across.
func addClients(t *testing.T, e *testEnv, n int) {
	t.Helper()
	for i := 0; i < n; i++ {
		last := []string{"smith", "Smith", "SMITH", "Jones", "jones", "Abbott", "Zephyr"}[i%7]
		first := []string{"Amy", "bob", "Cara", "Dev"}[i%4]
		var dob any
		if i%3 != 0 {
			dob = fmt.Sprintf("19%02d-%02d-%02d", 50+i%40, 1+i%12, 1+i%28)
		}
		testdb.MustExec(t, e.db, `INSERT INTO entity (firm_id, entity_kind, first_name, last_name, entity_name, dob, preferred_postcode, adviser_entity_id)
			VALUES (1, 'client', ?, ?, ?, ?, ?, 100)`, first, last, last+", "+first, dob, fmt.Sprintf("AB%d 1CD", i%5))
	}
}

func TestClientListPaging(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		e := newTestEnv(t, dialect)
		addClients(t, e, 43)
		var all []map[string]any
		e.getJSON("alice", "entity/client-v3?page_size=200", &all)
		if len(all) != 48 {
			t.Fatalf("alice has %d clients, want 48", len(all))
		}
		for _, sortBy := range []string{"", "+entity_name", "-entity_name", "+dob", "-dob", "+last_name", "-last_name", "first_name", "-preferred_postcode", " entity_name"} {
			for _, size := range []int{1, 7, 20, 48} {
				seen := map[float64]int{}
				var walked []map[string]any
				bookmarkParam := ""
				for pages := 0; ; pages++ {
					if pages > 100 {
						t.Fatalf("sort %q size %d: paging does not end", sortBy, size)
					}
					var page []map[string]any
					e.getJSON("alice", fmt.Sprintf("entity/client-v3?fields=entity_name&page_size=%d&page_sort=%s%s",
						size, url.QueryEscape(sortBy), bookmarkParam), &page)
					for _, it := range page {
						seen[it["id"].(float64)]++
						if it["bookmark"] == "" {
							t.Fatalf("item without bookmark")
						}
					}
					walked = append(walked, page...)
					if len(page) < size {
						break
					}
					bookmarkParam = "&page_bookmark=" + url.QueryEscape(page[len(page)-1]["bookmark"].(string))
				}
				if len(seen) != 48 || len(walked) != 48 {
					t.Fatalf("sort %q size %d: %d distinct of %d walked, want 48", sortBy, size, len(seen), len(walked))
				}
				// The walk is the one-page answer in the same order.
				var whole []map[string]any
				e.getJSON("alice", "entity/client-v3?fields=entity_name&page_size=200&page_sort="+url.QueryEscape(sortBy), &whole)
				for i := range whole {
					if whole[i]["id"] != walked[i]["id"] {
						t.Fatalf("sort %q size %d: item %d is %v, want %v", sortBy, size, i, walked[i]["id"], whole[i]["id"])
					}
				}
			}
		}
	})
}

func TestClientListSortOrder(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		e := newTestEnv(t, dialect)
		cases := []struct {
			sort string
			want []string
		}{
			{"-entity_name", []string{"Whitfield, James", "Whitfield, Eleanor", "Whitfield Family Trust", "O'Brien, Sean", "de la Cruz, Maria"}},
			// Clients without a date of birth sort as blank: first ascending, ties by id.
			{"+dob", []string{"Whitfield Family Trust", "de la Cruz, Maria", "Whitfield, James", "Whitfield, Eleanor", "O'Brien, Sean"}},
			{"-dob", []string{"O'Brien, Sean", "Whitfield, Eleanor", "Whitfield, James", "de la Cruz, Maria", "Whitfield Family Trust"}},
			{"+last_name", []string{"Whitfield Family Trust", "de la Cruz, Maria", "O'Brien, Sean", "Whitfield, Eleanor", "Whitfield, James"}},
		}
		for _, tc := range cases {
			var items []map[string]any
			e.getJSON("alice", "entity/client-v3?page_sort="+url.QueryEscape(tc.sort), &items)
			if got := names(items); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("%s: %v, want %v", tc.sort, got, tc.want)
			}
		}
	})
}

// queryPlan is SQLite's plan for a query, one detail line each.
func queryPlan(t *testing.T, e *testEnv, query string, args []any) []string {
	t.Helper()
	return testdb.QueryPlan(t, e.db, query, args...)
}

func TestClientListUsesIndexes(t *testing.T) {
	// The plans are SQLite's (EXPLAIN QUERY PLAN); PostgreSQL has the same lower() indexes.
	dialect := store.SQLite
	e := newTestEnv(t, dialect)
	addClients(t, e, 50)
	adviser := access.Principal{UserID: aliceUser, EntityID: alice, FirmID: 1, Role: access.RoleAdviser}
	client := access.Principal{UserID: eleanorUser, EntityID: eleanor, FirmID: 1, Role: access.RoleClient}
	after := &bookmark{Key: "m", ID: 5}
	byName := listSort{Field: "entity_name"}
	const adviserIndex = "SEARCH e USING INDEX entity_adviser_name_idx (adviser_entity_id=?"
	cases := []struct {
		name    string
		p       access.Principal
		req     clientListRequest
		want    []string // the plan starts with one of these
		ordered bool     // the index gives the order: no sorting step
	}{
		{"first page", adviser, clientListRequest{Sort: byName, PageSize: 20}, []string{adviserIndex}, true},
		// A later page seeks to its bookmark rather than reading the pages before it.
		{"next page", adviser, clientListRequest{Sort: byName, After: after, PageSize: 20}, []string{adviserIndex + " AND <expr>>?)"}, true},
		{"descending", adviser, clientListRequest{Sort: listSort{Field: "entity_name", Desc: true}, PageSize: 20}, []string{adviserIndex}, true},
		{"descending next page", adviser, clientListRequest{Sort: listSort{Field: "entity_name", Desc: true}, After: &bookmark{Key: "m", ID: 5}, PageSize: 20},
			[]string{adviserIndex + " AND <expr><?)"}, true},
		{"name search", adviser, clientListRequest{Search: clientSearch{Words: []string{"smith", "amy"}}, Sort: byName, PageSize: 20}, []string{adviserIndex}, true},
		{"postcode search", adviser, clientListRequest{Search: clientSearch{Postcode: "AB1"}, Sort: byName, After: after, PageSize: 20}, []string{adviserIndex + " AND <expr>>?)"}, true},
		// A date of birth is so selective that the firm's dob index is as good a start.
		{"dob search", adviser, clientListRequest{Search: clientSearch{Words: []string{"smith"}, DOB: "1970-01-01"}, Sort: byName, PageSize: 20},
			[]string{adviserIndex, "SEARCH e USING INDEX entity_dob_idx"}, false},
		{"by dob", adviser, clientListRequest{Sort: listSort{Field: "dob"}, PageSize: 20}, []string{"SEARCH e USING INDEX entity_adviser_"}, false},
		{"legacy user filter", adviser, clientListRequest{Sort: byName, UserIDs: []int64{12}, PageSize: 20}, []string{adviserIndex}, true},
		{"client", client, clientListRequest{Sort: byName, PageSize: 20}, []string{"SEARCH e USING INTEGER PRIMARY KEY (rowid=?)"}, false},
	}
	checkPlans := func(stats string) {
		for _, tc := range cases {
			query, args := clientListSQL(tc.p, tc.req)
			plan := queryPlan(t, e, query, args)
			joined := strings.Join(plan, "\n")
			started := false
			for _, w := range tc.want {
				started = started || strings.HasPrefix(plan[0], w)
			}
			if !started {
				t.Errorf("%s, %s: plan\n%s\nwant it to start with one of %q", stats, tc.name, joined, tc.want)
			}
			for _, line := range plan {
				if strings.HasPrefix(line, "SCAN") {
					t.Errorf("%s, %s: full scan in plan\n%s", stats, tc.name, joined)
				}
			}
			if tc.ordered && strings.Contains(joined, "TEMP B-TREE") {
				t.Errorf("%s, %s: sorts instead of reading in index order\n%s", stats, tc.name, joined)
			}
		}
	}
	// The row loads and the group lookup of a page read by key too.
	ids := []int64{eleanor, james}
	for _, q := range []string{
		`SELECT ` + clientColumns + clientFrom + ` WHERE e.id IN (?,?)`,
		`SELECT m.entity_id, g.id, g.name FROM client_group_member m JOIN client_group g ON g.id = m.group_id WHERE m.entity_id IN (?,?)`,
	} {
		for _, line := range queryPlan(t, e, q, int64Args(ids)) {
			if strings.HasPrefix(line, "SCAN") {
				t.Errorf("full scan loading a page: %s\n%s", line, q)
			}
		}
	}
	checkPlans("without statistics")
	testdb.MustExec(t, e.db, `ANALYZE`) // and the planner still picks them once it has statistics
	checkPlans("with statistics")
}

package resourceful

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"reflect"
	"sort"
	"strings"
	"testing"

	"wealthportal/backend/internal/apierr"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

var sortable = []string{"entity_name", "dob", "score"}

func TestParsePage(t *testing.T) {
	cases := []struct {
		query    string
		wantSize int
		wantSort []SortKey
		wantErr  string
	}{
		{"", 20, []SortKey{{"entity_name", false}}, ""},
		{"page_size=5&page_sort=-dob", 5, []SortKey{{"dob", true}}, ""},
		{"page_size=500", 100, []SortKey{{"entity_name", false}}, ""}, // capped at the maximum
		{"page_sort=%2Bentity_name,-dob", 20, []SortKey{{"entity_name", false}, {"dob", true}}, ""},
		{"page_sort=+dob", 20, []SortKey{{"dob", false}}, ""}, // an unencoded + arrives as a space
		{"page_sort.0=-score&page_sort.1=dob&page_sort.2=-score", 20, []SortKey{{"score", true}, {"dob", false}}, ""},
		{"page_sort=-password_hash", 0, nil, "page_sort"},
		{"page_size=0", 0, nil, "page_size"},
		{"page_size=ten", 0, nil, "page_size"},
		{"page_bookmark=garbage", 0, nil, "Invalid page_bookmark"},
	}
	for _, tc := range cases {
		pg, err := ParsePage(parseQuery(t, tc.query), 20, 100, sortable, "+entity_name")
		if tc.wantErr != "" {
			badRequestNaming(t, err, tc.wantErr)
			continue
		}
		if err != nil || pg.Size != tc.wantSize || !reflect.DeepEqual(pg.Sort, tc.wantSort) || pg.Bookmark != nil {
			t.Errorf("%q: %+v %v", tc.query, pg, err)
		}
	}
}

func TestBookmarkRefusals(t *testing.T) {
	good := EncodeBookmark("Lovelace, Ada", int64(12))
	pg, err := ParsePage(Params{"page_bookmark": good}, 20, 100, sortable, "entity_name")
	if err != nil || !reflect.DeepEqual(pg.Bookmark, []any{"Lovelace, Ada", int64(12)}) {
		t.Fatalf("good bookmark: %+v %v", pg, err)
	}
	// Flip one character of the payload: the check bytes no longer match.
	tampered := []byte(good)
	if tampered[3] == 'A' {
		tampered[3] = 'B'
	} else {
		tampered[3] = 'A'
	}
	cases := map[string]string{
		"tampered":          string(tampered),
		"garbage":           "%%%",
		"truncated":         good[:len(good)-2],
		"wrong sort length": EncodeBookmark("x", "y", int64(1)),
		"object value":      bookmarkOfPayload(`[{"a":1},1]`),
		"not a list":        bookmarkOfPayload(`{"a":1}`),
		"trailing data":     bookmarkOfPayload(`["x",1] [2]`),
		"huge":              strings.Repeat("A", 5000),
	}
	for name, token := range cases {
		_, err := ParsePage(Params{"page_bookmark": token}, 20, 100, sortable, "entity_name")
		var e *apierr.Error
		if !errors.As(err, &e) || e.APIMessage != "Invalid page_bookmark" || e.Status != 400 {
			t.Errorf("%s: %v", name, err)
		}
	}
	// A well-formed payload with valid check bytes is what the platform itself issues.
	if _, err := ParsePage(Params{"page_bookmark": bookmarkOfPayload(`["x",1]`)}, 20, 100, sortable, "entity_name"); err != nil {
		t.Errorf("valid payload refused: %v", err)
	}
}

// bookmarkOfPayload wraps any payload with valid check bytes, as only a deliberate forger would.
func bookmarkOfPayload(payload string) string {
	sum := sha256.Sum256([]byte(payload))
	return base64.RawURLEncoding.EncodeToString(append([]byte(payload), sum[:bookmarkCheckLen]...))
}

type person struct {
	id    int64
	name  any // string or nil
	dob   any
	score any // float64 or nil
}

// TestKeysetPaging pages through a real table on each dialect, with duplicates and NULLs in every sort
// column, for many sorts and page sizes: every row comes back exactly once, in the order a
// straightforward sort gives (NULLs last, then id).
func TestKeysetPaging(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		if _, err := db.ExecContext(ctx, personTable(db)); err != nil {
			t.Fatal(err)
		}
		names := []any{"Ada", "Bob", "Bob", nil, "Cy", "Ada", "Zed"}
		dobs := []any{"1990-01-01", nil, "1985-06-30", "1990-01-01", nil}
		scores := []any{1.5, 2.0, nil, 1.5, 10.0, -3.0}
		var people []person
		for i := int64(1); i <= 41; i++ {
			p := person{id: i * 3 % 101, name: names[i%7], dob: dobs[i%5], score: scores[i%6]}
			people = append(people, p)
			if _, err := db.ExecContext(ctx, db.Rebind(`INSERT INTO person (id, name, dob, score) VALUES (?, ?, ?, ?)`), p.id, p.name, p.dob, p.score); err != nil {
				t.Fatal(err)
			}
		}
		columns := map[string]string{"entity_name": "name", "dob": "dob", "score": "score"}
		sorts := []string{"+entity_name", "-entity_name", "+dob,-entity_name", "-dob,+score", "-score,-dob,+entity_name", "+score"}
		for _, sortSpec := range sorts {
			for _, size := range []int{1, 2, 3, 7, 50} {
				t.Run(fmt.Sprintf("%s/%d", sortSpec, size), func(t *testing.T) {
					var got []int64
					bookmark := ""
					for pages := 0; ; pages++ {
						if pages > len(people)+1 {
							t.Fatal("paging does not end")
						}
						pg, err := ParsePage(Params{"page_sort": sortSpec, "page_size": fmt.Sprint(size), "page_bookmark": bookmark}, 20, 100, sortable, "entity_name")
						if err != nil {
							t.Fatal(err)
						}
						where, args, orderBy, err := pg.SQL(columns, "id")
						if err != nil {
							t.Fatal(err)
						}
						rows, err := db.QueryContext(ctx, db.Rebind(`SELECT id, name, dob, score FROM person WHERE (`+where+`) ORDER BY `+orderBy+` LIMIT ?`), append(args, pg.Size)...)
						if err != nil {
							t.Fatalf("%v\nWHERE %s\nORDER BY %s", err, where, orderBy)
						}
						n := 0
						for rows.Next() {
							var p person
							if err := rows.Scan(&p.id, &p.name, &p.dob, &p.score); err != nil {
								t.Fatal(err)
							}
							got = append(got, p.id)
							bookmark = pg.BookmarkOf(map[string]any{"entity_name": p.name, "dob": p.dob, "score": p.score}, p.id)
							n++
						}
						rows.Close()
						if n < pg.Size {
							break // the end: fewer items than the page size (spec 3 §4.5)
						}
					}
					if want := expectedOrder(people, sortSpec); !reflect.DeepEqual(got, want) {
						t.Fatalf("got  %v\nwant %v", got, want)
					}
				})
			}
		}
	})
}

// expectedOrder sorts people in Go: by the sort keys with NULLs last, then by id.
func expectedOrder(people []person, spec string) []int64 {
	keys, _ := parseSort([]string{spec}, nil)
	field := func(p person, name string) any {
		switch name {
		case "entity_name":
			return p.name
		case "dob":
			return p.dob
		}
		return p.score
	}
	compare := func(a, b any) int {
		switch {
		case a == nil && b == nil:
			return 0
		case a == nil:
			return 1
		case b == nil:
			return -1
		}
		if x, ok := a.(float64); ok {
			y := b.(float64)
			switch {
			case x < y:
				return -1
			case x > y:
				return 1
			}
			return 0
		}
		return strings.Compare(a.(string), b.(string))
	}
	sorted := append([]person(nil), people...)
	sort.Slice(sorted, func(i, j int) bool {
		for _, k := range keys {
			a, b := field(sorted[i], k.Field), field(sorted[j], k.Field)
			c := compare(a, b)
			if k.Desc && a != nil && b != nil {
				c = -c
			}
			if c != 0 {
				return c < 0
			}
		}
		return sorted[i].id < sorted[j].id
	})
	ids := make([]int64, len(sorted))
	for i, p := range sorted {
		ids[i] = p.id
	}
	return ids
}

func TestPageSQLNeedsAColumnForEverySortField(t *testing.T) {
	pg := Page{Size: 10, Sort: []SortKey{{Field: "dob"}}}
	if _, _, _, err := pg.SQL(map[string]string{"entity_name": "name"}, "id"); err == nil {
		t.Fatal("a sort field without a column was accepted")
	}
}

func TestParsePageDir(t *testing.T) {
	for query, prev := range map[string]bool{"": false, "page_dir=next": false, "page_dir=prev": true, "page_dir=PREV": true, "page_dir=": false} {
		pg, err := ParsePage(parseQuery(t, query), 20, 100, sortable, "+entity_name")
		if err != nil || pg.Prev != prev {
			t.Errorf("%q: Prev %v, %v", query, pg.Prev, err)
		}
	}
	_, err := ParsePage(parseQuery(t, "page_dir=back"), 20, 100, sortable, "+entity_name")
	badRequestNaming(t, err, "page_dir")
}

// page_dir=prev pages backwards through the same table as TestKeysetPaging: from the last
// page (no bookmark), each page is the one before the first item of the page after it, in the
// list's own order, and together they are the whole list, every row once.
func TestKeysetPagingBackwards(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		if _, err := db.ExecContext(ctx, personTable(db)); err != nil {
			t.Fatal(err)
		}
		names := []any{"Ada", "Bob", "Bob", nil, "Cy", "Ada", "Zed"}
		dobs := []any{"1990-01-01", nil, "1985-06-30", "1990-01-01", nil}
		scores := []any{1.5, 2.0, nil, 1.5, 10.0, -3.0}
		var people []person
		for i := int64(1); i <= 41; i++ {
			p := person{id: i * 3 % 101, name: names[i%7], dob: dobs[i%5], score: scores[i%6]}
			people = append(people, p)
			if _, err := db.ExecContext(ctx, db.Rebind(`INSERT INTO person (id, name, dob, score) VALUES (?, ?, ?, ?)`), p.id, p.name, p.dob, p.score); err != nil {
				t.Fatal(err)
			}
		}
		columns := map[string]string{"entity_name": "name", "dob": "dob", "score": "score"}
		// page reads one page and the bookmark of each of its items.
		page := func(t *testing.T, params Params) ([]int64, []string) {
			t.Helper()
			pg, err := ParsePage(params, 20, 100, sortable, "entity_name")
			if err != nil {
				t.Fatal(err)
			}
			where, args, orderBy, err := pg.SQL(columns, "id")
			if err != nil {
				t.Fatal(err)
			}
			rows, err := db.QueryContext(ctx, db.Rebind(`SELECT id, name, dob, score FROM person WHERE (`+where+`) ORDER BY `+orderBy+` LIMIT ?`), append(args, pg.Size)...)
			if err != nil {
				t.Fatalf("%v\nWHERE %s\nORDER BY %s", err, where, orderBy)
			}
			defer rows.Close()
			var read []person
			for rows.Next() {
				var p person
				if err := rows.Scan(&p.id, &p.name, &p.dob, &p.score); err != nil {
					t.Fatal(err)
				}
				read = append(read, p)
			}
			var ids []int64
			var marks []string
			for _, p := range InPageOrder(pg, read) {
				ids = append(ids, p.id)
				marks = append(marks, pg.BookmarkOf(map[string]any{"entity_name": p.name, "dob": p.dob, "score": p.score}, p.id))
			}
			return ids, marks
		}
		for _, sortSpec := range []string{"+entity_name", "-entity_name", "+dob,-entity_name", "-dob,+score", "-score,-dob,+entity_name", "+score"} {
			for _, size := range []int{1, 2, 3, 7, 50} {
				t.Run(fmt.Sprintf("%s/%d", sortSpec, size), func(t *testing.T) {
					want := expectedOrder(people, sortSpec)
					var got []int64
					bookmark := ""
					for pages := 0; ; pages++ {
						if pages > len(people)+1 {
							t.Fatal("paging does not end")
						}
						ids, marks := page(t, Params{"page_sort": sortSpec, "page_size": fmt.Sprint(size), "page_bookmark": bookmark, "page_dir": "prev"})
						got = append(append([]int64(nil), ids...), got...)
						// The same page read forwards, from the item before it, is identical.
						if start := len(want) - len(got); start > 0 && len(ids) > 0 {
							_, before := page(t, Params{"page_sort": sortSpec, "page_size": fmt.Sprint(start), "page_bookmark": ""})
							forward, _ := page(t, Params{"page_sort": sortSpec, "page_size": fmt.Sprint(size), "page_bookmark": before[start-1]})
							if !reflect.DeepEqual(forward[:len(ids)], ids) {
								t.Fatalf("page before %q: %v, forwards %v", bookmark, ids, forward)
							}
						}
						if len(ids) < size {
							break
						}
						bookmark = marks[0]
					}
					if !reflect.DeepEqual(got, want) {
						t.Fatalf("got  %v\nwant %v", got, want)
					}
				})
			}
		}
	})
}

// personTable creates the paged table; score is a double on both dialects (PostgreSQL's REAL
// is single precision).
func personTable(db *store.DB) string {
	score := "REAL"
	if db.Dialect == store.Postgres {
		score = "DOUBLE PRECISION"
	}
	return `CREATE TABLE person (id INTEGER PRIMARY KEY, name TEXT, dob TEXT, score ` + score + `)`
}

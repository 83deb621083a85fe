package messages_test

import (
	"net/http"
	"net/url"
	"slices"
	"testing"

	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// seq is from, from-step ... down (or up) to to.
func seq(from, to int, keep func(int) bool) []int {
	var out []int
	step := 1
	if from > to {
		step = -1
	}
	for i := from; ; i += step {
		if keep == nil || keep(i) {
			out = append(out, i)
		}
		if i == to {
			return out
		}
	}
}

// The folder queries of spec 3 §7.1 on Alice's 45 documents (see the fixture): received, sent,
// important, unread counts, and the other filters.
func TestListFoldersAndFilters(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		notFifth := func(i int) bool { return i%5 != 0 }
		for _, c := range []struct {
			name, query string
			want        []int
		}{
			// Newest first, 20 a page: 45 down to 26 (the file note 46 is not the client's to see).
			{"default", "", seq(45, 26, nil)},
			// Inbox: everything but her own messages; the first 20 of 36.
			{"received", "docsubtype_exclude=Client+Initiated", seq(45, 1, notFifth)[:20]},
			// Sent: her 9 messages.
			{"sent", "docsubtype=Client+Initiated", seq(45, 5, func(i int) bool { return i%5 == 0 })},
			// Important only: every 7th.
			{"important", "categories.0=1&page_size=20", []int{42, 35, 28, 21, 14, 7}},
			// Unread count as the folder list asks it: 15 unread (every 3rd), fewer than 21.
			{"unread count", "page_size=21&firstread.include_read_notes=false", seq(45, 3, func(i int) bool { return i%3 == 0 })},
			// Inbox unread: every 3rd that is not every 5th: 42, 39, 36, 33, 27, 24, 21, 18, 12, 9, 6, 3.
			{"received unread", "page_size=21&firstread.include_read_notes=false&docsubtype_exclude=Client+Initiated",
				[]int{42, 39, 36, 33, 27, 24, 21, 18, 12, 9, 6, 3}},
			{"subject wildcard, any case", "subject=" + url.QueryEscape("DOCUMENT 4*"), []int{45, 44, 43, 42, 41, 40}},
			{"subject contains", "subject=t+07", []int{7}},
			{"subject with a literal percent", "subject=" + url.QueryEscape("%"), []int{}},
			// Created 10, 11 and 12 January: documents 9, 10 and 11 (1 January plus i days).
			{"dates", "date_from=2026-01-10&date_to=2026-01-12", []int{11, 10, 9}},
			{"doctype", "doctype.0=TAX", []int{44, 33, 22, 11}},
			{"doctype exclude", "doctype_exclude.0=LETTER&doctype_exclude.1=MESSAGE", []int{44, 33, 22, 11}},
			{"oldest first", "page_sort=created_date&page_size=3", []int{1, 2, 3}},
			{"by subject descending", "page_sort=-subject&page_size=2", []int{45, 44}},
			{"by reference date", "page_sort=reference_date&page_size=2", []int{1, 2}},
			// Bob's documents: Alice holds view_partner and Bob is login_accessible.
			{"partner's", "entity_ids.0=1002", []int{47}},
		} {
			got := ids(f.list(t, "alice", c.query))
			if !slices.Equal(got, c.want) && !(len(got) == 0 && len(c.want) == 0) {
				t.Errorf("%s: got %v, want %v", c.name, got, c.want)
			}
		}
		// 21 is the cap the badge reads '(20+)' from: with all 45 unread the count stops there.
		testdb.MustExec(t, db, `UPDATE docnote SET firstread = NULL`)
		if got := f.list(t, "alice", "page_size=21&firstread.include_read_notes=false"); len(got) != 21 {
			t.Errorf("unread count with 45 unread: %d items, want 21", len(got))
		}
		for query, want := range map[string]string{
			"page_sort=price":       "Invalid page_sort",
			"page_bookmark=garbage": "Invalid page_bookmark",
			"date_from=yesterday":   "",
		} {
			a := f.get(t, "alice", "docnote-v2?"+query)
			if a.code != http.StatusBadRequest {
				t.Errorf("%s: %d %s, want 400", query, a.code, a.raw)
			}
			if want != "" && !containsMessage(a.raw, want) {
				t.Errorf("%s: %s, want %q", query, a.raw, want)
			}
		}
	})
}

func containsMessage(raw, msg string) bool { return stringsContains(raw, `"api_message":"`+msg+`"`) }

// Walking the list by bookmark gives every item once, in order, whatever the sort and page size.
func TestListPagingByBookmark(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		for _, c := range []struct {
			sort string
			size int
			want []int
		}{
			{"-created_date", 20, seq(45, 1, nil)},
			{"subject", 7, seq(1, 45, nil)},
			{"-reference_date", 16, seq(45, 1, nil)},
		} {
			var got []int
			bookmark := ""
			for pages := 0; pages < 20; pages++ {
				q := url.Values{"page_sort": {c.sort}, "page_size": {itoa(c.size)}}
				if bookmark != "" {
					q.Set("page_bookmark", bookmark)
				}
				page := f.list(t, "alice", q.Encode())
				got = append(got, ids(page)...)
				if len(page) < c.size {
					break
				}
				bookmark = page[len(page)-1]["bookmark"].(string)
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("%s by %d: got %v, want %v", c.sort, c.size, got, c.want)
			}
		}
	})
}

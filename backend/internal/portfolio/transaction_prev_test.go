package portfolio_test

import (
	"fmt"
	"net/url"
	"slices"
	"testing"
	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// page_dir=prev pages transactions backwards: from the last page (no bookmark), each page is
// the one before the first item of the page after it, in the list's own order, across
// accounts and in both sort directions; together they are the whole list.
func TestTransactionPagingBackwards(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		newest := truth(t, f, `SELECT id FROM txn WHERE account_id IN (21, 31) ORDER BY trade_date DESC, id DESC`)
		oldest := truth(t, f, `SELECT id FROM txn WHERE account_id IN (21, 31) ORDER BY trade_date, id`)
		for _, tc := range []struct {
			path string
			want []int64
		}{
			{"portfolio/transaction?accountid=21&accountid=31", newest},
			{"portfolio/transaction?accountid=21&accountid=31&sort_type=2", oldest},
		} {
			for _, size := range []int{1, 7, 200} {
				var walked []int64
				bookmark := ""
				for pages := 0; ; pages++ {
					if pages > len(tc.want)+1 {
						t.Fatalf("%s size %d: paging does not end", tc.path, size)
					}
					p := fmt.Sprintf("%s&page_dir=prev&page_size=%d", tc.path, size)
					if bookmark != "" {
						p += "&page_bookmark=" + url.QueryEscape(bookmark)
					}
					var list []item
					f.getOK(t, "bob", p, &list)
					var ids []int64
					for _, tx := range list {
						ids = append(ids, int64(tx["id"].(float64)))
					}
					walked = append(ids, walked...)
					if start := len(tc.want) - len(walked); start < 0 || !slices.Equal(tc.want[start:start+len(ids)], ids) {
						t.Fatalf("%s size %d: page %v is not the list's items there", tc.path, size, ids)
					}
					if len(list) < size {
						break
					}
					bookmark = list[0]["bookmark"].(string)
				}
				if !slices.Equal(walked, tc.want) {
					t.Fatalf("%s size %d: walked %d items, want %d", tc.path, size, len(walked), len(tc.want))
				}
			}
		}
	})
}

package firmdata

import (
	"context"
	"strings"
	"testing"

	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// The synthetic firm's first client has the busy inbox, loaded on each dialect: 5,000 messages,
// every 7th its own (i = 3, 10 ... < 5000: 714), every 50th important (100), unread the newest
// 30 and every 97th after them (i = 97k for k = 1..51, none of them below 30: 51), so 81.
func TestSyntheticBusyInbox(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := Synthetic(4, 1, synthToday)
		if _, err := Load(context.Background(), db, f, LoadOptions{HashCost: 4}); err != nil {
			t.Fatal(err)
		}
		client1 := `(SELECT entity_id FROM app_user WHERE username = 'client1')`
		for _, c := range []struct {
			what, where string
			want        int
		}{
			{"messages", "1=1", 5000},
			{"sent", "docsubtype = 'Client Initiated' AND sender = 'client'", 714},
			{"important", "category_id IS NOT NULL", 100},
			{"unread", "firstread IS NULL", 81},
		} {
			if got := count(t, db, `SELECT COUNT(*) FROM docnote WHERE entity_id = `+client1+` AND `+c.where); got != c.want {
				t.Errorf("%s: %d, want %d", c.what, got, c.want)
			}
		}
		if got := count(t, db, `SELECT COUNT(*) FROM docnote WHERE entity_id <> `+client1); got != 0 {
			t.Errorf("%d messages of other clients", got)
		}
	})
}

// A message must name a known client, have a subject and an RFC 3339 time.
func TestMessagesValidated(t *testing.T) {
	f := smallFirm(t)
	f.Messages = []Message{{Client: "nobody", Subject: "", Created: "yesterday"}}
	var got []string
	for _, p := range Validate(f) {
		if strings.HasPrefix(p.Path, "messages[0]") {
			got = append(got, p.String())
		}
	}
	if len(got) != 3 {
		t.Errorf("problems: %q", got)
	}
}

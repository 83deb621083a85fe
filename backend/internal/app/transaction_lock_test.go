package app

import (
	"context"
	"net/http"
	"strconv"
	"testing"
	"time"

	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// An open platform transaction holds no database lock between its requests (issue 10): while
// one user has a write waiting in a transaction, another user's login, which writes session
// rows, goes ahead. The transaction is opened against the platform directly, as any platform
// client could, in both modes. The deadline only turns a login stuck behind a lock (the
// store's 10 s busy timeout, then a 500) into a failure; nothing here measures speed.
func TestOpenTransactionDoesNotDelayAnotherLogin(t *testing.T) {
	t.Parallel()
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		eachPlatformMode(t, dialect, func(t *testing.T, h *harness) {
			ctx := context.Background()
			token, su, err := h.app.Platform.SignIn(ctx, "demo.client", "DemoClient#2026")
			if err != nil {
				t.Fatal(err)
			}
			var tx string // the id, a bare JSON string as XPLAN answers it
			if err := h.app.Platform.Do(ctx, token, http.MethodPost, "session/transaction", nil, &tx); err != nil || tx == "" {
				t.Fatalf("begin: %v %q", err, tx)
			}
			client := "entity/client-v3/" + strconv.FormatInt(su.EntityID, 10)
			var before map[string]any
			if err := h.app.Platform.Do(ctx, token, http.MethodGet, client, nil, &before); err != nil {
				t.Fatal(err)
			}
			flipped := map[any]string{"0": "1", "1": "0"}[before["comm_pref_sms"]]
			if flipped == "" {
				t.Fatalf("comm_pref_sms: %v", before["comm_pref_sms"])
			}
			if err := h.app.Platform.Do(ctx, token, http.MethodPatch, client+"?_transaction="+tx,
				map[string]any{"comm_pref_sms": flipped}, nil); err != nil {
				t.Fatalf("write in the transaction: %v", err)
			}

			done := make(chan answer, 1)
			go func() { done <- h.login("demo.assets", "DemoAssets#2026") }()
			select {
			case a := <-done:
				if a.code != http.StatusOK || a.body["loginStatus"] != "LoginSuccess" {
					t.Fatalf("login while another user's transaction is open: %d %s", a.code, a.raw)
				}
			case <-time.After(5 * time.Second):
				t.Fatal("login still waiting for another user's open transaction after 5 s")
			}

			// The transaction is still whole: its write lands at commit.
			if err := h.app.Platform.Do(ctx, token, http.MethodPost, "session/transaction/"+tx+"?_method=commit", nil, nil); err != nil {
				t.Fatalf("commit: %v", err)
			}
			var after map[string]any
			if err := h.app.Platform.Do(ctx, token, http.MethodGet, client, nil, &after); err != nil || after["comm_pref_sms"] != flipped {
				t.Fatalf("after commit: %v %v", err, after["comm_pref_sms"])
			}
		})
	})
}

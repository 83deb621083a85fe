package entities

import (
	"encoding/json"
	"net/http"
	"strconv"
	"testing"

	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

// termsIDs are the ids of the committed acceptances, read outside any transaction, in order.
func termsIDs(t *testing.T, e *testEnv) []int64 {
	t.Helper()
	rows, err := e.db.Query(`SELECT id FROM terms_acceptance ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	var ids []int64
	if err := store.ScanAll(rows, func() error {
		var id int64
		ids = append(ids, id)
		return rows.Scan(&ids[len(ids)-1])
	}); err != nil {
		t.Fatal(err)
	}
	return ids
}

// beginTx opens a platform write transaction as username.
func (e *testEnv) beginTx(username string) string {
	e.t.Helper()
	code, body := e.call(username, http.MethodPost, "session/transaction", nil)
	var id string
	if code != http.StatusCreated || json.Unmarshal([]byte(body), &id) != nil {
		e.t.Fatalf("begin as %s: %d %s", username, code, body)
	}
	return id
}

// acceptTermsAs records an acceptance of the firm's terms by username's client, in the
// transaction tx when it is not empty, and answers the status and the acceptance's id.
func (e *testEnv) acceptTermsAs(username string, client int, tx string) (int, int64) {
	e.t.Helper()
	body := map[string]any{"content": firmTerms, "agreed_date": "2026-11-22", "desc": LoginDisclaimer}
	if tx != "" {
		body["_transaction"] = tx
	}
	code, got := e.call(username, http.MethodPost, "entity/client-v3/"+strconv.Itoa(client)+"/terms_and_conditions", body)
	var rec TermsAcceptance
	json.Unmarshal([]byte(got), &rec)
	return code, rec.ID
}

// A platform write transaction that records a terms acceptance reads its own write, commits,
// and the committed row has the id the transaction first answered, on both dialects. On
// PostgreSQL the acceptance is replayed with that id (a sequence value never comes back);
// before, every replay took a new one and the transaction answered 409 at its next request.
func TestAcceptTermsInTransaction(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		e := newTestEnv(t, dialect)
		setFirmTerms(t, e, firmTerms)
		tx := e.beginTx("eleanor")
		code, first := e.acceptTermsAs("eleanor", eleanor, tx)
		if code != http.StatusCreated || first == 0 {
			t.Fatalf("accept in the transaction: %d id %d", code, first)
		}
		if ids := termsIDs(t, e); len(ids) != 0 {
			t.Fatalf("uncommitted acceptance visible outside: %v", ids)
		}
		// The next requests replay the acceptance: a read, and a second write that sees it.
		if code, body := e.call("eleanor", http.MethodGet, "entity/client-v3/1001?_transaction="+tx, nil); code != http.StatusOK {
			t.Fatalf("read in the transaction: %d %s", code, body)
		}
		if code, body := e.call("eleanor", http.MethodPut, "entity/client-v3/1001", map[string]any{"comm_pref_email": 0, "_transaction": tx}); code != http.StatusOK {
			t.Fatalf("second write in the transaction: %d %s", code, body)
		}
		if code, body := e.call("eleanor", http.MethodPost, "session/transaction/"+tx+"?_method=commit", nil); code != http.StatusNoContent {
			t.Fatalf("commit: %d %s", code, body)
		}
		if ids := termsIDs(t, e); len(ids) != 1 || ids[0] != first {
			t.Fatalf("committed acceptances %v, want the one first answered, %d", ids, first)
		}
		var email string
		if err := e.db.QueryRow(`SELECT comm_pref_email FROM entity WHERE id = 1001`).Scan(&email); err != nil || email != "0" {
			t.Fatalf("the second write did not land with the first: %q %v", email, err)
		}
		// A later acceptance outside any transaction takes a new id and replaces it.
		if code, later := e.acceptTermsAs("eleanor", eleanor, ""); code != http.StatusCreated || later <= first {
			t.Fatalf("acceptance after the commit: %d id %d, want above %d", code, later, first)
		}

		// Rolled back, nothing lands.
		before := termsIDs(t, e)
		tx = e.beginTx("eleanor")
		if code, _ := e.acceptTermsAs("eleanor", eleanor, tx); code != http.StatusCreated {
			t.Fatalf("accept in the second transaction: %d", code)
		}
		if code, body := e.call("eleanor", http.MethodDelete, "session/transaction/"+tx, nil); code != http.StatusNoContent {
			t.Fatalf("rollback: %d %s", code, body)
		}
		if ids := termsIDs(t, e); len(ids) != 1 || ids[0] != before[0] {
			t.Fatalf("after the rollback %v, want %v", ids, before)
		}
	})
}

// Another client's acceptance recorded outside the transaction, between its requests: on
// PostgreSQL it gets another id (the transaction's was taken from the sequence and is never
// handed out again) and both commit; on SQLite the rolled-back rowid is handed to the other
// client, so the transaction's id changed and its commit is still a 409.
func TestAcceptTermsInTransactionBesideAnother(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		e := newTestEnv(t, dialect)
		setFirmTerms(t, e, firmTerms)
		tx := e.beginTx("eleanor")
		_, mine := e.acceptTermsAs("eleanor", eleanor, tx)
		code, carols := e.acceptTermsAs("carol", carol, "")
		if code != http.StatusCreated {
			t.Fatalf("carol's acceptance: %d", code)
		}
		code, body := e.call("eleanor", http.MethodPost, "session/transaction/"+tx+"?_method=commit", nil)
		if dialect == store.SQLite {
			if carols != mine || code != http.StatusConflict {
				t.Fatalf("SQLite: carol got id %d (the transaction's %d); commit %d %s, want 409", carols, mine, code, body)
			}
			if ids := termsIDs(t, e); len(ids) != 1 || ids[0] != carols {
				t.Fatalf("SQLite: committed %v, want only carol's %d", ids, carols)
			}
			return
		}
		if carols == mine || code != http.StatusNoContent {
			t.Fatalf("PostgreSQL: carol got id %d, the transaction %d; commit %d %s, want 204", carols, mine, code, body)
		}
		if ids := termsIDs(t, e); len(ids) != 2 || ids[0] != mine || ids[1] != carols {
			t.Fatalf("PostgreSQL: committed %v, want [%d %d]", ids, mine, carols)
		}
	})
}

// The same client agreeing again outside the transaction, between its requests: one record of
// the version is kept either way. On PostgreSQL the transaction's commit lands its acceptance
// with the id first answered, lower than the one recorded meanwhile, and replaces that one
// (the DELETE of older ids alone left both); on SQLite the id was handed out again: a 409.
func TestAcceptTermsInTransactionBesideOwnAcceptance(t *testing.T) {
	testdb.EachDialect(t, func(t *testing.T, dialect store.Dialect) {
		e := newTestEnv(t, dialect)
		setFirmTerms(t, e, firmTerms)
		tx := e.beginTx("eleanor")
		_, mine := e.acceptTermsAs("eleanor", eleanor, tx)
		_, outside := e.acceptTermsAs("eleanor", eleanor, "")
		code, body := e.call("eleanor", http.MethodPost, "session/transaction/"+tx+"?_method=commit", nil)
		want, wantCode := mine, http.StatusNoContent
		if dialect == store.SQLite {
			want, wantCode = outside, http.StatusConflict
		}
		if code != wantCode {
			t.Fatalf("commit: %d %s, want %d", code, body, wantCode)
		}
		if ids := termsIDs(t, e); len(ids) != 1 || ids[0] != want {
			t.Fatalf("committed %v (transaction %d, outside %d), want only %d", ids, mine, outside, want)
		}
	})
}

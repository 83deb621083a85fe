package signatures_test

import (
	"net/http"
	"testing"

	"wealthportal/backend/internal/store"
	"wealthportal/backend/internal/testkit/testdb"
)

func TestListGivesTheViewersRequestsNewestNotifiedFirst(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		var items []map[string]any
		f.ok(t, "alice", http.MethodGet, "digital_signature?page_size=100&page_sort=-last_notified_at", nil, &items)
		var ids []float64
		for _, it := range items {
			ids = append(ids, it["id"].(float64))
		}
		// Notified at start + (id - 48) hours (10: 25 Nov 14:03:07 - 38 h = 24 Nov 00:03:07): 15 newest,
		// then 12, 11, 10. Dora's 13 and
		// Grace's 14 are not Alice's.
		if want := []float64{15, 12, 11, 10}; !equal(ids, want) {
			t.Fatalf("ids %v, want %v", ids, want)
		}
		first := items[3]
		for key, want := range map[string]any{"filename": "Suitability report 2026.pdf", "duedate": "2026-12-16", "status": float64(4),
			"terms_and_conds": "Northwind terms.", "last_notified_at": "2026-11-24T00:03:07Z", "docnote_id": nil, "secure_data": "sd-Suitability report 2026.pdf"} {
			if first[key] != want {
				t.Errorf("%s = %v, want %v", key, first[key], want)
			}
		}
		if items[0]["duedate"] != nil {
			t.Errorf("a request with no due date: duedate %v, want null", items[0]["duedate"])
		}
		f.ok(t, "alice", http.MethodGet, "digital_signature?status=4", nil, &items)
		if len(items) != 2 {
			t.Errorf("status=4: %d items, want 2 (10 and 11)", len(items))
		}
		if msg := f.apiMessage(t, "alice", http.MethodGet, "digital_signature?page_sort=filename", nil, 400); msg != "Invalid page_sort" {
			t.Errorf("page_sort=filename: %q", msg)
		}
		// Bob sees the joint letter, where he is a signatory, and nothing of Alice's own.
		f.ok(t, "bob", http.MethodGet, "digital_signature", nil, &items)
		if len(items) != 1 || items[0]["id"] != float64(11) {
			t.Errorf("bob's list %v, want only 11", items)
		}
	})
}

func TestSignatoriesMaskThePhone(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		var list []map[string]any
		f.ok(t, "alice", http.MethodGet, "digital_signature/11/signatories", nil, &list)
		if len(list) != 2 {
			t.Fatalf("%d signatories, want 2", len(list))
		}
		want := map[string]any{"id": float64(71), "entityid": float64(1001), "entity_name": "Archer, Alice",
			"entity_phone": "+44 ••• ••• 417", "can_sign": true, "signed_at": nil, "signing_method": nil}
		for k, v := range want {
			if list[0][k] != v {
				t.Errorf("%s = %v, want %v", k, list[0][k], v)
			}
		}
		f.ok(t, "alice", http.MethodGet, "digital_signature/12/signatories", nil, &list)
		if list[0]["signing_method"] != float64(1) || list[0]["signed_at"] != "2025-05-20T10:00:00Z" {
			t.Errorf("a signed signatory: %v", list[0])
		}
	})
}

func TestSettingsGiveTermsAndTemplates(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		var st map[string]any
		f.ok(t, "alice", http.MethodGet, "sysadmin/digital_signature-v2", nil, &st)
		if st["terms_and_conditions"] != "Northwind terms." || st["sign_template_id"] != "tmpl-sign" || st["decline_template_id"] != nil {
			t.Errorf("firm 1 settings %v", st)
		}
		// Firm 2 has none: the default terms, no templates.
		f.ok(t, "grace", http.MethodGet, "sysadmin/digital_signature-v2", nil, &st)
		if st["terms_and_conditions"] == "" || st["sign_template_id"] != nil {
			t.Errorf("firm 2 settings %v", st)
		}
	})
}

func TestAnotherClientsRequestAnswersLikeAMissingOne(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		missing := f.call(t, "alice", http.MethodGet, "digital_signature/999/signatories", nil)
		if missing.Code != 404 {
			t.Fatalf("missing: %d", missing.Code)
		}
		for _, c := range []struct{ user, method, path string }{
			{"grace", http.MethodGet, "digital_signature/10/signatories"},
			{"dora", http.MethodGet, "digital_signature/10/signatories"},
			{"grace", http.MethodGet, "digital_signature/content/10/Suitability%20report%202026.pdf"},
			{"grace", http.MethodPost, path(10, 70, "generate_code")},
			{"grace", http.MethodPost, path(10, 70, "sign")},
			// Alice's request, but another request's signatory, or another person's.
			{"alice", http.MethodPost, path(10, 74, "generate_code")},
			{"alice", http.MethodPost, path(11, 72, "generate_code")},
			{"alice", http.MethodPost, path(11, 72, "sign")},
			// The right request with another filename.
			{"alice", http.MethodGet, "digital_signature/content/10/other.pdf"},
		} {
			rec := f.call(t, c.user, c.method, c.path, map[string]any{})
			if c.method == http.MethodGet {
				rec = f.call(t, c.user, c.method, c.path, nil)
			}
			if rec.Code != 404 || rec.Body.String() != missing.Body.String() {
				t.Errorf("%s %s as %s: %d %s, want the missing answer", c.method, c.path, c.user, rec.Code, rec.Body.String())
			}
		}
		if n := len(f.out.all()); n != 0 {
			t.Errorf("%d messages sent", n)
		}
	})
}

func TestAdviserReadsInContextAndNeverWrites(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		if msg := f.apiMessage(t, "ann", http.MethodGet, "digital_signature", nil, 403); msg != "I am not a clientUser and no client in context" {
			t.Errorf("no client in context: %q", msg)
		}
		f.ok(t, "ann", http.MethodPut, "session/client_context/1001", map[string]any{}, nil)
		var items []map[string]any
		f.ok(t, "ann", http.MethodGet, "digital_signature", nil, &items)
		if len(items) != 4 {
			t.Errorf("in context: %d items, want Alice's 4", len(items))
		}
		f.ok(t, "ann", http.MethodGet, "digital_signature/10/signatories", nil, nil)
		for _, action := range []string{"generate_code", "sign"} {
			if rec := f.call(t, "ann", http.MethodPost, path(10, 70, action), signBody(1, "x", "123456")); rec.Code != 403 {
				t.Errorf("adviser %s: %d %s, want 403", action, rec.Code, rec.Body.String())
			}
		}
		if n := len(f.out.all()); n != 0 {
			t.Errorf("%d messages sent", n)
		}
	})
}

func TestContentIsThePDFInline(t *testing.T) {
	testdb.EachDB(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		rec := f.call(t, "alice", http.MethodGet, "digital_signature/content/10/Suitability%20report%202026.pdf", nil)
		if rec.Code != 200 {
			t.Fatalf("%d %s", rec.Code, rec.Body.String())
		}
		for k, v := range map[string]string{"Content-Type": "application/pdf", "Content-Disposition": "inline", "X-Content-Type-Options": "nosniff"} {
			if got := rec.Header().Get(k); got != v {
				t.Errorf("%s: %q, want %q", k, got, v)
			}
		}
		if string(rec.Body.Bytes()) != string(f.original) {
			t.Error("not the stored PDF")
		}
	})
}

func equal(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
